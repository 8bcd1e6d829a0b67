package org.ndprim.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Storage in memory of several chunks: the runtime's {@code Chunks} (heap, direct or
 * memory-mapped byte buffers, in the memory's byte order, beyond 2 GiB) read through typed views,
 * one per chunk ({@code ShortBuffer[] data}).
 * Element offsets are {@code long}: offset {@code o} is element {@code (int) (o & mask)} of
 * segment {@code data[(int) (o >>> shift)]}, so arrays may exceed 2^31 elements and files 2 GiB;
 * loops walk the runtime's {@code SegmentCursor}, which cuts runs at chunk boundaries.
 * A {@code boolean} is one byte, nonzero read as {@code true} and written as 1, as NumPy's
 * {@code |b1}.
 */
final class ChunkedStorage extends BufferBackedStorage {
  static final ClassName CHUNKS = ClassName.get("org.ndprim.storage", "Chunks");
  private static final String MEMORY = "memory";
  private static final String DATA = "data";
  private static final String SHIFT = "shift";
  private static final String MASK = "mask";
  private static final String LOAD = "load";
  private static final String STORE = "store";
  private static final String VIEWS = "views";

  @Override
  public String kind() {
    return "Chunked";
  }

  @Override
  public String describe(ScalarModel model) {
    return "memory in several byte buffers";
  }

  @Override
  public String details(ScalarModel model) {
    return "The memory ({@link " + CHUNKS.canonicalName() + "}: heap, direct or memory-mapped"
        + " buffers in\nchunks of one power-of-two size, for arrays beyond 2 GiB) is read through"
        + " one {@code "
        + model.stored().buffer().simpleName() + "} view per chunk,\nin the memory's byte order."
        + " Element offsets are {@code long}: offset {@code o} is element\n"
        + "{@code o & mask} of chunk {@code o >>> shift}; loops walk a run chunk by chunk."
        + (model.stored().storedAsByte()
            ? "\nAn element is one byte: nonzero reads as {@code true}, {@code true} is written"
                + " as 1, as NumPy's {@code |b1}." : "");
  }

  private static TypeName views(ScalarModel model) {
    return ArrayTypeName.of(model.stored().buffer());
  }

  @Override
  public List<FieldSpec> fields(ScalarModel model) {
    return List.of(
        FieldSpec.builder(CHUNKS, MEMORY, Modifier.FINAL)
            .addJavadoc("The memory, shared by every view of it.\n")
            .build(),
        FieldSpec.builder(views(model), DATA, Modifier.FINAL)
            .addJavadoc("One typed view per chunk of the memory, shared by every view of it.\n")
            .build(),
        FieldSpec.builder(TypeName.INT, SHIFT, Modifier.FINAL)
            .addJavadoc("Offset {@code o} lies in chunk {@code o >>> shift}.\n")
            .build(),
        FieldSpec.builder(TypeName.LONG, MASK, Modifier.FINAL)
            .addJavadoc("Offset {@code o} is element {@code o & mask} of its chunk.\n")
            .build());
  }

  @Override
  public CodeBlock initialize(ScalarModel model) {
    return CodeBlock.builder()
        .addStatement("this.$N = $N", MEMORY, MEMORY)
        .addStatement("this.$N = $N($N)", DATA, VIEWS, MEMORY)
        .addStatement("this.$N = $N.elementShift($L)", SHIFT, MEMORY, model.itemSize())
        .addStatement("this.$N = (1L << $N) - 1", MASK, SHIFT)
        .build();
  }

  @Override
  public List<MethodSpec> helpers(ScalarModel model) {
    TypeName s = model.storageType();
    Primitive p = model.stored();
    CodeBlock view = p.bufferView()
        .map(method -> CodeBlock.of("$N.chunk(c).$N()", MEMORY, method))
        .orElse(CodeBlock.of("$N.chunk(c)", MEMORY));
    return List.of(
        MethodSpec.methodBuilder(VIEWS)
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
            .addJavadoc("Returns a typed view of every chunk of {@code memory}, in its byte order.\n")
            .returns(views(model))
            .addParameter(CHUNKS, MEMORY)
            .addStatement("$T views = new $T[$N.count()]", views(model), p.buffer(), MEMORY)
            .beginControlFlow("for (int c = 0; c < views.length; c++)")
            .addStatement("views[c] = $L", view)
            .endControlFlow()
            .addStatement("return views")
            .build(),
        MethodSpec.methodBuilder(LOAD)
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc("Returns the stored value at element offset {@code o}.\n")
            .returns(s)
            .addParameter(TypeName.LONG, "o")
            .addStatement("return $L", load(model,
                CodeBlock.of("$N[(int) (o >>> $N)]", DATA, SHIFT),
                CodeBlock.of("(int) (o & $N)", MASK)))
            .build(),
        MethodSpec.methodBuilder(STORE)
            .addModifiers(Modifier.PRIVATE)
            .addJavadoc("Stores {@code value} at element offset {@code o}.\n")
            .addParameter(TypeName.LONG, "o")
            .addParameter(s, "value")
            .addCode(store(model, CodeBlock.of("$N[(int) (o >>> $N)]", DATA, SHIFT),
                CodeBlock.of("(int) (o & $N)", MASK), CodeBlock.of("value")))
            .build());
  }

  @Override
  public TypeName indexType() {
    return TypeName.LONG;
  }

  @Override
  public CodeBlock coordinateIndex(CodeBlock args) {
    return CodeBlock.of("layout.offsetOf($L)", args);
  }

  @Override
  public CodeBlock index(CodeBlock offset) {
    return offset;
  }

  @Override
  public CodeBlock loadAt(ScalarModel model, String owner, CodeBlock index) {
    return owner.equals("this") ? CodeBlock.of("$N($L)", LOAD, index)
        : CodeBlock.of("$N.$N($L)", owner, LOAD, index);
  }

  @Override
  public CodeBlock storeAt(ScalarModel model, CodeBlock index, CodeBlock value) {
    return CodeBlock.of("$N($L, $L);\n", STORE, index, value);
  }

  @Override
  public boolean chunked() {
    return true;
  }

  @Override
  public CodeBlock segmentOf(String owner, CodeBlock offset) {
    return owner.equals("this") ? CodeBlock.of("$N[(int) ($L >>> $N)]", DATA, offset, SHIFT)
        : CodeBlock.of("$N.$N[(int) ($L >>> $N.$N)]", owner, DATA, offset, owner, SHIFT);
  }

  @Override
  public CodeBlock segmentAt(String owner, CodeBlock chunk) {
    return owner.equals("this") ? CodeBlock.of("$N[$L]", DATA, chunk)
        : CodeBlock.of("$N.$N[$L]", owner, DATA, chunk);
  }

  @Override
  public Optional<CodeBlock> memory(String owner) {
    return Optional.of(owner.equals("this") ? CodeBlock.of("$N", MEMORY)
        : CodeBlock.of("$N.$N", owner, MEMORY));
  }

  @Override
  public Optional<ParameterSpec> segmentParameter(ScalarModel model) {
    return Optional.of(ParameterSpec.builder(segmentType(model), "seg").build());
  }

}
