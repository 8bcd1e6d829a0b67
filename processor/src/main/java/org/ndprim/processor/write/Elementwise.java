package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.apply;
import static org.ndprim.processor.write.Members.checkWritable;
import static org.ndprim.processor.write.Members.declared;
import static org.ndprim.processor.write.Members.function;
import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.Members.requireNonNull;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Side;

/**
 * Element-wise kernels: {@code map} and {@code zip}, new and in place. The new forms copy this
 * array ({@code copy()}, C order, over a Java array when it fits) and run the in-place form on the
 * copy; the in-place forms walk this array's layout, {@code zipInPlace} in lock step with the
 * other operand's (dispatched on its storage).
 */
final class Elementwise {
  private Elementwise() {}

  /** The declarations in {@code <name>NdArray}, with their Javadoc. */
  static List<MethodSpec> declarations(ScalarModel model) {
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
            + " in C order;\nthe writes reach every array sharing this storage. Not atomic, as"
            + " NumPy's ufuncs with\n{@code out=} are not: if {@code op} throws, the elements"
            + " before the failing one (in C order)\nare already replaced and the rest are"
            + " not. (An atomic form would copy the whole array\nfirst; write"
            + " {@code a.copyFrom(a.map(op))} for that.)\n\n")
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addJavadoc("@param op the operator\n@return this array\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .build());
    out.add(declared("test", RuntimeNames.BOOLEAN_ND_ARRAY)
        .addJavadoc("Returns a new C-order boolean array of this shape whose elements are"
            + " {@code p} applied to this\narray's elements; {@code p} is called once per"
            + " element, in C order. NumPy has no predicate\nform: use it for a condition no"
            + " ufunc comparison expresses; {@code Ufunc.where(a.test(p), x, y)}\nis NumPy's"
            + " {@code np.where} with it, {@code a.test(p).countNonzero()} counts the matches."
            + "\n\n")
        .addParameter(function(model, FunctionKind.PREDICATE), "p")
        .addJavadoc("@param p the predicate\n@return a new boolean array with its own storage\n"
            + Members.TOO_BIG_DOC)
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
            + " call (as if copied first), as NumPy's\n{@code np.add(a, b, out=a)}. Not atomic"
            + " either: if {@code op} throws, the elements before the\nfailing one are already"
            + " replaced (as {@link #mapInPlace}).\n\n")
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addJavadoc("@param other the right operands, of this array's shape\n"
            + "@param op the operator, called with this array's element first\n"
            + "@return this array\n"
            + "@throws IllegalArgumentException if the shapes differ (the message names both);"
            + " nothing is\n    written\n")
        .addJavadoc(Members.readOnlyThrows("this array"))
        .build());
    return out;
  }

  /** The implementations over {@code storage}. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(override("map", model.arrayInterface())
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addStatement(requireNonNull("op"))
        .addStatement("return copy().mapInPlace(op)")
        .build());
    out.add(override("mapInPlace", model.arrayInterface())
        .addParameter(function(model, FunctionKind.UNARY_OPERATOR), "op")
        .addCode(checkWritable())
        .addStatement(requireNonNull("op"))
        .addCode(Walks.forEachElement(List.of(Side.self(model, storage)), e -> e.get(0)
            .storeValue(apply(model, FunctionKind.UNARY_OPERATOR, "op", e.get(0).value()))))
        .addStatement("return this")
        .build());
    out.add(override("test", RuntimeNames.BOOLEAN_ND_ARRAY)
        .addParameter(function(model, FunctionKind.PREDICATE), "p")
        .addStatement(requireNonNull("p"))
        .addStatement("boolean[] m = new boolean[$L]", Members.arraySize("test",
            CodeBlock.of("size()"), CodeBlock.of("shape()"), TypeName.BOOLEAN))
        .addStatement("int at = 0")
        .addCode(Walks.forEachElement(List.of(Side.self(model, storage)), e -> CodeBlock.of(
            "m[at++] = $L;\n", apply(model, FunctionKind.PREDICATE, "p", e.get(0).value()))))
        .addStatement("return $T.wrap(shape(), m)", RuntimeNames.BOOLEAN_ND_ARRAY)
        .build());
    out.add(override("zip", model.arrayInterface())
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addStatement(requireNonNull("op"))
        .addStatement("checkZipShape(other)")
        .addStatement("return copy().zipInPlace(other, op)")
        .build());
    out.add(override("zipInPlace", model.arrayInterface())
        .addParameter(model.arrayInterface(), "other")
        .addParameter(function(model, FunctionKind.BINARY_OPERATOR), "op")
        .addCode(checkWritable())
        .addStatement(requireNonNull("op"))
        .addStatement("checkZipShape(other)")
        .addComment("As NumPy's np.add(a, b, out=a): an overlapping operand is read as it was.")
        .addStatement("$T from = overlaps(other) ? other.copy() : other", model.arrayInterface())
        .addCode(ImplementationWriter.dispatch(model, "from", (other, that) ->
            CodeBlock.of("zipInPlace$L($L, op);\n", other.kind(), that)))
        .addStatement("return this")
        .build());
    out.addAll(ImplementationWriter.pairMethods(model, storage, "zipInPlace", TypeName.VOID,
        List.of(ParameterSpec.builder(function(model, FunctionKind.BINARY_OPERATOR), "op")
            .build()),
        other -> Walks.forEachElement(
            List.of(Side.self(model, storage), Side.other(model, other, "that")),
            e -> e.get(0).storeValue(apply(model, FunctionKind.BINARY_OPERATOR, "op",
                CodeBlock.of("$L, $L", e.get(0).value(), e.get(1).value()))))));
    out.add(helper("checkZipShape", TypeName.VOID)
        .addJavadoc("Checks that {@code other} has this array's shape, naming both if not.\n")
        .addParameter(model.arrayInterface(), "other")
        .beginControlFlow("if (!other.shape().equals(shape()))")
        .addStatement("throw new $T($S + shape()$W+ $S + other.shape())",
            IllegalArgumentException.class, "cannot zip an array of shape ",
            " with an array of shape ")
        .endControlFlow()
        .build());
    return out;
  }
}
