package org.ndprim.processor.write;

import static org.ndprim.processor.write.RuntimeNames.LONG_ND_ARRAY;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;

/**
 * The reductions over several axes ({@code sum}, {@code prod}, {@code min}, {@code max},
 * {@code mean}, {@code var}, {@code std}, {@code any}, {@code all}, {@code countNonzero}, with
 * {@code keepdims}), the accumulations ({@code cumsum}, {@code cumprod}) and {@code keepdims} for
 * {@code argMin}/{@code argMax}: default methods of {@code <name>NdArray}, each one call into the
 * runtime's {@code org.ndprim.Reduce}, which holds the axis arithmetic, the dtype choice and the
 * loops once for every type (reading an array over a Java {@code double[]} or {@code long[]} of
 * its own values in place, through {@code StridedNdArray.storage()}). Not for complex types; {@code boolean} gets the extremes, {@code any}, {@code all}
 * and {@code countNonzero}, not the arithmetic ones (as its {@code sum()}).
 */
final class AxisReductions {
  private static final ClassName REDUCE = ClassName.get("org.ndprim", "Reduce");
  private static final ClassName DOUBLE_ND_ARRAY = ClassName.get("org.ndprim", "DoubleNdArray");
  private static final ClassName BOOLEAN_ND_ARRAY = ClassName.get("org.ndprim", "BooleanNdArray");

  private AxisReductions() {}

