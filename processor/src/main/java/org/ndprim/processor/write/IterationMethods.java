package org.ndprim.processor.write;

import static org.ndprim.processor.write.KernelMethods.apply;
import static org.ndprim.processor.write.KernelMethods.declared;
import static org.ndprim.processor.write.KernelMethods.element;
import static org.ndprim.processor.write.KernelMethods.function;
import static org.ndprim.processor.write.KernelMethods.override;
import static org.ndprim.processor.write.KernelMethods.requireNonNull;
import static org.ndprim.processor.write.ReductionMethods.AXIS_REDUCTION;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;

/**
 * Iteration ({@code elements}, {@code scalars}, {@code forEach}, {@code forEachIndexed}) and
 * nested Java arrays ({@code fromJava}, {@code toJava}, {@code copyToJava}). The walks are the
 * runtime's: {@code NdArraySequence}/{@code ElementCursor} for views, {@code RunCursor} and
 * {@code CoordinateCursor} for values, {@code NestedArrays} for Java arrays.
 */
final class IterationMethods {
  private static final ClassName SEQUENCE = ClassName.get("org.ndprim", "NdArraySequence");
  private static final ClassName COORDINATE_CURSOR =
      ClassName.get("org.ndprim.layout", "CoordinateCursor");
  private static final ClassName NESTED_ARRAYS = ClassName.get("org.ndprim.layout", "NestedArrays");
  private static final String RANK0_DOC = "A rank-0 array has no nested Java array form (there"
      + " is no Java array of rank 0):\nread its value with {@code $N()} instead.\n\n";

  private IterationMethods() {}

  private static TypeName sequence(ScalarModel model) {
    return ParameterizedTypeName.get(SEQUENCE, model.arrayInterface());
  }

