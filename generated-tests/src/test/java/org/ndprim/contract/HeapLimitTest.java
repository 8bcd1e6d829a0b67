package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.ndprim.DoubleNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * A result that fits a Java array but not the heap is an {@code IllegalArgumentException} naming
 * the shape and the bytes, before anything is allocated, for every kernel that makes a new Java
 * array (README's Limits), as {@code zeros} has it: never an {@code OutOfMemoryError}.
 */
class HeapLimitTest {
  /** 2^31 - 9 longs: 16 GiB, a Java array's length, more than the test JVM's heap. */
  private static final long N = ScalarType.MAX_ARRAY_SIZE;

  @Test
  void newArraysBeyondTheHeapAreRefusedFirst() {
    assumeTrue(Runtime.getRuntime().maxMemory() < N * Long.BYTES,
        "the heap holds 16 GiB: nothing to refuse");
    LongNdArray big = LongNdArray.scalar(7).broadcastTo(Shape.of(N));
    LongNdArray rows = LongNdArray.scalar(7).broadcastTo(Shape.of(N, 2));
    for (Executable call : new Executable[] {big::copy, big::toArray, big::toStorageArray,
        () -> big.astype(DoubleNdArray.TYPE), () -> big.map(v -> v + 1), () -> rows.sum(1),
        () -> rows.min(1), () -> rows.argMax(1), () -> LongNdArray.TYPE.zeros(Shape.of(N))}) {
      assertThatThrownBy(call::execute)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cannot allocate an array of shape (" + N)
          .hasMessageContaining("17179869112 bytes (16.0 GiB), more than the maximum heap");
    }
  }
}
