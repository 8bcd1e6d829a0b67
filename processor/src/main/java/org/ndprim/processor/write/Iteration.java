package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.apply;
import static org.ndprim.processor.write.Members.declared;
import static org.ndprim.processor.write.Members.function;
import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.Members.requireNonNull;
import static org.ndprim.processor.write.RuntimeNames.AXIS_LINES;
import static org.ndprim.processor.write.RuntimeNames.COORDINATE_CURSOR;
import static org.ndprim.processor.write.RuntimeNames.NESTED_ARRAYS;
import static org.ndprim.processor.write.RuntimeNames.ND_ARRAY_SEQUENCE;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeVariableName;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Segment;
import org.ndprim.processor.write.Walks.Side;

/**
 * Iteration ({@code elements}, {@code scalars}, {@code forEach}, {@code forEachIndexed}) and
 * nested Java arrays ({@code fromJava}, {@code toJava}, {@code copyToJava}). The views
 * ({@code elements}, {@code scalars}) are the runtime base's; the value walks are
 * {@link Walks}' ({@code forEach}), a {@code CoordinateCursor}'s runs ({@code forEachIndexed})
 * and the lines of an {@code AxisLines} into the leaf rows of {@code NestedArrays}
 * ({@code toJava}).
 */
final class Iteration {
  private static final String RANK0_DOC = "A rank-0 array has no nested Java array form (there"
      + " is no Java array of rank 0):\nread its value with {@code $N()} instead.\n\n";

  private Iteration() {}

  private static TypeName sequence(ScalarModel model) {
    return ParameterizedTypeName.get(ND_ARRAY_SEQUENCE, model.arrayInterface());
  }

