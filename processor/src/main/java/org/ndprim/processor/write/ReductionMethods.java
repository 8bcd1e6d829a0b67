package org.ndprim.processor.write;

import static org.ndprim.processor.write.KernelMethods.declared;
import static org.ndprim.processor.write.KernelMethods.element;
import static org.ndprim.processor.write.KernelMethods.newCOrder;
import static org.ndprim.processor.write.KernelMethods.newStorage;
import static org.ndprim.processor.write.KernelMethods.override;
import static org.ndprim.processor.write.RuntimeNames.RUN_CURSOR;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;

/**
 * The reductions, over the whole array and along one axis: {@code sum} for numeric types (the
 * model's {@link ScalarModel#isNumeric()}), {@code min}, {@code max}, {@code argMin},
 * {@code argMax} for every type, in the order {@link ScalarModel#less} gives (for
 * {@code boolean}, {@code false < true}, as NumPy). Whole-array reductions walk
 * {@code RunCursor} runs; per-axis ones walk an {@code AxisReduction}. Each run is reduced by a
 * private helper ({@code sumRun}, {@code firstMin}, {@code firstMax}), so both forms share one
 * inner loop.
 */
final class ReductionMethods {
  static final ClassName AXIS_REDUCTION = ClassName.get("org.ndprim.layout", "AxisReduction");
  static final ClassName LONG_ND_ARRAY = ClassName.get("org.ndprim", "LongNdArray");

  /** Which extreme: names, NumPy's messages and the comparison that finds a better one. */
  private enum Extreme {
    MIN("min", "Min", "minimum", "smallest"),
    MAX("max", "Max", "maximum", "largest");

    final String method;
    final String title;
    final String numpy;
    final String adjective;

    Extreme(String method, String title, String numpy, String adjective) {
      this.method = method;
      this.title = title;
      this.numpy = numpy;
      this.adjective = adjective;
    }

    /** {@code v < m} (for MAX {@code v > m}) in the model's order: element v beats extreme m. */
    CodeBlock better(ScalarModel model) {
      CodeBlock v = CodeBlock.of("v");
      CodeBlock m = CodeBlock.of("m");
      return this == MIN ? model.less(v, m) : model.greater(v, m);
    }

    String argMethod() {
      return "arg" + title;
    }

    String helper() {
      return "first" + title;
    }

    String emptyMessage() {
      return "zero-size array to reduction operation " + numpy + " which has no identity";
    }

    String emptyArgMessage() {
      return "attempt to get arg" + method + " of an empty sequence";
    }
  }

  private ReductionMethods() {}

