package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.Float16NdArray;

/**
 * {@code forEach}, {@code forEachIndexed} and the reductions allocate nothing per element: over a
 * million elements of a strided view they allocate far less than one byte per element (the
 * cursors and the coordinates array are allocated once per call). Measured with the JVM's
 * per-thread allocation counter, through the typed API (no boxing, no reflection).
 */
class IterationAllocationTest {
  private static final int N = 1000;
  private long sink;
  private double dsink;

  private static long allocated() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  @Test
  void perElementWalksAllocateNothingPerElement() {
    IntNdArray ints = IntNdArray.zeros(Shape.of(N, 2 * N)).slice("::-1, ::2");  // 10^6, strided
    Float16NdArray halves = Float16NdArray.full(Shape.of(N, N), 1.5f).transpose();
    DoubleNdArray doubles = DoubleNdArray.full(Shape.of(N, N), 0.25).slice(":, ::-1");
    for (int round = 0; round < 3; round++) {  // the last round runs compiled code
      long before = allocated();
      ints.forEach(v -> sink += v);
      ints.forEachIndexed((coords, v) -> sink += coords[1] + v);
      halves.forEach(v -> dsink += v);
      halves.forEachIndexed((coords, v) -> dsink += coords[0] * v);
      sink += ints.sum() + ints.argMax() + ints.min();
      dsink += halves.sum() + halves.max() + doubles.sum() + doubles.argMin();
      long bytes = allocated() - before;
      // Any allocation per element costs >= 16 B x 6 x 10^6; the first, interpreted round also
      // pays one-off lambda linkage and class loading (~100 KB), so the bound sits between.
      assertThat(bytes).as("bytes allocated walking 6 x 10^6 elements").isLessThan(1_000_000);
    }
    assertThat(dsink).isPositive();
  }
}
