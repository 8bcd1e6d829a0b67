package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.ndprim.DoubleNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * A result that fits a Java array but not the heap is an {@code IllegalArgumentException} naming
 * the shape and the bytes, before anything is allocated, for every kernel that makes a new Java
 * array (README's Limits), as {@code zeros} has it: never an {@code OutOfMemoryError}. Over every
 * type whose array of {@link #N} elements is larger than the test JVM's heap, in every storage.
 */
class HeapLimitTest {
  /** 2^31 - 9 elements: a Java array's length. */
  private static final long N = ScalarType.MAX_ARRAY_SIZE;

  @TestFactory
  Stream<DynamicTest> newArraysBeyondTheHeapAreRefusedFirst() {
    List<DynamicTest> tests = new ArrayList<>();
    for (ScalarCase<?> c : ScalarCase.ALL) {
      tests.add(DynamicTest.dynamicTest(c.toString(), () -> check(c)));
    }
    return tests.stream();
  }

  private static void check(ScalarCase<?> c) {
    // a Java array's length in storage primitives (two per complex element)
    long n = N / c.type().slots();
    assumeTrue(Runtime.getRuntime().maxMemory() < n * c.type().itemSize(),
        "the heap holds the array");
    NdArray scalar = new TypedApi(c).place(c.type().zeros(Shape.scalar()));
    NdArray big = scalar.broadcastTo(Shape.of(n));
    NdArray rows = scalar.broadcastTo(Shape.of(n, 2));
    KernelApi kernels = new KernelApi(c);
    TypedApi api = new TypedApi(c);
    List<Executable> calls = new ArrayList<>(List.of(big::copy, big::toStorageArray,
        () -> api.toList(big), () -> big.astype(DoubleNdArray.TYPE),
        () -> rows.transpose().copy(), () -> c.type().zeros(Shape.of(n))));
    for (String reduction : List.of("sum", "min", "argMax")) {
      if (kernels.has(reduction, 1)) {
        calls.add(() -> kernels.reduce(reduction, rows, 1));
      }
    }
    for (Executable call : calls) {
      assertThatThrownBy(call::execute)
          .as(c.toString())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cannot allocate an array of shape (")
          .hasMessageContaining(Long.toString(n))
          .hasMessageContaining("more than the maximum heap");
    }
    assertThat(calls).hasSizeGreaterThanOrEqualTo(7);
  }

  /** The same through the typed kernels, for a type whose element takes 8 bytes (map included). */
  @Test
  void typedKernelsOfLongs() {
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
