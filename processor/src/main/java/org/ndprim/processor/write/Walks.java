package org.ndprim.processor.write;

import static org.ndprim.processor.write.RuntimeNames.PAIR_RUN_CURSOR;
import static org.ndprim.processor.write.RuntimeNames.RUN_CURSOR;

import com.palantir.javapoet.CodeBlock;

/**
 * The loop shapes generated kernels are made of: C-order walks of the dense class's layout over
 * {@code RunCursor} runs. The cursor does the stride math; the generated loop only steps an
 * offset by the run's stride.
 */
final class Walks {
  private Walks() {}

  /**
   * The C-order walk of {@code layout}: {@code body} runs once per element with its storage
   * offset in {@code o}.
   */
  static CodeBlock forEachOffset(CodeBlock body) {
    return forEachRun(CodeBlock.builder()
        .beginControlFlow("for (long k = 0, n = c.length(); k < n; k++, o += st)")
        .add(body)
        .endControlFlow()
        .build());
  }

  /**
   * The same walk one run at a time: {@code perRun} sees the cursor {@code c} (its
   * {@code length()}), the run start {@code o} and its stride {@code st}, e.g. to copy a
   * unit-stride run with {@code System.arraycopy}.
   */
  static CodeBlock forEachRun(CodeBlock perRun) {
    return CodeBlock.builder()
        .beginControlFlow("for ($T c = layout.runs(); c.next(); )", RUN_CURSOR)
        .addStatement("int o = c.offset()")
        .addStatement("int st = c.stride()")
        .add(perRun)
        .endControlFlow()
        .build();
  }

  /**
   * The lock-step C-order walk of {@code layout} and {@code <other>.layout} (equal shapes):
   * {@code body} sees this array's offset in {@code o} and the other's in {@code p}.
   */
  static CodeBlock forEachOffsetPair(String other, CodeBlock body) {
    return forEachRunPair(other, CodeBlock.builder()
        .beginControlFlow("for (long k = 0, n = c.length(); k < n; k++, o += st, p += pst)")
        .add(body)
        .endControlFlow()
        .build());
  }

  /**
   * The same lock-step walk one run at a time: {@code perRun} sees the cursor {@code c} (its
   * {@code length()}), the run starts {@code o} and {@code p} and their strides {@code st} and
   * {@code pst}, e.g. to copy a run with {@code System.arraycopy} when both strides are 1.
   */
  static CodeBlock forEachRunPair(String other, CodeBlock perRun) {
    return CodeBlock.builder()
        .beginControlFlow("for ($T c = $T.pair(layout, $N.layout); c.next(); )",
            PAIR_RUN_CURSOR, RUN_CURSOR, other)
        .addStatement("int o = c.offsetA()")
        .addStatement("int p = c.offsetB()")
        .addStatement("int st = c.strideA()")
        .addStatement("int pst = c.strideB()")
        .add(perRun)
        .endControlFlow()
        .build();
  }
}
