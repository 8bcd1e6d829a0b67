package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.Allocation;

/**
 * A float reduction whose innermost reduced run is longer than a part, over an input that is not
 * read in place (another dtype, buffer storage, the other byte order), reads that run a stage at a
 * time: it allocates a few stages, not a float64 copy of the run. Before, {@code int8 (2, 75e6)
 * .mean(axis=1)} copied a 600 MB run and ran out of a 1 GiB heap; here runs of 3,000,000 elements
 * (a 24 MB copy each) must allocate under 4 MiB in all (about 1.4 MB: a few stages, and
 * the views of the pieces). The values are checked against sums
 * that are exact in any order (golden/reduction_long_runs.txt.gz holds NumPy's bits).
 */
class ReduceLongRunTest {
  private static final int N = 3_000_000;
  private static final long BOUND = 4 << 20;
  private int grain;
  private int sumGrain;

  @BeforeEach
  void oneThread() {
    // the allocation is counted on the calling thread: keep every part and pairwise half on it
    grain = Reduce.grain;
    sumGrain = ParallelSum.grain;
    Reduce.grain = Integer.MAX_VALUE / 2;
    ParallelSum.grain = Integer.MAX_VALUE / 2;
  }

  @AfterEach
  void restore() {
    Reduce.grain = grain;
    ParallelSum.grain = sumGrain;
    Reduce.partSize = Reduce.PART;
  }

  @Test
  void aLongRunSplitAcrossThreadsHasTheBitsOfAWholeCopy() {
    java.util.Random random = new java.util.Random(20261202);
    float[] f = new float[300_007];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3));
    }
    FloatNdArray a = FloatNdArray.wrap(Shape.of(f.length), f);
    for (NdArray v : new NdArray[] {a, a.slice("::-2"), Float16NdArray.TYPE.fromDoubles(
        Shape.of(f.length), a.astype(DoubleNdArray.TYPE).toArray())}) {
      Reduce.partSize = Integer.MAX_VALUE; // one whole copy, summed pairwise
      double whole = ((NdArray) Reduce.sum(v, NdArray.class, false)).astype(DoubleNdArray.TYPE)
          .toArray()[0];
      double mean = ((NdArray) Reduce.mean(v, NdArray.class, false))
          .astype(DoubleNdArray.TYPE).toArray()[0];
      Reduce.partSize = Reduce.PART;
      ParallelSum.grain = 1000; // the top nodes of the pairwise tree on two threads, each a reader
      assertThat(((NdArray) Reduce.sum(v, NdArray.class, false)).astype(DoubleNdArray.TYPE)
          .toArray()[0]).as(v.scalarType().name() + v.layout()).isEqualTo(whole);
      assertThat(((NdArray) Reduce.mean(v, NdArray.class, false)).astype(DoubleNdArray.TYPE)
          .toArray()[0]).as(v.scalarType().name() + v.layout()).isEqualTo(mean);
      ParallelSum.grain = Integer.MAX_VALUE / 2;
    }
  }

  @Test
  void aMeanOfInt8AlongALongAxisAllocatesAFewStages() {
    byte[] b = new byte[2 * N];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (i % 7 - 3 + (i < N ? 0 : 2)); // row 0: mean ~0, row 1: ~2
    }
    ByteNdArray a = ByteNdArray.wrap(Shape.of(2, N), b);
    double[] expected = new double[2];
    for (int i = 0; i < b.length; i++) {
      expected[i / N] += b[i];
    }
    double all = (expected[0] + expected[1]) / (2.0 * N);
    expected[0] /= N;
    expected[1] /= N;
    assertBounded(() -> ((DoubleNdArray) Reduce.mean(a, NdArray.class, false, 1)).toArray(),
        expected);
    // var: an input of more than varCopyLimit elements is walked twice, each run in stages
    double[] var = ((DoubleNdArray) Reduce.var(a, NdArray.class, false, 0, false, 1)).toArray();
    assertThat(var[0]).isCloseTo(4.0, org.assertj.core.data.Offset.offset(1e-3));
    assertBounded(() -> ((DoubleNdArray) Reduce.var(a, NdArray.class, false, 0, false, 1))
        .toArray(), var);
    // over every axis: one run of 2N
    assertBounded(() -> ((DoubleNdArray) Reduce.mean(a, NdArray.class, false)).toArray(),
        new double[] {all});
  }

  @Test
  void floatSumsOfOtherStoragesAllocateAFewStages() {
    // float32 over a Java array (its carrier is float64), float64 in a big-endian buffer,
    // float16: the sums of small integers, exact in any order
    float[] f = new float[2 * N];
    for (int i = 0; i < f.length; i++) {
      f[i] = i % 5;
    }
    FloatNdArray f32 = FloatNdArray.wrap(Shape.of(2, N), f);
    double row = 0;
    for (int i = 0; i < N; i++) {
      row += i % 5;
    }
    double rowSum = row;
    assertBounded(() -> ((FloatNdArray) Reduce.sum(f32, NdArray.class, false, 1))
        .astype(DoubleNdArray.TYPE).toArray(), new double[] {rowSum, rowSum});
    ByteBuffer bytes = ByteBuffer.allocateDirect(8 * 2 * N).order(ByteOrder.BIG_ENDIAN);
    for (int i = 0; i < 2 * N; i++) {
      bytes.putDouble(8 * i, i % 5);
    }
    DoubleNdArray f64 = DoubleNdArray.wrap(Shape.of(2, N), bytes);
    assertBounded(() -> ((DoubleNdArray) Reduce.sum(f64, NdArray.class, false, 1)).toArray(),
        new double[] {rowSum, rowSum});
    Float16NdArray f16 = (Float16NdArray) f32.astype(Float16NdArray.TYPE);
    assertBounded(() -> ((Float16NdArray) Reduce.mean(f16, NdArray.class, false, 1))
        .astype(DoubleNdArray.TYPE).toArray(), new double[] {2.0, 2.0});
  }

  private static void assertBounded(java.util.function.Supplier<double[]> reduction,
      double[] expected) {
    double[][] got = new double[1][];
    long bytes = Allocation.leastOf(3, () -> {
      got[0] = reduction.get();
      return Double.doubleToLongBits(got[0][0]);
    });
    assertThat(got[0]).containsExactly(expected);
    assertThat(bytes).as("bytes allocated").isLessThan(BOUND);
  }
}
