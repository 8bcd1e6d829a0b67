package org.ndprim.processor.model;

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
 * Storage in memory of one chunk: one heap, direct or memory-mapped byte buffer (the runtime's
 * {@code Chunks} of one buffer), read through one typed view ({@code ShortBuffer data}) in the
 * memory's byte order. A buffer holds at most 2 GiB, so element offsets fit an {@code int}, and
 * the accessors and loops index the view as the array storage indexes its array.
 */
final class BufferStorage extends BufferBackedStorage {
  private static final ClassName CHUNKS = ChunkedStorage.CHUNKS;
  private static final String MEMORY = "memory";
  private static final String DATA = "data";

  @Override
  public String kind() {
    return "Buffer";
  }

  @Override
  public String describe(ScalarModel model) {
    return "memory in one byte buffer";
  }

  @Override
  public String details(ScalarModel model) {
    return "The memory ({@link " + CHUNKS.canonicalName() + "} of one heap, direct or"
        + " memory-mapped buffer) is\nread through a {@code " + model.stored().buffer().simpleName()
        + "} view in the memory's byte order. Element offsets are indices into the\nview,"
        + " {@code int}; element access goes through {@code Layout.storageIndex}, as over a Java"
        + "\narray."
        + (model.stored().storedAsByte()
            ? " An element is one byte: nonzero reads as {@code true}, {@code true} is written"
                + "\nas 1, as NumPy's {@code |b1}." : "");
  }

  @Override
  public List<FieldSpec> fields(ScalarModel model) {
    return List.of(
        FieldSpec.builder(CHUNKS, MEMORY, Modifier.FINAL)
            .addJavadoc("The memory, shared by every view of it.\n")
            .build(),
        FieldSpec.builder(model.stored().buffer(), DATA, Modifier.FINAL)
            .addJavadoc("The typed view of the memory's buffer, shared by every view of it.\n")
            .build());
  }

  @Override
  public CodeBlock initialize(ScalarModel model) {
    CodeBlock view = model.stored().bufferView()
        .map(method -> CodeBlock.of("$N.chunk(0).$N()", MEMORY, method))
        .orElse(CodeBlock.of("$N.chunk(0)", MEMORY));
    return CodeBlock.builder()
        .addStatement("this.$N = $N", MEMORY, MEMORY)
        .addStatement("this.$N = $L", DATA, view)
        .build();
  }

  @Override
  public List<MethodSpec> helpers(ScalarModel model) {
    return List.of();
  }

  @Override
  public TypeName indexType() {
    return TypeName.INT;
  }

  @Override
  public CodeBlock coordinateIndex(CodeBlock args) {
    return CodeBlock.of("layout.storageIndex($L)", args);
  }

  @Override
  public CodeBlock index(CodeBlock offset) {
    return Storage.ARRAY.index(offset);
  }

  @Override
  public CodeBlock loadAt(ScalarModel model, String owner, CodeBlock index) {
    return load(model, field(owner), index);
  }

  @Override
  public CodeBlock storeAt(ScalarModel model, CodeBlock index, CodeBlock value) {
    return store(model, CodeBlock.of(DATA), index, value);
  }

  private static CodeBlock field(String owner) {
    return owner.equals("this") ? CodeBlock.of(DATA) : CodeBlock.of("$N.$N", owner, DATA);
  }

  @Override
  public boolean chunked() {
    return false;
  }

  @Override
  public CodeBlock segmentOf(String owner, CodeBlock offset) {
    return field(owner);
  }

  @Override
  public CodeBlock segmentAt(String owner, CodeBlock chunk) {
    return field(owner);
  }

  @Override
  public Optional<CodeBlock> memory(String owner) {
    return Optional.of(owner.equals("this") ? CodeBlock.of(MEMORY)
        : CodeBlock.of("$N.$N", owner, MEMORY));
  }

  @Override
  public Optional<ParameterSpec> segmentParameter(ScalarModel model) {
    return Optional.empty();
  }

}