  static List<MethodSpec> interfaceMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isNumeric()) {
      out.add(declared("sum", model.sumType())
          .addJavadoc("Returns the sum of the elements, accumulated in {@code $L} in C order (0"
              + " for an empty array).\n$L\n\n@return the sum\n", model.sumType(),
              sumDoc(model))
          .build());
    }
    for (Extreme e : Extreme.values()) {
      out.add(declared(e.method, model.logicalType())
          .addJavadoc("Returns the $L element, as NumPy's {@code $L()}$L.\n\n", e.adjective,
              e.method, orderDoc(model, "the first NaN"))
          .addJavadoc("@return the first $L element in C order\n", e.adjective)
          .addJavadoc("@throws IllegalStateException if the array is empty (\"$L\")\n",
              e.emptyMessage())
          .build());
      out.add(declared(e.argMethod(), TypeName.LONG)
          .addAnnotation(Override.class)
          .addJavadoc("Returns the flat C-order index of the first $L element, as NumPy's"
              + " {@code arg$L()}$L.\n\n", e.adjective, e.method,
              orderDoc(model, "the first NaN"))
          .addJavadoc("@return the index, in {@code [0, size())}\n")
          .addJavadoc("@throws IllegalStateException if the array is empty (\"$L\")\n",
              e.emptyArgMessage())
          .build());
    }
    if (model.isNumeric()) {
      out.add(declared("sum", model.sumArray())
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the sums along {@code axis}, as NumPy's {@code sum(axis)}: an"
              + " array of rank\n{@code rank() - 1}, this shape without {@code axis}; each sum"
              + " is accumulated in {@code $L}\nalong the axis in order (0 for an empty"
              + " axis).\n\n", model.sumType())
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array of the sums\n")
          .addJavadoc(axisThrowsDoc())
          .build());
    }
    for (Extreme e : Extreme.values()) {
      out.add(declared(e.method, model.arrayInterface())
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the $L elements along {@code axis}, as NumPy's"
              + " {@code $L(axis)}$L: an array of\nrank {@code rank() - 1}, this shape without"
              + " {@code axis}.\n\n", e.adjective, e.method, orderDoc(model, "NaN"))
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array\n")
          .addJavadoc(axisThrowsDoc())
          .addJavadoc("@throws IllegalStateException if {@code axis} has length 0 (\"$L\")\n",
              e.emptyMessage())
          .build());
      out.add(declared(e.argMethod(), LONG_ND_ARRAY)
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the index along {@code axis} of the first $L element of each"
              + " line along it, as\nNumPy's {@code arg$L(axis)}$L: an array of rank"
              + " {@code rank() - 1}, this shape without\n{@code axis}.\n\n", e.adjective,
              e.method, orderDoc(model, "the first NaN"))
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array of indices in {@code [0, dim(axis))}\n")
          .addJavadoc(axisThrowsDoc())
          .addJavadoc("@throws IllegalStateException if {@code axis} has length 0 (\"$L\")\n",
              e.emptyArgMessage())
          .build());
    }
    return out;
  }

  private static String sumDoc(ScalarModel model) {
    return model.hasNaN()
        ? "NaN and infinities propagate as in IEEE arithmetic. The additions are sequential, so"
            + " for large\narrays the last bits may differ from NumPy's pairwise summation; a"
            + " {@code float}\nsum is not rounded to {@code float} (NumPy's {@code float32} sum"
            + " is)."
        : "Overflow wraps around, as NumPy's {@code int64} accumulator does.";
  }

  /** Javadoc after "as NumPy's {@code min()}": NaN and signed zeros, or the model's order. */
  private static String orderDoc(ScalarModel model, String result) {
    return model.hasNaN()
        ? "; a NaN is\nthe extreme (NaN propagates: the result is " + result + "); of"
            + " {@code -0.0} and {@code 0.0}, which compare equal,\nthe first in C order is"
            + " taken"
        : model.orderingDoc();
  }

  private static String axisDoc() {
    return "@param axis the reduced axis; a negative value counts from the end\n";
  }

  private static String axisThrowsDoc() {
    return "@throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}"
        + " (so always for\n    rank 0), e.g. \"axis 2 is out of bounds for array of dimension"
        + " 2\"\n";
  }

  static List<MethodSpec> denseMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isNumeric()) {
      out.add(sum(model));
      out.add(sumAxis(model));
      out.add(sumRun(model));
    }
    for (Extreme e : Extreme.values()) {
      out.add(extreme(model, e));
      out.add(argExtreme(model, e));
      out.add(extremeAxis(model, e));
      out.add(argExtremeAxis(model, e));
      out.add(firstExtreme(model, e));
    }
    return out;
  }

  private static MethodSpec sum(ScalarModel model) {
    return override("sum", model.sumType())
        .addStatement("$T acc = 0", model.sumType())
        .beginControlFlow("for ($T c = layout.runs(); c.next(); )", RUN_CURSOR)
        .addStatement("acc = sumRun(acc, c.offset(), c.stride(), c.length())")
        .endControlFlow()
        .addStatement("return acc")
        .build();
  }

  private static MethodSpec sumAxis(ScalarModel model) {
    return override("sum", model.sumArray())
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.of(layout, axis)", AXIS_REDUCTION, AXIS_REDUCTION)
        .addStatement(newStorage(model.sumType(), "out", CodeBlock.of("r.outputSize()")))
        .addStatement("int i = 0")
        .beginControlFlow("while (r.next())")
        .addStatement("out[i++] = sumRun(0, r.offset(), r.stride(), r.length())")
        .endControlFlow()
        .addStatement("return $T.wrap(r.outputShape(), out)", model.sumArray())
        .build();
  }

  private static MethodSpec sumRun(ScalarModel model) {
    return MethodSpec.methodBuilder("sumRun")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Returns {@code acc} plus the {@code n} elements at offsets {@code o, o + st,"
            + " ...}, added in order.\n")
        .returns(model.sumType())
        .addParameter(model.sumType(), "acc")
        .addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n")
        .beginControlFlow("if (st == 1)")
        .addCode("// A plain indexed loop over a contiguous run, the shape the JIT vectorises.\n")
        .beginControlFlow("for (int p = o, end = o + (int) n; p < end; p++)")
        .addStatement("acc += $L", element(model, "p"))
        .endControlFlow()
        .addStatement("return acc")
        .endControlFlow()
        .beginControlFlow("for (long k = 0; k < n; k++, o += st)")
        .addStatement("acc += $L", element(model, "o"))
        .endControlFlow()
        .addStatement("return acc")
        .build();
  }

  /** {@code !Float.isNaN(m) && } for floating types: stop at the first NaN. */
  private static CodeBlock whileNotNaN(ScalarModel model, String value) {
    return model.hasNaN()
        ? CodeBlock.of("!$L && ", model.isNaN(CodeBlock.of("$N", value)))
        : CodeBlock.of("");
  }

  /** {@code v < m}, or for floating types {@code v < m || Float.isNaN(v)}. */
  private static CodeBlock better(ScalarModel model, Extreme e) {
    return model.hasNaN()
        ? CodeBlock.of("$L || $L", e.better(model), model.isNaN(CodeBlock.of("v")))
        : e.better(model);
  }

  private static MethodSpec extreme(ScalarModel model, Extreme e) {
    return override(e.method, model.logicalType())
        .beginControlFlow("if (size() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, e.emptyMessage())
        .endControlFlow()
        .addStatement("$T m = $L", model.logicalType(),
            model.toLogical(CodeBlock.of("data[(int) layout.offset()]")))
        .beginControlFlow("for ($T c = layout.runs(); $Lc.next(); )", RUN_CURSOR,
            whileNotNaN(model, "m"))
        .addStatement("long k = $N(c.offset(), c.stride(), c.length())", e.helper())
        .addStatement("$T v = $L", model.logicalType(),
            model.toLogical(CodeBlock.of("data[(int) (c.offset() + k * c.stride())]")))
        .beginControlFlow("if ($L)", better(model, e))
        .addStatement("m = v")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return m")
        .build();
  }

  private static MethodSpec argExtreme(ScalarModel model, Extreme e) {
    return override(e.argMethod(), TypeName.LONG)
        .beginControlFlow("if (size() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, e.emptyArgMessage())
        .endControlFlow()
        .addStatement("long best = 0")
        .addStatement("$T m = $L", model.logicalType(),
            model.toLogical(CodeBlock.of("data[(int) layout.offset()]")))
        .addStatement("long base = 0")
        .beginControlFlow("for ($T c = layout.runs(); $Lc.next(); base += c.length())",
            RUN_CURSOR, whileNotNaN(model, "m"))
        .addStatement("long k = $N(c.offset(), c.stride(), c.length())", e.helper())
        .addStatement("$T v = $L", model.logicalType(),
            model.toLogical(CodeBlock.of("data[(int) (c.offset() + k * c.stride())]")))
        .beginControlFlow("if ($L)", better(model, e))
        .addStatement("best = base + k")
        .addStatement("m = v")
        .endControlFlow()
        .endControlFlow()
        .addStatement("return best")
        .build();
  }

  private static MethodSpec.Builder axisWalk(ScalarModel model, String name, TypeName returns,
      String emptyMessage) {
    return override(name, returns)
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.of(layout, axis)", AXIS_REDUCTION, AXIS_REDUCTION)
        .beginControlFlow("if (r.length() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, emptyMessage)
        .endControlFlow();
  }

  private static MethodSpec extremeAxis(ScalarModel model, Extreme e) {
    return axisWalk(model, e.method, model.arrayInterface(), e.emptyMessage())
        .addStatement(newStorage(model.storageType(), "out", CodeBlock.of("r.outputSize()")))
        .addStatement("int i = 0")
        .beginControlFlow("while (r.next())")
        .addStatement("long k = $N(r.offset(), r.stride(), r.length())", e.helper())
        .addStatement("out[i++] = data[(int) (r.offset() + k * r.stride())]")
        .endControlFlow()
        .addStatement("return $L", newCOrder(model, "out", CodeBlock.of("r.outputShape()")))
        .build();
  }

  private static MethodSpec argExtremeAxis(ScalarModel model, Extreme e) {
    return axisWalk(model, e.argMethod(), LONG_ND_ARRAY, e.emptyArgMessage())
        .addStatement(newStorage(TypeName.LONG, "out", CodeBlock.of("r.outputSize()")))
        .addStatement("int i = 0")
        .beginControlFlow("while (r.next())")
        .addStatement("out[i++] = $N(r.offset(), r.stride(), r.length())", e.helper())
        .endControlFlow()
        .addStatement("return $T.wrap(r.outputShape(), out)", LONG_ND_ARRAY)
        .build();
  }

  private static MethodSpec firstExtreme(ScalarModel model, Extreme e) {
    MethodSpec.Builder m = MethodSpec.methodBuilder(e.helper())
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Returns the position in {@code [0, n)} of the first $L of the {@code n >= 1}"
            + " elements at\noffsets {@code o, o + st, ...}$L.\n", e.numpy,
            model.hasNaN() ? "; a NaN is the extreme, so the first NaN if any" : "")
        .returns(TypeName.LONG)
        .addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n")
        .addStatement("$T m = $L", model.logicalType(), element(model, "o"));
    if (model.hasNaN()) {
      m.beginControlFlow("if ($L)", model.isNaN(CodeBlock.of("m")))
          .addStatement("return 0")
          .endControlFlow();
    }
    m.addStatement("long best = 0")
        .beginControlFlow("for (long k = 1; k < n; k++)")
        .addStatement("o += st")
        .addStatement("$T v = $L", model.logicalType(), element(model, "o"))
        .beginControlFlow("if ($L)", e.better(model))
        .addStatement("m = v")
        .addStatement("best = k");
    if (model.hasNaN()) {
      m.nextControlFlow("else if ($L)", model.isNaN(CodeBlock.of("v")))
          .addStatement("return k");
    }
    return m.endControlFlow()
        .endControlFlow()
        .addStatement("return best")
        .build();
  }
}
