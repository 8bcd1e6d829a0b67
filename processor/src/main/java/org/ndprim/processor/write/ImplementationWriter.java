package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.checkWritable;
import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.RuntimeNames.INDEX;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.ND_ITER;
import static org.ndprim.processor.write.RuntimeNames.SCALAR_TYPE;
import static org.ndprim.processor.write.RuntimeNames.SHARED_MEMORY;
import static org.ndprim.processor.write.RuntimeNames.STRIDED_ND_ARRAY;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Side;

/**
 * Writes {@code <name><kind>NdArray}, the implementation of one scalar type over one storage
 * ({@link Storage}): the storage fields, the unboxed accessors and the loops. Everything that does
 * not depend on the element type (views, the read-only rule, shape checks) is inherited from the
 * runtime's {@code StridedNdArray}. Kernels that take a second array of the type dispatch on its
 * implementation class, one private method per storage, so every pair of storages has a loop of
 * its own. Pure: no javac state.
 */
public final class ImplementationWriter {
  private static final List<String> AXES = List.of("i", "j", "k");
  private static final String THAT = "that";

  private ImplementationWriter() {}

  /**
   * Writes the class.
   *
   * @param model the scalar type
   * @param storage where it keeps its elements
   * @return the final class {@code <name><kind>NdArray}
   */
  public static TypeSpec write(ScalarModel model, Storage storage) {
    ClassName self = model.implementation(storage);
    TypeSpec.Builder type = TypeSpec.classBuilder(self)
        .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
        .superclass(ParameterizedTypeName.get(STRIDED_ND_ARRAY, model.arrayInterface()))
        .addSuperinterface(model.arrayInterface())
        .addJavadoc("The {@link $T} over $L, through a {@link $T} (offset, shape and\nstrides)"
                + " into it. Every view is a new instance over the same storage. Obtain instances"
                + "\nthrough the factories of {@link $T}.\n",
            model.arrayInterface(), storage.describe(model), LAYOUT, model.arrayInterface())
        .addJavadoc("\n<p>$L\n", storage.details(model));
    storage.fields(model).forEach(type::addField);
    type.addMethod(constructor(model, storage))
        .addMethod(viewConstructor(model, storage))
        .addMethod(view(model, storage));
    for (int arity = -1; arity <= 3; arity++) {
      type.addMethod(getter(model, storage, arity));
    }
    for (int arity = -1; arity <= 3; arity++) {
      type.addMethod(setter(model, storage, arity));
    }
    type.addMethod(fill(model, storage))
        .addMethods(assignments(model))
        .addMethod(copy(model, storage))
        .addMethod(copyTo(model))
        .addMethod(copyFrom(model, storage))
        .addMethods(pairMethods(model, storage, "copyFrom", TypeName.VOID, List.of(),
            other -> copyFromBody(model, storage, other)))
        .addMethods(copyFromShortRows(model, storage))
        .addMethods(toArray(model, storage))
        .addMethods(toStorageArray(model, storage))
        .addMethod(equalsMethod(model))
        .addMethods(pairMethods(model, storage, "equals", TypeName.BOOLEAN, List.of(),
            other -> equalsBody(model, storage, other)))
        .addMethod(hashCodeMethod(model, storage))
        .addMethod(toStringMethod(model, storage))
        .addMethods(Elementwise.implementations(model, storage))
        .addMethods(Reductions.implementations(model, storage))
        .addMethods(Casts.implementations(model, storage))
        .addMethods(Iteration.implementations(model, storage))
        .addMethod(overlaps(model, storage))
        .addMethod(MethodSpec.methodBuilder("storage")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PROTECTED)
            .returns(Object.class)
            .addStatement("return $L", storage.storageObject("this"))
            .build())
        .addMethods(readOnlyReason(storage).stream().toList())
        .addMethod(adopt(model))
        .addMethods(storage.helpers(model));
    return type.build();
  }

  // ------------------------------------------------------------------------------ construction

  private static MethodSpec constructor(ScalarModel model, Storage storage) {
    ParameterSpec p = storage.parameter(model);
    CodeBlock readOnly = storage.forcesReadOnly()
        .map(force -> CodeBlock.of("readOnly || $L", force))
        .orElse(CodeBlock.of("readOnly"));
    return MethodSpec.constructorBuilder()
        .addJavadoc("Creates an array over {@code $N}; every element offset of {@code layout} must"
            + " lie in it.\n", p)
        .addParameter(p)
        .addParameter(LAYOUT, "layout")
        .addParameter(TypeName.BOOLEAN, "readOnly")
        .addStatement("super(layout, $L)", readOnly)
        .addCode(storage.initialize(model))
        .build();
  }

  private static MethodSpec viewConstructor(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Creates a view over the storage of {@code base}.\n")
        .addParameter(model.implementation(storage), "base")
        .addParameter(LAYOUT, "layout")
        .addParameter(TypeName.BOOLEAN, "readOnly")
        .addStatement("super(layout, readOnly)");
    for (FieldSpec f : storage.fields(model)) {
      m.addStatement("this.$N = base.$N", f.name(), f.name());
    }
    return m.build();
  }

  private static MethodSpec view(ScalarModel model, Storage storage) {
    return MethodSpec.methodBuilder("view")
        .addModifiers(Modifier.PROTECTED)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addParameter(LAYOUT, "viewLayout")
        .addParameter(TypeName.BOOLEAN, "viewReadOnly")
        .addStatement("return new $T(this, viewLayout, viewReadOnly)",
            model.implementation(storage))
        .build();
  }

  // ------------------------------------------------------------------------------- accessors

  /** The coordinate arguments of an accessor of {@code arity} ({@code -1}: varargs). */
  static CodeBlock coordinates(MethodSpec.Builder m, int arity) {
    if (arity < 0) {
      m.addParameter(long[].class, "coords").varargs();
      return CodeBlock.of("coords");
    }
    for (int axis = 0; axis < arity; axis++) {
      m.addParameter(TypeName.LONG, AXES.get(axis));
    }
    return CodeBlock.of("$L", String.join(", ", AXES.subList(0, arity)));
  }

  private static MethodSpec getter(ScalarModel model, Storage storage, int arity) {
    MethodSpec.Builder m = override(model.getter(), model.logicalType());
    CodeBlock index = storage.coordinateIndex(coordinates(m, arity));
    return m.addStatement("return $L", model.toLogical(storage.loadAt(model, "this", index)))
        .build();
  }

  private static MethodSpec setter(ScalarModel model, Storage storage, int arity) {
    MethodSpec.Builder m = override(model.setter(), model.arrayInterface())
        .addParameter(model.logicalType(), "value");
    CodeBlock index = storage.coordinateIndex(coordinates(m, arity));
    // The index is computed (and checked) before the store, so a bad coordinate writes nothing.
    return m.addCode(checkWritable())
        .addCode(storage.storeAt(model, index, model.toStorage(CodeBlock.of("value"))))
        .addStatement("return this")
        .build();
  }

  private static MethodSpec fill(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = override("fill", model.arrayInterface())
        .addParameter(model.logicalType(), "value")
        .addCode(checkWritable());
    CodeBlock stored = CodeBlock.of("value");
    if (model.converts()) {
      m.addStatement("$T stored = $L", model.storageType(), model.toStorage(stored));
      stored = CodeBlock.of("stored");
    }
    CodeBlock value = stored;
    return m.addCode(Walks.forEachElement(List.of(Side.self(model, storage)),
            e -> e.get(0).storeStored(value)))
        .addStatement("return this")
        .build();
  }

  /** {@code set(src, coords)} and {@code set(src, indices)}: a copy into a view. */
  static List<MethodSpec> assignments(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    for (TypeName selector : List.of(ArrayTypeName.of(TypeName.LONG), ArrayTypeName.of(INDEX))) {
      String name = selector.equals(ArrayTypeName.of(INDEX)) ? "indices" : "coords";
      MethodSpec.Builder m = override("set", model.arrayInterface())
          .addParameter(model.arrayInterface(), "src")
          .addParameter(selector, name)
          .varargs()
          .addCode(checkWritable());
      if (name.equals("indices")) {
        // an array entry makes this NumPy's scatter: the runtime decides (StridedNdArray)
        out.add(m.addStatement("return setExact(src, indices)").build());
        continue;
      }
      out.add(m.addStatement("$T target = get(coords)", model.arrayInterface())
          .addStatement("checkAssignShape(src, target)")
          .addStatement("target.copyFrom(src)")
          .addStatement("return this")
          .build());
    }
    return out;
  }

  // ---------------------------------------------------------------------------------- copies

  private static MethodSpec copy(ScalarModel model, Storage storage) {
    return override("copy", model.arrayInterface())
        .beginControlFlow("if (size() <= $T.MAX_ARRAY_SIZE)", SCALAR_TYPE)
        .addStatement("return $L", Members.newInstance(model.implementation(Storage.ARRAY),
            CodeBlock.of("toStorageArray()"), CodeBlock.of("$T.cOrder(shape())", LAYOUT),
            CodeBlock.of("false")))
        .endControlFlow()
        .addStatement("return TYPE.zeros(shape()).copyFrom(this)")
        .build();
  }

  static MethodSpec copyTo(ScalarModel model) {
    return override("copyTo", model.arrayInterface())
        .addParameter(model.arrayInterface(), "dst")
        .addStatement("dst.copyFrom(this)")
        .addStatement("return dst")
        .build();
  }

  private static MethodSpec copyFrom(ScalarModel model, Storage storage) {
    return override("copyFrom", model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addCode(checkWritable())
        .addStatement("checkCopyShape(src)")
        .addComment("As NumPy: an overlapping source is read as if it were copied first.")
        .addStatement("$T from = overlaps(src) ? src.copy() : src", model.arrayInterface())
        .addComment("A large copy is split across threads (Parallelism), each copying a range.")
        .beginControlFlow("if (copiedInParts(from, $T::copyFrom))", model.arrayInterface())
        .addStatement("return this")
        .endControlFlow()
        .addCode(dispatch(model, "from", (other, that) -> CodeBlock.of("copyFrom$L($L);\n",
            other.kind(), that)))
        .addStatement("return this")
        .build();
  }

  /**
   * {@code copyFrom}'s helpers for blocks of short rows ({@link Walks#shortRows}), one per
   * unchunked storage of the source, when this storage is unchunked: the view
   * {@code x[:, ::-1, ::2]} of an {@code [n, m, 8]} array copied into a preallocated array is
   * 512 rows of 4 per block.
   */
  private static List<MethodSpec> copyFromShortRows(ScalarModel model, Storage storage) {
    List<MethodSpec> out = new ArrayList<>();
    if (storage.chunked()) {
      return out;
    }
    for (Storage other : Storage.ALL) {
      if (other.chunked()) {
        continue;
      }
      Side mine = Side.self(model, storage);
      Side theirs = Side.other(model, other, THAT);
      out.add(helper("copyFrom" + other.kind() + "ShortRows", TypeName.VOID)
          .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
              .addMember("value", "$S", "fallthrough").build())
          .addJavadoc("Copies the block of rows of at most $L elements at {@code c} from"
              + " {@code $N}, row by row,\neach row's elements unrolled.\n", Walks.SHORT_ROW, THAT)
          .addParameter(ND_ITER, "c")
          .addParameter(model.implementation(other), THAT)
          .addCode(Walks.shortRows(List.of(mine, theirs),
              e -> e.get(0).storeStored(e.get(1).stored())))
          .build());
    }
    return out;
  }

  private static CodeBlock copyFromBody(ScalarModel model, Storage storage, Storage other) {
    Side mine = Side.self(model, storage);
    Side theirs = Side.other(model, other, THAT);
    return Walks.forEachSegment(List.of(mine, theirs), "copyFrom" + other.kind() + "ShortRows",
        (segs, count) -> {
      Walks.Segment to = segs.get(0);
      Walks.Segment from = segs.get(1);
      CodeBlock loop = Walks.anyCountLoop(segs, count,
          e -> e.get(0).storeStored(e.get(1).stored()));
      return storage.bulkCopy(model, other, from.segment(), from.index(), to.segment(),
              to.index(), count.asInt())
          .map(bulk -> CodeBlock.builder()
              .beginControlFlow("if ($L == 1 && $L == 1)", to.stride(), from.stride())
              .add(bulk)
              .nextControlFlow("else")
              .add(loop)
              .endControlFlow()
              .build())
          .orElse(loop);
    });
  }

  /**
   * A fresh C-order Java array of every element: the method, its walk ({@code <name>Into}) and
   * the walk's helper for blocks of short runs ({@link #shortRuns}). When {@code raw} (the
   * stored values themselves), a contiguous layout over a Java array is one
   * {@code Arrays.copyOfRange} (no zeroing of the new array) and every longer unit-stride segment
   * one bulk copy.
   */
  private static List<MethodSpec> flatten(ScalarModel model, Storage storage, String name,
      TypeName component, boolean raw) {
    ArrayTypeName arrayType = ArrayTypeName.of(component);
    MethodSpec.Builder m = override(name, arrayType)
        .addStatement("int size = $L", Members.arraySize(name, CodeBlock.of("size()"),
            CodeBlock.of("shape()"), component));
    if (raw) {
      storage.copyOfRange(model, CodeBlock.of("(int) layout.offset()"),
              CodeBlock.of("(int) layout.offset() + size"))
          .ifPresent(copy -> m.beginControlFlow("if (size > 0 && layout.isContiguous())")
              .addStatement("return $L", copy)
              .endControlFlow());
    }
    m.addStatement("return $NInto(new $T[size])", name, component);
    MethodSpec.Builder into = helper(name + "Into", arrayType)
        .addJavadoc("Copies every element into {@code out}, of {@code size()} elements, in C"
            + " order; returns it.\n")
        .addParameter(arrayType, "out")
        .addStatement("int w = 0");
    Side mine = Side.self(model, storage);
    CodeBlock shortcut = CodeBlock.builder()
        .beginControlFlow("if (c.count() <= $L)", SHORT_RUN)
        .addStatement("w = $NShortRuns(c, out, w)", name)
        .addStatement("continue")
        .endControlFlow()
        .build();
    into.addCode(Walks.forEachSegment(mine, shortcut, (segs, count) -> {
      Walks.Segment seg = segs.get(0);
      CodeBlock loop = Walks.loop(segs, count, e -> CodeBlock.of("out[w + q] = $L;\n",
          raw ? e.get(0).stored() : e.get(0).value()));
      CodeBlock body = raw
          ? storage.bulkToArray(model, seg.segment(), seg.index(), CodeBlock.of("out"),
                  CodeBlock.of("w"), count.asInt())
              .map(bulk -> CodeBlock.builder()
                  .beginControlFlow("if ($L == 1)", seg.stride())
                  .add(bulk)
                  .nextControlFlow("else")
                  .add(loop)
                  .endControlFlow()
                  .build())
              .orElse(loop)
          : loop;
      return CodeBlock.builder().add(body).addStatement("w += $L", count.asInt()).build();
    }));
    List<MethodSpec> out = new ArrayList<>();
    out.add(m.build());
    out.add(into.addStatement("return out").build());
    out.addAll(shortRuns(model, storage, name, component, raw));
    return out;
  }

  /** The longest run {@code flatten} copies row by row with the run's elements unrolled. */
  private static final int SHORT_RUN = 8;

  /**
   * {@code flatten}'s helper for a block of short runs (at most {@link #SHORT_RUN} elements, as
   * the view {@code x[:, ::-1, ::2]} of an {@code [n, m, 8]} array has): one loop over the rows,
   * each row's elements copied by a fall-through switch on the run length, at constant offsets
   * from the row's first element. A loop per run of 4 costs C2's loop set-up per run; this one
   * measured 1.13x a hand-unrolled plain loop where the loop per run was 1.75x (JMH, W3's shape).
   * None for chunked storage, whose walks go by segments.
   */
  private static List<MethodSpec> shortRuns(ScalarModel model, Storage storage, String name,
      TypeName component, boolean raw) {
    if (storage.chunked()) {
      return List.of();
    }
    CodeBlock.Builder cases = CodeBlock.builder().beginControlFlow("switch (len)");
    for (int k = SHORT_RUN - 1; k >= 0; k--) {
      Walks.Element e = Walks.helperElement(model, storage,
          k == 0 ? CodeBlock.of("o") : CodeBlock.of("o + $L * st", k));
      cases.add(k == 0 ? CodeBlock.of("default:\n") : CodeBlock.of("case $L:\n", k + 1)).indent()
          .addStatement("out[$L] = $L", k == 0 ? "w" : "w + " + k, raw ? e.stored() : e.value())
          .unindent();
    }
    cases.endControlFlow();
    return List.of(helper(name + "ShortRuns", TypeName.INT)
        .addAnnotation(AnnotationSpec.builder(SuppressWarnings.class)
            .addMember("value", "$S", "fallthrough").build())
        .addJavadoc("Copies the block of runs of at most $L elements at cursor {@code c} into"
            + " {@code out} from\n{@code w}, row by row, each row's elements unrolled; returns the"
            + " new {@code w}.\n", SHORT_RUN)
        .addParameter(ND_ITER, "c")
        .addParameter(ArrayTypeName.of(component), "out")
        .addParameter(TypeName.INT, "w")
        .addStatement("int len = (int) c.count()")
        .addStatement("int st = (int) c.stride(0)")
        .addStatement("int rs = (int) c.rowStride(0)")
        .addStatement("int o = (int) c.offset(0)")
        .beginControlFlow("for (long r = 0, rows = c.rows(); r < rows; r++, o += rs, w += len)")
        .addCode(cases.build())
        .endControlFlow()
        .addStatement("return w")
        .build());
  }

  private static List<MethodSpec> toArray(ScalarModel model, Storage storage) {
    return flatten(model, storage, "toArray", model.logicalType(), !model.converts());
  }

  private static List<MethodSpec> toStorageArray(ScalarModel model, Storage storage) {
    if (!model.converts()) {
      return List.of(override("toStorageArray", model.storageArray())
          .addStatement("return toArray()")
          .build());
    }
    return flatten(model, storage, "toStorageArray", model.storageType(), true);
  }

  // ----------------------------------------------------------------- equals, hash, toString

  private static MethodSpec equalsMethod(ScalarModel model) {
    return override("equals", TypeName.BOOLEAN)
        .addParameter(Object.class, "obj")
        .beginControlFlow("if (obj == this)")
        .addStatement("return true")
        .endControlFlow()
        .beginControlFlow("if (!(obj instanceof $T other) || !shape().equals(other.shape()))",
            model.arrayInterface())
        .addStatement("return false")
        .endControlFlow()
        .addCode(dispatch(model, "other", (storage, that) -> CodeBlock.of("return equals$L($L);\n",
            storage.kind(), that)))
        .build();
  }

  private static CodeBlock equalsBody(ScalarModel model, Storage storage, Storage other) {
    Side mine = Side.self(model, storage);
    Side theirs = Side.other(model, other, THAT);
    return CodeBlock.builder()
        .add(Walks.forEachElement(List.of(mine, theirs), e -> CodeBlock.builder()
            .beginControlFlow("if ($L)", model.notEqual(e.get(0).value(), e.get(1).value()))
            .addStatement("return false")
            .endControlFlow()
            .build()))
        .addStatement("return true")
        .build();
  }

  private static MethodSpec hashCodeMethod(ScalarModel model, Storage storage) {
    return override("hashCode", TypeName.INT)
        .addStatement("int h = 1")
        .addCode(Walks.forEachElement(List.of(Side.self(model, storage)),
            e -> CodeBlock.of("h = 31 * h + $L;\n", model.hash(e.get(0).value()))))
        .addStatement("return 31 * shape().hashCode() + h")
        .build();
  }

  private static MethodSpec toStringMethod(ScalarModel model, Storage storage) {
    CodeBlock element = model.toLogical(
        storage.loadAt(model, "this", storage.index(CodeBlock.of("offset"))));
    return override("toString", ClassName.get(String.class))
        .addStatement("return $L", model.arrayText(CodeBlock.of("layout"), element))
        .build();
  }

  // -------------------------------------------------------------------- pairs of storages

  /**
   * The dispatch on the implementation of {@code operand}, an array of this type: one branch per
   * storage, calling {@code call(storage, local)} with the operand cast to that implementation;
   * another implementation of the interface is first copied into a Java array.
   */
  static CodeBlock dispatch(ScalarModel model, String operand,
      BiFunction<Storage, String, CodeBlock> call) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int s = 0; s < Storage.ALL.size(); s++) {
      Storage storage = Storage.ALL.get(s);
      String test = "$N instanceof $T $N";
      if (s == 0) {
        b.beginControlFlow("if (" + test + ")", operand, model.implementation(storage), THAT);
      } else {
        b.nextControlFlow("else if (" + test + ")", operand, model.implementation(storage), THAT);
      }
      b.add(call.apply(storage, THAT));
    }
    return b.nextControlFlow("else")
        .add(call.apply(Storage.ARRAY, "adopt(" + operand + ")"))
        .endControlFlow()
        .build();
  }

  /**
   * One private method per storage of the other operand, {@code <name><kind>(that, params...)},
   * each with the body {@code body(otherStorage)}: the targets of {@link #dispatch}.
   */
  static List<MethodSpec> pairMethods(ScalarModel model, Storage storage, String name,
      TypeName returns, List<ParameterSpec> params, Function<Storage, CodeBlock> body) {
    List<MethodSpec> out = new ArrayList<>();
    for (Storage other : Storage.ALL) {
      MethodSpec.Builder m = helper(name + other.kind(), returns)
          .addJavadoc("{@code $N} with an operand over $L.\n", name, other.describe(model))
          .addParameter(model.implementation(other), THAT);
      params.forEach(m::addParameter);
      out.add(m.addCode(body.apply(other)).build());
    }
    return out;
  }

  /**
   * Whether {@code other}'s elements may share memory with this array's: compared by memory
   * (the same Java array, heap buffer array or native addresses), not by storage object, so two
   * wraps of one buffer overlap.
   */
  private static MethodSpec overlaps(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = helper("overlaps", TypeName.BOOLEAN)
        .addJavadoc("Returns whether {@code other}'s elements may lie in memory this array's"
            + " elements use\n(compared by memory, whatever the storage objects), so that a"
            + " write into this array needs it\ncopied first.\n")
        .addParameter(model.arrayInterface(), "other");
    for (Storage other : Storage.ALL) {
      m.beginControlFlow("if (other instanceof $T $N)", model.implementation(other), THAT)
          .addStatement("return $T.mayOverlap($L, layout, $L, $N.layout(), $L)", SHARED_MEMORY,
              storage.storageObject("this"), other.storageObject(THAT), THAT, model.itemSize())
          .endControlFlow();
    }
    return m.addComment("An implementation ndprim did not make: its memory is unknown to it")
        .addStatement("return false")
        .build();
  }

  /** Why a read-only array over storage that may be read-only refuses writes. */
  private static Optional<MethodSpec> readOnlyReason(Storage storage) {
    return storage.readOnlyReason().map(reason -> MethodSpec.methodBuilder("readOnlyReason")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(String.class)
        .addStatement("return $L ? $L : super.readOnlyReason()",
            storage.forcesReadOnly().orElseThrow(), reason)
        .build());
  }

  /** A C-order copy, over a Java array, of an implementation of the interface not made here. */
  private static MethodSpec adopt(ScalarModel model) {
    ClassName arrays = model.implementation(Storage.ARRAY);
    return MethodSpec.methodBuilder("adopt")
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
        .addJavadoc("Returns a C-order copy over a Java array of {@code array}, an implementation"
            + " of\n{@link $T} that ndprim did not make.\n", model.arrayInterface())
        .returns(arrays)
        .addParameter(model.arrayInterface(), "array")
        .addStatement("return $L", Members.newInstance(arrays,
            CodeBlock.of("array.toStorageArray()"), CodeBlock.of("$T.cOrder(array.shape())",
                LAYOUT), CodeBlock.of("false")))
        .build();
  }
}
