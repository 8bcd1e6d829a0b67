package org.ndprim.processor.write;

import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY;
import static org.ndprim.processor.write.RuntimeNames.SCALAR_TYPE;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.FunctionType;
import org.ndprim.processor.model.ScalarModel;

/**
 * The kernels of issue 4 for the interface and the dense class: element-wise {@code map} and
 * {@code zip} (new and in place), {@code astype} and its {@code fromLongs}/{@code fromDoubles}
 * targets, plus the reductions ({@link ReductionMethods}) and iteration and Java-array interop
 * ({@link IterationMethods}). {@link ArrayInterfaceWriter} and {@link DenseClassWriter} add
 * what this returns; nothing here reads javac state.
 */
public final class KernelMethods {
  static final ClassName OBJECTS = ClassName.get(Objects.class);

  private KernelMethods() {}

  /**
   * Returns the kernel methods of {@code <name>NdArray}: abstract methods with their Javadoc and
   * the static {@code fromJava}, {@code fromLongs}, {@code fromDoubles}.
   *
   * @param model the scalar type
   * @return the methods, in the order they appear in the interface
   */
  public static List<MethodSpec> interfaceMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(declared("map", model.arrayInterface())
        .addJavadoc("Returns a new C-order array of this shape whose elements are {@code op}"
            + " applied to this\narray's elements; {@code op} is called once per element, in C"
            + " order.\n\n")
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addJavadoc("@param op the operator\n@return a new array with its own storage\n")
        .build());
    out.add(declared("mapInPlace", model.arrayInterface())
        .addJavadoc("Replaces every element of this array (or view) by {@code op} applied to it,"
            + " in C order;\nthe writes reach every array sharing this storage.\n\n")
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addJavadoc("@param op the operator\n@return this array\n")
        .addJavadoc(ViewMethods.readOnlyThrows("this array"))
        .build());
    out.add(declared("zip", model.arrayInterface())
        .addJavadoc("Returns a new C-order array whose elements are {@code op} applied to the"
            + " elements of this\narray and {@code other} at the same coordinates, in C order."
            + " No broadcasting: the shapes\nmust be equal.\n\n")
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addJavadoc("@param other the right operands, of this array's shape\n"
            + "@param op the operator, called with this array's element first\n"
            + "@return a new array with its own storage\n"
            + "@throws IllegalArgumentException if the shapes differ (the message names both)\n")
        .build());
    out.add(declared("zipInPlace", model.arrayInterface())
        .addJavadoc("Replaces every element of this array (or view) by {@code op} applied to it"
            + " and the element\nof {@code other} at the same coordinates, in C order. When"
            + " {@code other} overlaps this array\nin storage, it is read as it was before the"
            + " call (as if copied first), as NumPy's\n{@code np.add(a, b, out=a)}.\n\n")
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addJavadoc("@param other the right operands, of this array's shape\n"
            + "@param op the operator, called with this array's element first\n"
            + "@return this array\n"
            + "@throws IllegalArgumentException if the shapes differ (the message names both);"
            + " nothing is\n    written\n")
        .addJavadoc(ViewMethods.readOnlyThrows("this array"))
        .build());
    out.addAll(ReductionMethods.interfaceMethods(model));
    out.add(castFactory(model, "fromLongs", TypeName.LONG, "int64"));
    out.add(castFactory(model, "fromDoubles", TypeName.DOUBLE, "float64"));
    out.addAll(IterationMethods.interfaceMethods(model));
    return out;
  }

  /**
   * Returns the kernel methods of {@code <name>DenseNdArray}: the implementations and their
   * private helpers.
   *
   * @param model the scalar type
   * @return the methods
   */
  public static List<MethodSpec> denseMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(map(model));
    out.add(mapInPlace(model));
    out.add(zip(model));
    out.add(zipInPlace(model));
    out.add(zipOperand(model));
    out.addAll(ReductionMethods.denseMethods(model));
    out.add(astype(model));
    out.addAll(IterationMethods.denseMethods(model));
    return out;
  }

  /**
   * Returns the trailing arguments of the {@code TYPE} constant's constructor call: the cast
   * targets {@code <name>NdArray::fromLongs, <name>NdArray::fromDoubles}, so that any type's
   * {@code astype} can make arrays of this one.
   *
   * @param model the scalar type
   * @return the arguments, without a leading comma
   */
  public static CodeBlock typeConstantCasts(ScalarModel model) {
    return CodeBlock.of("$T::fromLongs,$W$T::fromDoubles", model.arrayInterface(),
        model.arrayInterface());
  }

  // ---- shared by the writer parts of both types ----

  /** An abstract interface method. */
  static MethodSpec.Builder declared(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(returns);
  }

  /** A public {@code @Override} in the dense class (every writer part of it uses this one). */
  static MethodSpec.Builder override(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC)
        .addAnnotation(Override.class)
        .returns(returns);
  }

  /** The functional interface type of one kind for this model. */
  static ClassName function(ScalarModel model, FunctionKind kind) {
    return model.function(kind).type();
  }

  /** {@code op.applyAsShort(args)}: a call of the functional interface's method. */
  static CodeBlock apply(ScalarModel model, FunctionKind kind, String target, CodeBlock args) {
    FunctionType f = model.function(kind);
    return CodeBlock.of("$N.$N($L)", target, f.method(), args);
  }

  /** The logical value of the element at storage offset {@code offset} of {@code array}. */
  static CodeBlock element(ScalarModel model, String array, String offset) {
    return model.toLogical(CodeBlock.of("$N.data[$N]", array, offset));
  }

  /** The logical value of this array's element at storage offset {@code offset}. */
  static CodeBlock element(ScalarModel model, String offset) {
    return model.toLogical(CodeBlock.of("data[$N]", offset));
  }

  /** {@code new <name>DenseNdArray(storage, Layout.cOrder(shape))}. */
  static CodeBlock newCOrder(ScalarModel model, String storage, CodeBlock shape) {
    return CodeBlock.of("new $T($N, $T.cOrder($L))", model.denseClass(), storage, LAYOUT, shape);
  }

  /** {@code s[] name = new s[Math.toIntExact(size)]}. */
  static CodeBlock newStorage(TypeName component, String name, CodeBlock size) {
    return CodeBlock.of("$T[] $N = new $T[$T.toIntExact($L)]", component, name, component,
        Math.class, size);
  }

  static CodeBlock requireNonNull(String parameter) {
    return CodeBlock.of("$T.requireNonNull($N, $S)", OBJECTS, parameter, parameter);
  }

  // ---- map and zip ----

  private static MethodSpec map(ScalarModel model) {
    CodeBlock result = apply(model, FunctionKind.UNARY_OPERATOR, "op", element(model, "o"));
    return override("map", model.arrayInterface())
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addStatement(requireNonNull("op"))
        .addStatement(newStorage(model.storageType(), "out", CodeBlock.of("size()")))
        .addStatement("int i = 0")
        .addCode(Walks.forEachOffset(
            CodeBlock.of("out[i++] = $L;\n", model.toStorage(result))))
        .addStatement("return $L", newCOrder(model, "out", CodeBlock.of("shape()")))
        .build();
  }

  private static MethodSpec mapInPlace(ScalarModel model) {
    CodeBlock result = apply(model, FunctionKind.UNARY_OPERATOR, "op", element(model, "o"));
    return override("mapInPlace", model.arrayInterface())
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addCode(ViewMethods.checkWritable())
        .addStatement(requireNonNull("op"))
        .addCode(Walks.forEachOffset(CodeBlock.of("data[o] = $L;\n", model.toStorage(result))))
        .addStatement("return this")
        .build();
  }

  private static CodeBlock zipResult(ScalarModel model) {
    return model.toStorage(apply(model, FunctionKind.BINARY_OPERATOR, "op",
        CodeBlock.of("$L, $L", element(model, "o"), element(model, "that", "p"))));
  }

  private static MethodSpec zip(ScalarModel model) {
    return override("zip", model.arrayInterface())
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addStatement(requireNonNull("op"))
        .addStatement("$T that = zipOperand(other, false)", model.denseClass())
        .addStatement(newStorage(model.storageType(), "out", CodeBlock.of("size()")))
        .addStatement("int i = 0")
        .addCode(Walks.forEachOffsetPair("that",
            CodeBlock.of("out[i++] = $L;\n", zipResult(model))))
        .addStatement("return $L", newCOrder(model, "out", CodeBlock.of("shape()")))
        .build();
  }

  private static MethodSpec zipInPlace(ScalarModel model) {
    return override("zipInPlace", model.arrayInterface())
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addCode(ViewMethods.checkWritable())
        .addStatement(requireNonNull("op"))
        .addStatement("$T that = zipOperand(other, true)", model.denseClass())
        .addCode(Walks.forEachOffsetPair("that", CodeBlock.of("data[o] = $L;\n",
            zipResult(model))))
        .addStatement("return this")
        .build();
  }

  private static MethodSpec zipOperand(ScalarModel model) {
    ClassName dense = model.denseClass();
    return MethodSpec.methodBuilder("zipOperand")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Checks that {@code other} has this array's shape and returns it array-backed;"
            + " for a write\ninto this array, one that shares no element with it (see"
            + " {@code source}).\n")
        .returns(dense)
        .addParameter(model.arrayInterface(), "other")
        .addParameter(TypeName.BOOLEAN, "inPlace")
        .beginControlFlow("if (!other.shape().equals(shape()))")
        .addStatement("throw new $T($S + shape()$W+ $S + other.shape())",
            IllegalArgumentException.class, "cannot zip an array of shape ",
            " with an array of shape ")
        .endControlFlow()
        .addStatement("return inPlace ? source(other) : dense(other)")
        .build();
  }

  // ---- astype ----

  private static MethodSpec astype(ScalarModel model) {
    TypeVariableName a = TypeVariableName.get("A", ND_ARRAY);
    return override("astype", a)
        .addTypeVariable(a)
        .addParameter(ParameterizedTypeName.get(SCALAR_TYPE, a), "type")
        .addStatement(requireNonNull("type"))
        .addStatement(newStorage(model.castCarrier(), "values", CodeBlock.of("size()")))
        .addStatement("int i = 0")
        .addCode(Walks.forEachOffset(CodeBlock.of("values[i++] = $L;\n",
            model.toCastCarrier(element(model, "o")))))
        .addStatement("return type.$N(shape(), values)", model.castFactory())
        .build();
  }

  private static MethodSpec castFactory(ScalarModel model, String name, TypeName carrier,
      String numpy) {
    CodeBlock value = CodeBlock.of("values[i]");
    CodeBlock logical = carrier.equals(TypeName.LONG) ? model.fromLong(value)
        : model.fromDouble(value);
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface())
        .addJavadoc("Returns a new C-order array holding {@code values} cast to this type as"
            + " NumPy casts\n{@code $L} to it ({@code astype}): $L.\nThe target of every"
            + " {@code astype} to this type, through {@link #TYPE}.\n\n", numpy,
            castDoc(model, carrier))
        .addJavadoc("@param shape the shape\n")
        .addJavadoc("@param values the elements in C order; exactly {@code shape.size()} of them\n")
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code values.length} differs from"
            + " {@code shape.size()}\n")
        .addParameter(SHAPE, "shape")
        .addParameter(ArrayTypeName.of(carrier), "values")
        .varargs()
        .beginControlFlow("if (values.length != shape.size())")
        .addStatement("throw new $T(values.length + $S + shape$W+ $S + shape.size())",
            IllegalArgumentException.class, " values do not fit shape ", " of size ")
        .endControlFlow()
        .addStatement("$T[] storage = new $T[values.length]", model.storageType(),
            model.storageType())
        .beginControlFlow("for (int i = 0; i < values.length; i++)")
        .addStatement("storage[i] = $L", model.toStorage(logical))
        .endControlFlow()
        .addStatement("return wrap(shape, storage)")
        .build();
  }

  /** Javadoc: how a long or double becomes a logical value of this type. */
  private static String castDoc(ScalarModel model, TypeName carrier) {
    CodeBlock v = CodeBlock.of("v");
    String code = (carrier.equals(TypeName.LONG) ? model.fromLong(v) : model.fromDouble(v))
        .toString();
    String conversion = "{@code " + code + "}";
    if (model.converts()) {
      conversion += ",\nthen stored with {@code " + model.specSourceName() + ".toStorage}";
    }
    return "each value {@code v} becomes " + conversion;
  }
}
