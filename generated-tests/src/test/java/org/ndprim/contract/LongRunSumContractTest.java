package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Test;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.layout.Layout;

/**
 * Integer sums over runs of 2^31 elements and more (issue 18, item 1), which broadcasting makes
 * without memory: NumPy's {@code np.broadcast_to(np.array([5]), (2, 2**31 + 3)).sum()} is
 * {@code 21474836510}. Every integer type over every storage sums the four loop shapes of the
 * generated sums: one run of exactly 2^31 elements (which used to hang), one run of 2^32 + 6
 * merged from two broadcast axes, two rows of 2^31 + 3 through the block walk, and per-axis lines
 * of 2^31 + 3. Each is bounded in time, so that a regression fails instead of hanging.
 */
class LongRunSumContractTest {
  private static final long N = (1L << 31) + 3;

  /** The integer types (the sums of the floating ones are pairwise in long counts already). */
  private static final List<ScalarCase<?>> INTEGRAL = ScalarCase.TYPES.stream()
      .filter(c -> !c.floating() && !c.name().equals("Boolean"))
      .toList();

  private interface Shape4 {
    void check(NdArrayContractTest.Fixture f, KernelApi kernels);
  }

  @TestFactory
  Stream<DynamicTest> integerSumsOverRunsBeyondAnIntAreExact() {
    List<Shape4> shapes = List.of(
        LongRunSumContractTest::exactlyTwoToThe31,
        LongRunSumContractTest::twoMergedBroadcastAxes,
        LongRunSumContractTest::twoRowsOfBlocks,
        LongRunSumContractTest::perAxisLines);
    List<String> names = List.of("sumOfExactly2^31", "sumOf2x(2^31+3)Merged",
        "sumOfTwoRowsOf2^31+3", "sumAxis1Of2x(2^31+3)");
    List<DynamicTest> tests = new ArrayList<>();
    for (ScalarCase<?> type : INTEGRAL) {
      for (StorageCase storage : StorageCase.values()) {
        ScalarCase<?> c = type.over(storage);
        for (int shape = 0; shape < shapes.size(); shape++) {
          Shape4 check = shapes.get(shape);
          tests.add(DynamicTest.dynamicTest(c + ": " + names.get(shape),
              () -> assertTimeoutPreemptively(Duration.ofSeconds(60),
                  () -> check.check(new NdArrayContractTest.Fixture(c), new KernelApi(c)))));
        }
      }
    }
    return tests.stream();
  }

  /** {@code [5]} broadcast to {@code (2^31,)}: one run of exactly 2^31, which used to hang. */
  private static void exactlyTwoToThe31(NdArrayContractTest.Fixture f, KernelApi kernels) {
    NdArray a = f.api.vector(f.values(5)).broadcastTo(Shape.of(1L << 31));
    assertThat(kernels.reduce("sum", a)).isEqualTo(5L << 31);
  }

  /** {@code [5]} broadcast to {@code (2, 2^31 + 3)}: the case, one run of 2^32 + 6. */
  private static void twoMergedBroadcastAxes(NdArrayContractTest.Fixture f, KernelApi kernels) {
    NdArray a = f.api.vector(f.values(5)).broadcastTo(Shape.of(2, N));
    assertThat(kernels.reduce("sum", a)).isEqualTo(21474836510L);
  }

  /** {@code [[5], [7]]} broadcast to {@code (2, 2^31 + 3)}: two rows of a block walk. */
  private static void twoRowsOfBlocks(NdArrayContractTest.Fixture f, KernelApi kernels) {
    NdArray a = f.api.of(Shape.of(2, 1), f.values(5, 7)).broadcastTo(Shape.of(2, N));
    assertThat(kernels.reduce("sum", a)).isEqualTo(12 * N);
  }

  /** The per-axis sums of {@code [[5], [7]]} broadcast to {@code (2, 2^31 + 3)} along axis 1. */
  private static void perAxisLines(NdArrayContractTest.Fixture f, KernelApi kernels) {
    NdArray a = f.api.of(Shape.of(2, 1), f.values(5, 7)).broadcastTo(Shape.of(2, N));
    NdArray sums = kernels.reduce("sum", a, 1);
    assertThat(sums.shape()).isEqualTo(Shape.of(2));
    assertThat(sums.getObject(0L)).isEqualTo(5 * N);
    assertThat(sums.getObject(1L)).isEqualTo(7 * N);
  }

  /**
   * A copy into a writable {@code asStrided} view of stride 0 over 2^31 + 3 elements (NumPy's
   * {@code as_strided(a, (2**31 + 3,), (0,))[...] = 7}) ends, with the last element written:
   * its element loop used to count in {@code int} against the {@code long} run length. Over a
   * Java array and a buffer (chunked memory cuts runs into {@code int} segments already).
   */
  @Test
  void copiesIntoAStrideZeroViewOfMoreThanAnIntsWorthEnd() {
    for (StorageCase storage : new StorageCase[] {StorageCase.ARRAY, StorageCase.HEAP_BUFFER}) {
      LongNdArray one = storage.place(LongNdArray.TYPE, LongNdArray.zeros(Shape.of(1)));
      LongNdArray view = one.asStrided(Layout.of(0, new long[] {N}, new long[] {0}));
      LongNdArray source = LongNdArray.vector(6, 7).slice("1:").broadcastTo(Shape.of(N));
      // a guard against the old endless loop, not a speed target: 2^31 writes through a buffer
      // took 68 s with four builds sharing 2 cores, so the bound is generous
      assertTimeoutPreemptively(Duration.ofSeconds(600), () -> view.copyFrom(source));
      assertThat(one.getLong(0)).as("%s", storage).isEqualTo(7L);
    }
  }
}
