package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.Optional;

/**
 * What the two storages over byte buffers share: the runtime's {@code Chunks} memory as the
 * constructor parameter and the read-only source, no Java array to copy or allocate, and
 * segments that are typed {@code java.nio} views ({@code ShortBuffer}) read and written through
 * {@link TypedBuffers}. {@link BufferStorage} is one such view, {@link ChunkedStorage} one per
 * chunk.
 */
abstract class BufferBackedStorage extends Storage {
  private static final ClassName CHUNKS = ChunkedStorage.CHUNKS;
  private static final String MEMORY = "memory";

  BufferBackedStorage() {}

  @Override
  public ParameterSpec parameter(ScalarModel model) {
    return ParameterSpec.builder(CHUNKS, MEMORY).build();
  }

  @Override
  public Optional<CodeBlock> forcesReadOnly() {
    return Optional.of(CodeBlock.of("$N.isReadOnly()", MEMORY));
  }

  @Override
  public Optional<CodeBlock> swapped() {
    return Optional.of(CodeBlock.of("$N.order() != $T.nativeOrder()", MEMORY,
        java.nio.ByteOrder.class));
  }

  @Override
  public CodeBlock typeFactory(ScalarModel model) {
    return CodeBlock.of("(memory, layout) ->$Wnew $T(memory, layout, false)",
        implementation(model));
  }

  @Override
  public CodeBlock storageObject(String owner) {
    return owner.equals("this") ? CodeBlock.of("$N", MEMORY)
        : CodeBlock.of("$N.$N", owner, MEMORY);
  }

  @Override
  public Optional<CodeBlock> readOnlyReason() {
    return Optional.of(CodeBlock.of("$N.readOnlyReason()", MEMORY));
  }

  @Override
  public Optional<CodeBlock> copyOfRange(ScalarModel model, CodeBlock from, CodeBlock to) {
    return Optional.empty();
  }

  @Override
  public Optional<CodeBlock> allocate(ScalarModel model, CodeBlock size) {
    return Optional.empty();
  }

  @Override
  public TypeName segmentType(ScalarModel model) {
    return model.stored().buffer();
  }

  @Override
  public CodeBlock load(ScalarModel model, CodeBlock segment, CodeBlock index) {
    return TypedBuffers.load(model, segment, index);
  }

  @Override
  public CodeBlock store(ScalarModel model, CodeBlock segment, CodeBlock index, CodeBlock value) {
    return TypedBuffers.store(model, segment, index, value);
  }

  @Override
  boolean segmentsAreArrays() {
    return false;
  }
}