  static List<MethodSpec> interfaceMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(declared("elements", sequence(model))
        .addParameter(TypeName.INT, "axis")
        .addJavadoc("Returns the elements along the leading axes {@code 0..axis}, in C order:"
            + " element\n{@code (i0, ..., iaxis)} is the view {@code get(i0, ..., iaxis)}, of"
            + " rank {@code rank() - axis - 1}\n(TF-Java's {@code elements(axis)}; NumPy's"
            + " {@code for row in a} is {@code elements(0)}). Each\nview handed out is new and"
            + " safe to keep; it shares this array's storage (and is read-only if this array"
            + " is).\n{@link $T#forEachIndexed} also"
            + " gives each element's coordinates.\n\n", SEQUENCE)
        .addJavadoc("@param axis the last leading axis; a negative value counts from the end\n")
        .addJavadoc("@return the sequence of views, iterable any number of times\n")
        .addJavadoc("@throws IndexOutOfBoundsException if {@code axis} is not in"
            + " {@code [-rank, rank)}, e.g.\n    \"axis 2 is out of bounds for array of"
            + " dimension 2\"\n")
        .build());
    out.add(declared("scalars", sequence(model))
        .addJavadoc("Returns every element as a rank-0 view, in C order (TF-Java's"
            + " {@code scalars()}); a rank-0\narray gives itself, with empty coordinates. Each"
            + " view is new, safe to keep and read-only if this array is. To read\nthe values without allocating, use"
            + " {@link #forEach} or {@link #forEachIndexed}.\n\n")
        .addJavadoc("@return the sequence of rank-0 views\n")
        .build());
    out.add(declared("forEach", TypeName.VOID)
        .addParameter(function(model, FunctionKind.CONSUMER), "action")
        .addJavadoc("Calls {@code action} with every element, in C order, allocating nothing"
            + " per element.\n\n")
        .addJavadoc("@param action the action\n")
        .build());
    out.add(declared("forEachIndexed", TypeName.VOID)
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addJavadoc("Calls {@code action} with the coordinates and the value of every element,"
            + " in C order,\nallocating nothing per element: the coordinates array (of length"
            + " {@code rank()}) is one array\nreused for every call; do not modify it, and copy"
            + " it to keep it.\n\n")
        .addJavadoc("@param action the action\n")
        .build());
    out.add(fromJava(model));
    out.add(declared("toJava", ClassName.OBJECT)
        .addJavadoc("Returns a new nested Java array of this array's rank and shape holding the"
            + " elements: a\n{@code $L[]} for rank 1, a {@code $L[][]} for rank 2, and so on"
            + " ({@code toArray()} gives the\nflat C-order form). ", model.logicalType(),
            model.logicalType())
        .addJavadoc(RANK0_DOC, model.getter())
        .addJavadoc("@return the nested array, e.g. a {@code $L[2][3]} for shape {@code (2, 3)}\n",
            model.logicalType())
        .addJavadoc("@throws IllegalArgumentException if this array has rank 0 or an axis"
            + " longer than a Java array\n    holds\n")
        .build());
    out.add(declared("copyToJava", TypeName.VOID)
        .addParameter(ClassName.OBJECT, "dst")
        .addJavadoc("Copies the elements into a caller-provided nested Java array of exactly"
            + " this shape\n(e.g. a {@code $L[2][3]} for shape {@code (2, 3)}). The whole"
            + " destination is checked before\nanything is written. ", model.logicalType())
        .addJavadoc(RANK0_DOC, model.getter())
        .addJavadoc("@param dst the destination, a rectangular {@code $L} array of"
            + " {@code rank()} dimensions\n", model.logicalType())
        .addJavadoc("@throws IllegalArgumentException if this array has rank 0, if {@code dst}"
            + " is not a\n    {@code $L} array of this rank, has a null row or a length that"
            + " differs from this shape\n    (the message names the row)\n",
            model.logicalType())
        .addJavadoc("@throws NullPointerException if {@code dst} is null\n")
        .build());
    return out;
  }

  private static MethodSpec fromJava(ScalarModel model) {
    TypeName x = model.logicalType();
    CodeBlock copyLeaf;
    if (model.converts()) {
      copyLeaf = CodeBlock.builder()
          .add("(leaf, start) -> {\n").indent()
          .addStatement("$T[] row = ($T[]) leaf", x, x)
          .beginControlFlow("for (int k = 0; k < row.length; k++)")
          .addStatement("storage[(int) start + k] = $L", model.toStorage(CodeBlock.of("row[k]")))
          .endControlFlow()
          .unindent().add("}")
          .build();
    } else {
      copyLeaf = CodeBlock.of("(leaf, start) ->$W$T.arraycopy(leaf, 0, storage, (int) start,"
          + " (($T[]) leaf).length)", System.class, x);
    }
    return MethodSpec.methodBuilder("fromJava")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(model.arrayInterface())
        .addJavadoc("Returns a new C-order array holding a copy of a nested Java array of"
            + " {@code $L}: a\n{@code $L[]} gives rank 1, a {@code $L[][]} rank 2, and so on."
            + " Its shape is read along the first\nrows; every row must then have that length."
            + " An empty level hides the lengths below it\n({@code new $L[0][5]} has shape"
            + " {@code (0, 0)}). There is no rank-0 form: use {@link #scalar}.\n\n", x, x, x, x)
        .addJavadoc("@param nested the nested array, e.g. a {@code $L[2][3]}\n", x)
        .addJavadoc("@return a new array with its own storage\n")
        .addJavadoc("@throws IllegalArgumentException if {@code nested} is not a nested array"
            + " of {@code $L}, has\n    a null row (\"row [1][0] is null\") or is jagged"
            + " (\"jagged array: row [1][0] has length 3,\n    expected 4\")\n", x)
        .addJavadoc("@throws NullPointerException if {@code nested} is null\n")
        .addJavadoc("@throws ArithmeticException if it has more elements than a Java array"
            + " holds\n")
        .addParameter(ClassName.OBJECT, "nested")
        .addStatement("$T shape = $T.shapeOf(nested, $T.class)", SHAPE, NESTED_ARRAYS, x)
        .addStatement("$T[] storage = new $T[$T.toIntExact(shape.size())]", model.storageType(),
            model.storageType(), Math.class)
        // Not addStatement: the lambda may hold statements of its own.
        .addCode("$T.forEachLeafIndexed(nested, shape.rank(), $L);\n", NESTED_ARRAYS, copyLeaf)
        .addStatement("return wrap(shape, storage)")
        .build();
  }

  static List<MethodSpec> denseMethods(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(override("elements", sequence(model))
        .addParameter(TypeName.INT, "axis")
        .addStatement("return $T.elements(layout, axis, this::$N)", SEQUENCE, ViewMethods.VIEW)
        .build());
    out.add(override("scalars", sequence(model))
        .addStatement("return $T.scalars(layout, this::$N)", SEQUENCE, ViewMethods.VIEW)
        .build());
    out.add(override("forEach", TypeName.VOID)
        .addParameter(function(model, FunctionKind.CONSUMER), "action")
        .addStatement(requireNonNull("action"))
        .addCode(Walks.forEachOffset(CodeBlock.of("$L;\n",
            apply(model, FunctionKind.CONSUMER, "action", element(model, "o")))))
        .build());
    out.add(override("forEachIndexed", TypeName.VOID)
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addStatement(requireNonNull("action"))
        .addStatement("$T c = $T.of(layout)", COORDINATE_CURSOR, COORDINATE_CURSOR)
        .addStatement("long[] coords = c.coords()")
        .addStatement("int last = coords.length - 1")
        .beginControlFlow("if (last < 0)")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action", CodeBlock.of(
            "coords, $L", model.toLogical(CodeBlock.of("data[layout.storageIndex()]")))))
        .addStatement("return")
        .endControlFlow()
        .beginControlFlow("while (c.nextRun())")
        .addStatement("int o = c.offset()")
        .beginControlFlow("if (c.stride() != 1)")
        .addStatement("acceptStridedRun(action, coords, last, o, c.stride(), c.length())")
        .addStatement("continue")
        .endControlFlow()
        .addComment("A unit-stride run has at most data.length elements: an int loop, which the")
        .addComment("JIT range-checks once, as a hand-written loop over a row (W6).")
        .beginControlFlow("for (int k = 0, n = (int) c.length(); k < n; k++)")
        .addStatement("coords[last] = k")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action",
            CodeBlock.of("coords, $L", model.toLogical(CodeBlock.of("data[o + k]")))))
        .endControlFlow()
        .endControlFlow()
        .build());
    out.add(acceptStridedRun(model));
    out.add(override("toJava", ClassName.OBJECT)
        .addStatement("Object out = $T.newArray(shape(), $T.class)", NESTED_ARRAYS,
            model.logicalType())
        .addStatement("copyLeaves(out)")
        .addStatement("return out")
        .build());
    out.add(override("copyToJava", TypeName.VOID)
        .addParameter(ClassName.OBJECT, "dst")
        .addStatement("$T.checkShape(dst, shape(), $T.class)", NESTED_ARRAYS, model.logicalType())
        .addStatement("copyLeaves(dst)")
        .build());
    out.add(copyLeaves(model));
    return out;
  }

  /** forEachIndexed's loop over a run of stride other than 1. */
  private static MethodSpec acceptStridedRun(ScalarModel model) {
    return MethodSpec.methodBuilder("acceptStridedRun")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Hands {@code action} the {@code n} elements of a run along the last axis,"
            + " starting at\nstorage offset {@code o} with stride {@code st}, setting"
            + " {@code coords[last]} for each.\n")
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addParameter(long[].class, "coords")
        .addParameter(TypeName.INT, "last")
        .addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n")
        .beginControlFlow("for (long k = 0; k < n; k++, o += st)")
        .addStatement("coords[last] = k")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action",
            CodeBlock.of("coords, $L", model.toLogical(CodeBlock.of("data[o]")))))
        .endControlFlow()
        .build();
  }

  private static MethodSpec copyLeaves(ScalarModel model) {
    TypeName x = model.logicalType();
    CodeBlock.Builder body = CodeBlock.builder()
        .add("leaf -> {\n").indent()
        .addStatement("lines.next()")
        .addStatement("$T[] row = ($T[]) leaf", x, x)
        .addStatement("int o = lines.offset()")
        .addStatement("int st = lines.stride()");
    if (!model.converts()) {
      body.beginControlFlow("if (st == 1)")
          .addStatement("$T.arraycopy(data, o, row, 0, row.length)", System.class)
          .addStatement("return")
          .endControlFlow();
    }
    body.beginControlFlow("for (int k = 0; k < row.length; k++, o += st)")
        .addStatement("row[k] = $L", element(model, "o"))
        .endControlFlow()
        .unindent().add("}");
    return MethodSpec.methodBuilder("copyLeaves")
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Copies the elements into the leaf rows of {@code dst}, a nested array"
            + " already known to\nhave this shape. The leaf rows, in C order, are the lines"
            + " along the last axis, which an\n{@code AxisReduction} over that axis visits in"
            + " the same order.\n")
        .addParameter(ClassName.OBJECT, "dst")
        .addStatement("$T lines = $T.of(layout, -1)", AXIS_REDUCTION, AXIS_REDUCTION)
        .addCode("$T.forEachLeaf(dst, rank(), $L);\n", NESTED_ARRAYS, body.build())
        .build();
  }
}