  /** The default methods of {@code <name>NdArray}. */
  static List<MethodSpec> declarations(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isComplex()) {
      return out;
    }
    ClassName sum = model.sumArray();
    ClassName mean = model.sumsPairwise() ? sum : DOUBLE_ND_ARRAY;
    String dtypeDoc = "in NumPy's accumulating dtype (" + simple(sum) + ")";
    boolean arithmetic = model.isNumeric();
    if (arithmetic) {
      out.addAll(axisForms("sum", sum, CodeBlock.of("$T.sum(this, $T.class, keepdims, axes)",
          REDUCE, sum), "the sums over {@code axes}, as NumPy's {@code sum(axis, keepdims)}, "
          + dtypeDoc + " (0 where nothing is\nsummed)" + (model.sumsPairwise()
              ? ". The sums are NumPy's pairwise sums in NumPy's order, so a C-contiguous\narray"
                  + " sums to {@code np.sum}'s bit for bit (other layouts within the pairwise error"
                  + "\nbound; see {@code Reduce})"
              : "; integers wrap"), false));
      out.add(scalar("prod", model.sumType(), sum, "the product of the elements, as NumPy's"
          + " {@code prod()}, " + dtypeDoc + ": 1 for an\nempty array; integers wrap"));
      out.addAll(axisForms("prod", sum, CodeBlock.of("$T.prod(this, $T.class, keepdims, axes)",
          REDUCE, sum), "the products over {@code axes}, as NumPy's {@code prod(axis, keepdims)},"
          + " " + dtypeDoc + ",\nmultiplied in order (1 where nothing is multiplied; integers"
          + " wrap)", false));
    }
    for (boolean max : new boolean[] {false, true}) {
      String name = max ? "max" : "min";
      out.addAll(axisForms(name, model.arrayInterface(), CodeBlock.of(
          "$T.extreme(this, $T.class, $L, keepdims, axes)", REDUCE, model.arrayInterface(), max),
          "the " + (max ? "maxima" : "minima") + " over {@code axes}, as NumPy's {@code " + name
          + "(axis, keepdims)}" + (model.hasNaN() ? " (a NaN propagates)" : "")
          + model.orderingDoc(), true));
      out.add(argKeepdims(max));
    }
    if (arithmetic) {
      out.addAll(axisForms("mean", mean, CodeBlock.of("$T.mean(this, $T.class, keepdims, axes)",
          REDUCE, mean), "the means over {@code axes}, as NumPy's {@code mean(axis, keepdims)}, in "
          + simple(mean) + (model.sumsPairwise() ? "" : " (summed in float64)")
          + ": NaN where nothing is\naveraged (NumPy also warns \"Mean of empty slice\")", false));
      for (boolean std : new boolean[] {false, true}) {
        out.addAll(variance(model, mean, std));
      }
    }
    for (boolean all : new boolean[] {false, true}) {
      String name = all ? "all" : "any";
      out.add(scalar(name, TypeName.BOOLEAN, BOOLEAN_ND_ARRAY, "whether " + (all ? "every"
          : "any") + " element is nonzero, as NumPy's {@code " + name + "()}: "
          + (all ? "true" : "false") + " for an\nempty array (NaN is nonzero)"));
      out.addAll(axisForms(name, BOOLEAN_ND_ARRAY, CodeBlock.of(
          "$T.anyAll(this, $L, keepdims, axes)", REDUCE, all), "whether " + (all ? "every"
          : "any") + " element over {@code axes} is nonzero, as NumPy's {@code " + name
          + "(axis,\nkeepdims)} (" + all + " where there is none)", false));
    }
    out.add(scalar("countNonzero", TypeName.LONG, LONG_ND_ARRAY, "the number of nonzero"
        + " elements, as NumPy's {@code count_nonzero()} (NaN is\nnonzero)"));
    out.addAll(axisForms("countNonzero", LONG_ND_ARRAY, CodeBlock.of(
        "$T.countNonzero(this, keepdims, axes)", REDUCE), "the numbers of nonzero elements over"
        + " {@code axes}, as NumPy's {@code count_nonzero(axis,\nkeepdims)}", false));
    for (boolean prod : new boolean[] {false, true}) {
      if (arithmetic) {
        out.addAll(cumulative(sum, prod));
      }
    }
    return out;
  }

  /** NumPy's name of a result array type's dtype, e.g. {@code int64} for {@code LongNdArray}. */
  private static String simple(ClassName c) {
    String s = c.simpleName();
    String name = s.substring(0, s.length() - "NdArray".length());
    switch (name) {
      case "Long":
        return "{@code int64}";
      case "Double":
        return "{@code float64}";
      case "Float":
        return "{@code float32}";
      default:
        return "{@code " + name.toLowerCase() + "}";
    }
  }

  private static String getter(ClassName c) {
    String s = c.simpleName();
    return "get" + s.substring(0, s.length() - "NdArray".length());
  }

  private static MethodSpec.Builder defaultMethod(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .returns(returns);
  }

  /** {@code name()}: the whole-array reduction as a scalar, through the 0-d array form. */
  private static MethodSpec scalar(String name, TypeName returns, ClassName array, String doc) {
    return defaultMethod(name, returns)
        .addJavadoc("Returns $L.\n\n@return the result\n", doc)
        .addStatement("return $N(false).$N()", name, getter(array))
        .build();
  }

  private static ParameterSpec axesParameter() {
    return ParameterSpec.builder(ArrayTypeName.of(TypeName.INT), "axes").build();
  }

  private static String axesDoc() {
    return "@param axes the reduced axes, each in {@code [-rank(), rank())} (negative from the"
        + " end); none for\n    every axis (NumPy's {@code axis=None}; NumPy's {@code axis=()},"
        + " no axis, has no spelling here)\n";
  }

  private static String throwsDoc(boolean identity, String name) {
    String s = "@throws IndexOutOfBoundsException if an axis is out of range (\"axis 2 is out of"
        + " bounds for array of\n    dimension 2\")\n@throws IllegalArgumentException if an axis"
        + " is given twice (\"duplicate value in 'axis'\")\n";
    if (identity) {
      s += "@throws IllegalStateException if the reduced axes hold no element while the result has"
          + " some\n    (\"zero-size array to reduction operation " + ("max".equals(name)
          ? "maximum" : "minimum") + " which has no identity\")\n";
    }
    return s;
  }

  /** {@code name(int... axes)} and {@code name(boolean keepdims, int... axes)}. */
  private static List<MethodSpec> axisForms(String name, ClassName returns, CodeBlock call,
      String doc, boolean identity) {
    String shapeDoc = "\n\n<p>The result has this shape without the reduced axes, or with each of"
        + " length 1 when\n{@code keepdims} (it then broadcasts against this array); over every"
        + " axis without {@code keepdims}\nit has rank 0.\n\n";
    MethodSpec keep = defaultMethod(name, returns)
        .addParameter(TypeName.BOOLEAN, "keepdims")
        .addParameter(axesParameter())
        .varargs(true)
        .addJavadoc("Returns $L.$L", doc, shapeDoc)
        .addJavadoc("@param keepdims whether the reduced axes stay, of length 1\n")
        .addJavadoc(axesDoc())
        .addJavadoc("@return a new array\n")
        .addJavadoc(throwsDoc(identity, name))
        .addStatement("return $L", call)
        .build();
    MethodSpec plain = defaultMethod(name, returns)
        .addParameter(axesParameter())
        .varargs(true)
        .addJavadoc("Returns $L, without {@code keepdims}: {@link #$N(boolean, int...)}.\n\n",
            doc, name)
        .addJavadoc(axesDoc())
        .addJavadoc("@return a new array of this shape without the reduced axes\n")
        .addJavadoc(throwsDoc(identity, name))
        .addStatement("return $N(false, axes)", name)
        .build();
    return List.of(plain, keep);
  }

  private static List<MethodSpec> variance(ScalarModel model, ClassName mean, boolean std) {
    String name = std ? "std" : "var";
    String what = std ? "standard deviation" : "variance";
    String doc = "the " + what + "s over {@code axes}, as NumPy's {@code " + name + "(axis, ddof,"
        + " keepdims)}, in " + simple(mean) + ":\nas NumPy's {@code _var}, the mean, then the"
        + " sum of the squared deviations from it, each step in\n"
        + (model.sumsPairwise() ? "this dtype's arithmetic" : "float64")
        + ", divided by {@code max(n - ddof, 0)} for {@code n} elements reduced (NaN where"
        + "\nnothing is reduced; NaN or infinity when {@code ddof >= n}, where NumPy also warns)"
        + (std ? "; then the square root" : "");
    List<MethodSpec> out = new ArrayList<>();
    out.add(defaultMethod(name, model.meanType())
        .addJavadoc("Returns the $L of the elements, as NumPy's {@code $L()} ({@code ddof} 0):"
            + " {@link #$N(double, boolean, int...)}\nover every axis.\n\n@return the $L\n",
            what, name, name, what)
        .addStatement("return $N(0, false).$N()", name, getter(mean))
        .build());
    out.add(defaultMethod(name, mean)
        .addParameter(axesParameter())
        .varargs(true)
        .addJavadoc("Returns the $Ls over {@code axes} with {@code ddof} 0, without"
            + " {@code keepdims}:\n{@link #$N(double, boolean, int...)}.\n\n", what, name)
        .addJavadoc(axesDoc())
        .addJavadoc("@return a new array of this shape without the reduced axes\n")
        .addJavadoc(throwsDoc(false, name))
        .addStatement("return $N(0, false, axes)", name)
        .build());
    out.add(defaultMethod(name, mean)
        .addParameter(TypeName.BOOLEAN, "keepdims")
        .addParameter(axesParameter())
        .varargs(true)
        .addJavadoc("Returns the $Ls over {@code axes} with {@code ddof} 0:\n"
            + "{@link #$N(double, boolean, int...)}.\n\n", what, name)
        .addJavadoc("@param keepdims whether the reduced axes stay, of length 1\n")
        .addJavadoc(axesDoc())
        .addJavadoc("@return a new array\n")
        .addJavadoc(throwsDoc(false, name))
        .addStatement("return $N(0, keepdims, axes)", name)
        .build());
    out.add(defaultMethod(name, mean)
        .addParameter(TypeName.DOUBLE, "ddof")
        .addParameter(TypeName.BOOLEAN, "keepdims")
        .addParameter(axesParameter())
        .varargs(true)
        .addJavadoc("Returns $L.\n\n<p>The result has this shape without the reduced axes, or"
            + " with each of length 1 when\n{@code keepdims}.\n\n", doc)
        .addJavadoc("@param ddof the delta degrees of freedom: 0 for the population $L, 1 for"
            + " the sample's\n", what)
        .addJavadoc("@param keepdims whether the reduced axes stay, of length 1\n")
        .addJavadoc(axesDoc())
        .addJavadoc("@return a new array\n")
        .addJavadoc(throwsDoc(false, name))
        .addStatement("return $T.var(this, $T.class, $L, ddof, keepdims, axes)", REDUCE, mean, std)
        .build());
    return out;
  }

  private static MethodSpec argKeepdims(boolean max) {
    String name = max ? "argMax" : "argMin";
    return defaultMethod(name, LONG_ND_ARRAY)
        .addParameter(TypeName.INT, "axis")
        .addParameter(TypeName.BOOLEAN, "keepdims")
        .addJavadoc("Returns {@link #$N(int)}, keeping {@code axis} with length 1 when"
            + " {@code keepdims}, as NumPy's\n{@code $N(axis, keepdims=True)}.\n\n", name,
            max ? "argmax" : "argmin")
        .addJavadoc("@param axis the reduced axis; a negative value counts from the end\n")
        .addJavadoc("@param keepdims whether the reduced axis stays, of length 1\n")
        .addJavadoc("@return a new array of indices along {@code axis}\n")
        .addJavadoc("@throws IndexOutOfBoundsException if {@code axis} is out of range\n")
        .addJavadoc("@throws IllegalStateException if {@code axis} has length 0\n")
        .addStatement("$T r = $N(axis)", LONG_ND_ARRAY, name)
        .addStatement("return keepdims && rank() > 0 ? r.expandDims($T.normalizeAxis(axis,"
            + " rank())) : r", ClassName.get("org.ndprim", "Shape"))
        .build();
  }

  private static List<MethodSpec> cumulative(ClassName sum, boolean prod) {
    String name = prod ? "cumprod" : "cumsum";
    String what = prod ? "products" : "sums";
    String doc = "in NumPy's accumulating dtype (" + simple(sum) + "), each step in order"
        + (prod ? "" : " (no pairwise summation, as NumPy's {@code add.accumulate})");
    return List.of(
        defaultMethod(name, sum)
            .addJavadoc("Returns the cumulative $L of the elements in C order, as NumPy's"
                + " {@code $N(a)}, $L.\n\n@return a new array of shape {@code (size())}\n",
                what, name, doc)
            .addJavadoc(Members.TOO_BIG_DOC)
            .addStatement("return $T.accumulate(this, $T.class, $L)", REDUCE, sum, prod)
            .build(),
        defaultMethod(name, sum)
            .addParameter(TypeName.INT, "axis")
            .addJavadoc("Returns the cumulative $L along {@code axis}, as NumPy's"
                + " {@code $N(a, axis)}, $L.\n\n", what, name, doc)
            .addJavadoc("@param axis the axis; a negative value counts from the end (a rank-0"
                + " array takes 0 and -1,\n    as NumPy, giving shape {@code (1)})\n")
            .addJavadoc("@return a new C-order array of this shape\n")
            .addJavadoc("@throws IndexOutOfBoundsException if {@code axis} is out of range\n")
            .addJavadoc(Members.TOO_BIG_DOC)
            .addStatement("return $T.accumulate(this, $T.class, $L, axis)", REDUCE, sum, prod)
            .build());
  }
}
