package org.ndprim.processor.model;

import com.palantir.javapoet.CodeBlock;
import java.util.Optional;

/**
 * Element access on typed {@code java.nio} buffers ({@code ShortBuffer}, ...), the segments of
 * both buffer storages: absolute {@code get}/{@code put}, and the bulk forms of Java 13 and 16. A
 * {@code boolean} is one byte: nonzero reads as {@code true}, {@code true} is written as 1, as
 * NumPy's {@code |b1}; there is no bulk copy between a {@code boolean[]} and bytes.
 */
final class TypedBuffers {
  private TypedBuffers() {}

  static CodeBlock load(ScalarModel model, CodeBlock segment, CodeBlock index) {
    CodeBlock raw = CodeBlock.of("$L.get($L)", segment, index);
    return model.stored().storedAsByte() ? CodeBlock.of("($L != 0)", raw) : raw;
  }

  static CodeBlock store(ScalarModel model, CodeBlock segment, CodeBlock index, CodeBlock value) {
    CodeBlock stored = model.stored().storedAsByte()
        ? CodeBlock.of("$L ? (byte) 1 : (byte) 0", value) : value;
    return CodeBlock.of("$L.put($L, $L);\n", segment, index, stored);
  }

  /** Buffer segment to a Java array of the storage primitive, or empty. */
  static Optional<CodeBlock> getArray(ScalarModel model, CodeBlock segment, CodeBlock index,
      CodeBlock array, CodeBlock arrayIndex, CodeBlock count) {
    if (model.stored().storedAsByte()) {
      return Optional.empty();
    }
    return Optional.of(CodeBlock.of("$L.get($L, $L, $L, $L);\n", segment, index, array,
        arrayIndex, count));
  }

  /** Java array of the storage primitive to a buffer segment, or empty. */
  static Optional<CodeBlock> putArray(ScalarModel model, CodeBlock segment, CodeBlock index,
      CodeBlock array, CodeBlock arrayIndex, CodeBlock count) {
    if (model.stored().storedAsByte()) {
      return Optional.empty();
    }
    return Optional.of(CodeBlock.of("$L.put($L, $L, $L, $L);\n", segment, index, array,
        arrayIndex, count));
  }
}