  /** The declarations in {@code <name>NdArray}, with their Javadoc. */
  static List<MethodSpec> declarations(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    out.add(declared("elements", sequence(model))
        .addParameter(TypeName.INT, "axis")
        .addJavadoc("Returns the elements along the leading axes {@code 0..axis}, in C order:"
            + " element\n{@code (i0, ..., iaxis)} is the view {@code get(i0, ..., iaxis)}, of"
            + " rank {@code rank() - axis - 1}\n(TF-Java's {@code elements(axis)}; NumPy's"
            + " {@code for row in a} is {@code elements(0)}). Each\nview handed out is new and"
            + " safe to keep; it shares this array's storage (and is read-only if this array"
            + " is).\n{@link $T#forEachIndexed} also"
            + " gives each element's coordinates.\n\n", ND_ARRAY_SEQUENCE)
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
    // Ranks 2 and 3 only: a rank-1 form would make (c, v) -> ... lambdas ambiguous.
    for (int rank = 2; rank <= 3; rank++) {
      out.add(declared("forEachIndexed", TypeName.VOID)
          .addParameter(function(model, FunctionKind.INDEXED_CONSUMER)
              .nestedClass(IndexedConsumerWriter.rankName(rank)), "action")
          .addJavadoc("Calls {@code action} with the $L coordinates and the value of every"
              + " element of this\nrank-$L array, in C order, allocating nothing at all: for"
              + " example\n{@code a.forEachIndexed(($L, v) -> ...)}.\n\n", rank, rank,
              String.join(", ", IndexedConsumerWriter.AXES.subList(0, rank)))
          .addJavadoc("@param action the action\n")
          .addJavadoc("@throws $T if {@code rank() != $L}\n", RuntimeNames.ILLEGAL_RANK, rank)
          .build());
    }
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
    out.add(typedToJava(model));
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

  /** {@code <T> T toJava(Class<T> type)}: {@code toJava()} without the caller's cast. */
  private static MethodSpec typedToJava(ScalarModel model) {
    TypeName x = model.logicalType();
    TypeVariableName t = TypeVariableName.get("T");
    return MethodSpec.methodBuilder("toJava")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addTypeVariable(t)
        .returns(t)
        .addParameter(ParameterizedTypeName.get(ClassName.get(Class.class), t), "type")
        .addStatement("$T.checkType(type, shape(), $T.class)", NESTED_ARRAYS, x)
        .addStatement("return type.cast(toJava())")
        .addJavadoc("Returns {@link #toJava()} as the nested array class the caller names:"
            + " {@code $L[][] m =\na.toJava($L[][].class)} for a rank-2 array, without a cast."
            + " The class is checked before\nanything is allocated; a supertype such as"
            + " {@code Object[].class} is accepted.\n\n", x, x)
        .addJavadoc("@param <T> the nested array type\n")
        .addJavadoc("@param type {@code $L[].class} for rank 1, {@code $L[][].class} for rank 2,"
            + " and so on\n", x, x)
        .addJavadoc("@return the nested array, e.g. a {@code $L[2][3]} for shape {@code (2, 3)}\n",
            x)
        .addJavadoc("@throws IllegalArgumentException if this array has rank 0, if {@code type}"
            + " cannot hold a\n    {@code $L} array of this rank (\"cannot return the nested"
            + " array of shape (2, 3) as\n    double[][]: it is a float[][]\"), or as"
            + " {@link #toJava()}\n", x)
        .addJavadoc("@throws NullPointerException if {@code type} is null\n")
        .build();
  }

  private static MethodSpec fromJava(ScalarModel model) {
    TypeName x = model.logicalType();
    CodeBlock copyLeaf;
    if (model.converts()) {
      copyLeaf = CodeBlock.builder()
          .add("(leaf, start) -> {\n").indent()
          .addStatement("$T[] row = ($T[]) leaf", x, x)
          .beginControlFlow("for (int k = 0; k < row.length; k++)")
          .add(Storage.ARRAY.store(model, CodeBlock.of("storage"),
              CodeBlock.of("(int) start + k"), model.toStorage(CodeBlock.of("row[k]"))))
          .endControlFlow()
          .unindent().add("}")
          .build();
    } else {
      copyLeaf = CodeBlock.builder()
          .add("(leaf, start) -> {\n").indent()
          .add(Storage.ARRAY.bulkCopy(model, Storage.ARRAY, CodeBlock.of("leaf"), CodeBlock.of("0"),
              CodeBlock.of("storage"), CodeBlock.of("(int) start"),
              CodeBlock.of("(($T[]) leaf).length", x)).orElseThrow())
          .unindent().add("}")
          .build();
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
        .addJavadoc(Members.TOO_BIG_DOC)
        .addParameter(ClassName.OBJECT, "nested")
        .addStatement("$T shape = $T.shapeOf(nested, $T.class)", SHAPE, NESTED_ARRAYS, x)
        .addStatement("$T storage = $L", model.storageArray(), Storage.ARRAY.allocate(model,
            Members.arraySizeQualified("fromJava", CodeBlock.of("shape.size()"), CodeBlock.of("shape"),
                model.storageType()))
            .orElseThrow())
        // Not addStatement: the lambda may hold statements of its own.
        .addCode("$T.forEachLeafIndexed(nested, shape.rank(), $L);\n", NESTED_ARRAYS, copyLeaf)
        .addStatement("return wrap(shape, storage)")
        .build();
  }

  /** The implementations over {@code storage}. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    Side self = Side.self(model, storage);
    List<MethodSpec> out = new ArrayList<>();
    out.add(override("forEach", TypeName.VOID)
        .addParameter(function(model, FunctionKind.CONSUMER), "action")
        .addStatement(requireNonNull("action"))
        .addCode(Walks.forEachElement(List.of(self), e -> CodeBlock.of("$L;\n",
            apply(model, FunctionKind.CONSUMER, "action", e.get(0).value()))))
        .build());
    out.add(forEachIndexed(model, storage));
    for (int rank = 2; rank <= 3; rank++) {
      out.add(forEachIndexedOfRank(model, storage, rank));
    }
    out.add(acceptRun(model, storage));
    out.add(acceptStridedRun(model, storage));
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
    out.add(copyLeaves(model, storage));
    return out;
  }

  private static MethodSpec forEachIndexed(ScalarModel model, Storage storage) {
    CodeBlock rank0 = model.toLogical(storage.loadAt(model, "this",
        storage.coordinateIndex(CodeBlock.of(""))));
    Side self = Side.self(model, storage);
    return override("forEachIndexed", TypeName.VOID)
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addStatement(requireNonNull("action"))
        .addStatement("$T cursor = $T.of(layout)", COORDINATE_CURSOR, COORDINATE_CURSOR)
        .addStatement("long[] coords = cursor.coords()")
        .addStatement("int last = coords.length - 1")
        .beginControlFlow("if (last < 0)")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action",
            CodeBlock.of("coords, $L", rank0)))
        .addStatement("return")
        .endControlFlow()
        .addCode(Walks.lineCursor(self))
        .beginControlFlow("while (cursor.nextRun())")
        .addStatement("acceptRun(action, coords, last, $Lcursor.offset(), cursor.stride(),"
            + " cursor.length())", storage.chunked() ? "pieces, " : "")
        .endControlFlow()
        .build();
  }

  /**
   * {@code forEachIndexed(Of<rank>)}: nested loops over the axes, the layout's offset stepped by
   * each axis's stride, the element read at its offset; no cursor and no coordinates array.
   */
  private static MethodSpec forEachIndexedOfRank(ScalarModel model, Storage storage, int rank) {
    List<String> axes = IndexedConsumerWriter.AXES.subList(0, rank);
    TypeName offset = storage.chunked() ? TypeName.LONG : TypeName.INT;
    String cast = storage.chunked() ? "" : "(int) ";
    MethodSpec.Builder m = override("forEachIndexed", TypeName.VOID)
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER)
            .nestedClass(IndexedConsumerWriter.rankName(rank)), "action")
        .addStatement(requireNonNull("action"))
        .beginControlFlow("if (rank() != $L)", rank)
        .addStatement("throw new $T($S + rank())", RuntimeNames.ILLEGAL_RANK,
            "forEachIndexed with " + rank + " coordinates needs an array of rank " + rank
                + ", not ")
        .endControlFlow();
    StringBuilder huge = new StringBuilder();
    StringBuilder dims = new StringBuilder();
    StringBuilder strides = new StringBuilder();
    for (int a = 0; a < rank; a++) {
      String sep = a == 0 ? "" : ", ";
      huge.append(a == 0 ? "" : " || ").append("layout.dim(").append(a)
          .append(") > Integer.MAX_VALUE");
      dims.append(sep).append("n").append(a).append(" = (int) layout.dim(").append(a).append(")");
      strides.append(sep).append("s").append(a).append(" = ").append(cast).append("layout.stride(")
          .append(a).append(")");
    }
    // Only a broadcast view has an axis longer than an int: walk it with the any-rank form.
    m.beginControlFlow("if ($L)", huge)
        .addStatement("forEachIndexed(($L) -> action.accept($L, v))",
            "c, v", String.join(", ", java.util.stream.IntStream.range(0, rank)
                .mapToObj(a -> "c[" + a + "]").toArray(String[]::new)))
        .addStatement("return")
        .endControlFlow()
        // int counters (C2 unrolls int-counted loops) and, within a Java array or one buffer,
        // int offsets; the coordinates reach the action as long.
        .addStatement("int $L", dims)
        .addStatement("$T $L", offset, strides);
    // The loop over axis a steps o<a>, the offset of the element at the loops' coordinates on
    // axes 0..a with the rest 0; o<a> starts as o<a-1> (o0: the layout's offset).
    m.addStatement("$T o0 = $Llayout.offset()", offset, cast);
    for (int a = 0; a < rank - 1; a++) {
      String i = axes.get(a);
      if (a > 0) {
        m.addStatement("$T o$L = o$L", offset, a, a - 1);
      }
      m.beginControlFlow("for (int $N = 0; $N < n$L; $N++, o$L += s$L)", i, i, a, i, a, a);
    }
    // The last axis has one counter, j, and the element at o + j (o + j * s when strided), as
    // the best plain loop has it: a second counter stepping the offset beside j ran W6 ~1.2x
    // slower, in plain Java too.
    int last = rank - 1;
    int base = Math.max(0, last - 1);
    String j = axes.get(last);
    Function<CodeBlock, CodeBlock> value = at -> model.toLogical(storage.loadAt(model, "this",
        storage.chunked() ? storage.index(at) : at));
    m.beginControlFlow("if (s$L == 1)", last)
        .beginControlFlow("for (int $N = 0; $N < n$L; $N++)", j, j, last, j)
        .addStatement("action.accept($L, $L)", String.join(", ", axes),
            value.apply(CodeBlock.of("o$L + $N", base, j)))
        .endControlFlow()
        .nextControlFlow("else")
        .beginControlFlow("for (int $N = 0; $N < n$L; $N++)", j, j, last, j)
        .addStatement("action.accept($L, $L)", String.join(", ", axes),
            value.apply(CodeBlock.of("o$L + $N * s$L", base, j, last)))
        .endControlFlow()
        .endControlFlow();
    for (int a = 0; a < rank - 1; a++) {
      m.endControlFlow();
    }
    return m.build();
  }

  /** forEachIndexed's walk of one run along the last axis, segment by segment. */
  private static MethodSpec acceptRun(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = helper("acceptRun", TypeName.VOID)
        .addJavadoc("Hands {@code action} the {@code length} elements of a run along the last"
            + " axis at offsets\n{@code from, from + step, ...}, setting {@code coords[last]}"
            + " for each.\n")
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addParameter(long[].class, "coords")
        .addParameter(TypeName.INT, "last");
    if (storage.chunked()) {
      m.addParameter(RuntimeNames.SEGMENT_CURSOR, "pieces");
    }
    return m.addParameter(TypeName.LONG, "from")
        .addParameter(TypeName.LONG, "step")
        .addParameter(TypeName.LONG, "length")
        .addStatement("long along = 0")
        .addCode(Walks.lineSegments(Side.self(model, storage), CodeBlock.of("from"),
            CodeBlock.of("step"), CodeBlock.of("length"),
            (segs, count) -> indexedSegment(model, segs.get(0), count)))
        .build();
  }

  /**
   * One segment of a run along the last axis: a unit-stride segment holds at most a Java array's
   * worth of elements, so an {@code int} loop, which the JIT range-checks once as it does a
   * hand-written loop over a row; other strides go to {@code acceptStridedRun}.
   */
  private static CodeBlock indexedSegment(ScalarModel model, Segment seg, Walks.Count count) {
    return CodeBlock.builder()
        .beginControlFlow("if ($L != 1)", seg.stride())
        .addStatement("acceptStridedRun(action, coords, last, along, $L$L, $L, $L)",
            seg.helperArguments(), seg.index(), seg.stride(), count.expr())
        .nextControlFlow("else")
        .beginControlFlow("for (int q = 0, end = $L; q < end; q++)", count.asInt())
        .addStatement("coords[last] = along + q")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action",
            CodeBlock.of("coords, $L", seg.atUnitStride(CodeBlock.of("q")).value())))
        .endControlFlow()
        .endControlFlow()
        .addStatement("along += $L", count.expr())
        .build();
  }

  /** forEachIndexed's loop over a segment of stride other than 1. */
  private static MethodSpec acceptStridedRun(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = helper("acceptStridedRun", TypeName.VOID)
        .addJavadoc("Hands {@code action} the {@code n} elements of a segment of a run along the"
            + " last axis,\nstarting at index {@code o} with stride {@code st}, the first at"
            + " position {@code along}\nof the axis, setting {@code coords[last]} for each.\n")
        .addParameter(function(model, FunctionKind.INDEXED_CONSUMER), "action")
        .addParameter(long[].class, "coords")
        .addParameter(TypeName.INT, "last")
        .addParameter(TypeName.LONG, "along");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    return m.addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n")
        .beginControlFlow("for (long k = 0; k < n; k++, o += st)")
        .addStatement("coords[last] = along + k")
        .addStatement(apply(model, FunctionKind.INDEXED_CONSUMER, "action", CodeBlock.of(
            "coords, $L", Walks.helperElement(model, storage, CodeBlock.of("o")).value())))
        .endControlFlow()
        .build();
  }

  private static MethodSpec copyLeaves(ScalarModel model, Storage storage) {
    TypeName x = model.logicalType();
    CodeBlock.Builder body = CodeBlock.builder()
        .add("leaf -> {\n").indent()
        .addStatement("lines.next()")
        .addStatement("$T[] row = ($T[]) leaf", x, x)
        .addStatement("int w = 0")
        .add(Walks.lineSegments(Side.self(model, storage), CodeBlock.of("lines.offset()"),
            CodeBlock.of("lines.stride()"), CodeBlock.of("lines.length()"), (segs, count) -> {
              Segment seg = segs.get(0);
              CodeBlock loop = Walks.loop(segs, count,
                  e -> CodeBlock.of("row[w + q] = $L;\n", e.get(0).value()));
              CodeBlock copy = model.converts() ? loop
                  : storage.bulkToArray(model, seg.segment(), seg.index(), CodeBlock.of("row"),
                          CodeBlock.of("w"), count.asInt())
                      .map(bulk -> CodeBlock.builder()
                          .beginControlFlow("if ($L == 1)", seg.stride())
                          .add(bulk)
                          .nextControlFlow("else")
                          .add(loop)
                          .endControlFlow()
                          .build())
                      .orElse(loop);
              return CodeBlock.builder().add(copy).addStatement("w += $L", count.asInt()).build();
            }))
        .unindent().add("}");
    return helper("copyLeaves", TypeName.VOID)
        .addJavadoc("Copies the elements into the leaf rows of {@code dst}, a nested array"
            + " already known to\nhave this shape. The leaf rows, in C order, are the lines"
            + " along the last axis, which an\n{@code AxisLines} over that axis visits in"
            + " the same order.\n")
        .addParameter(ClassName.OBJECT, "dst")
        .addStatement("$T lines = $T.of(layout, -1)", AXIS_LINES, AXIS_LINES)
        .addCode(Walks.lineCursor(Side.self(model, storage)))
        .addCode("$T.forEachLeaf(dst, rank(), $L);\n", NESTED_ARRAYS, body.build())
        .build();
  }
}
