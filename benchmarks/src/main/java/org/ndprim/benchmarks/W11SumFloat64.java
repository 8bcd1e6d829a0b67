package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.Shape;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;

/**
 * W11 (float64): the sum of 2^25 (32M) uniformly random doubles in [0, 1) (a flat
 * {@code double[]}, {@link Data#uniformDoubles} with seed {@link #SEED}), NumPy's
 * {@code np.sum(x)}. Unlike the other sums here, the result is not exact: the order of the
 * additions decides its last bits, and the point of W11 is NumPy's own order.
 *
 * <ul>
 *   <li>plain: NumPy's pairwise summation in plain Java ({@link PairwiseSum#sum(double[])}):
 *       blocks of at most 128 elements summed with eight accumulators, combined pairwise. It is
 *       the result {@code np.sum} gives, bit for bit ({@code WorkloadsTest} checks it against
 *       NumPy's values for this data), and also the fast form: eight independent accumulators
 *       keep both floating-point adders busy, so the loop runs at the speed of memory;
 *   <li>TF-Java: {@code x.streamOfDoubles().sum()} (TF-Java has no reductions; its stream is
 *       its bulk read, and {@code DoubleStream.sum()} is compensated (Kahan) summation, so its
 *       last bits differ from NumPy's too);
 *   <li>ndprim: {@code DoubleNdArray.wrap(Shape.of(n), data).sum()}.
 * </ul>
 *
 * <p>The verification therefore cannot demand bit equality from TF-Java or, for now, from
 * ndprim, whose {@code sum()} adds sequentially: both must be within {@link #TOLERANCE}
 * (relative) of the plain result. Bit equality of ndprim with the plain result, that is with
 * {@code np.sum}, is checked as well once {@link #NDPRIM_SUM_IS_NUMPY_PAIRWISE} is
 * {@code true}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W11SumFloat64 {
  /**
   * Whether ndprim's {@code DoubleNdArray.sum()} is NumPy's pairwise summation:
   * {@code true} since issue 10: the verification demands bit equality with {@code np.sum}.
   */
  public static final boolean NDPRIM_SUM_IS_NUMPY_PAIRWISE = true;

  /**
   * The relative difference allowed between the plain (pairwise) sum and the other variants'.
   * A sequential double sum of n values of one sign is off by at most (n - 1) 2^-53 relative in
   * the worst case (3.7e-9 for n = 2^25), but its roundings are independent and of either sign,
   * so in practice the error grows like sqrt(n) 2^-53 (6.4e-13 for 2^25); on this data ndprim's
   * sequential sum is 7.2e-14 from the pairwise one, TF-Java's compensated sum 1.1e-16. 1e-12
   * admits any honest summation order and still catches a single element dropped or added twice
   * (about 3e-8 relative at full size).
   */
  static final double TOLERANCE = 1e-12;

  /** The data's seed: {@code w11-numpy-sums.txt} holds NumPy's sums of exactly this data. */
  static final long SEED = 11;

  /** The number of elements; the unit test shrinks it. */
  public int n = 1 << 25;

  double[] plainData;
  org.tensorflow.ndarray.DoubleNdArray tfArray;
  DoubleNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    plainData = Data.uniformDoubles(n, SEED);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(n),
        DataBuffers.of(plainData, false, false));
    ndArray = DoubleNdArray.wrap(Shape.of(n), plainData);
    verify(plain(), tf(), ndprim());
  }

  static void verify(double plain, double tf, double ndprim) {
    Verify.close("W11", "org.tensorflow:ndarray", plain, tf, TOLERANCE);
    Verify.close("W11", "ndprim", plain, ndprim, TOLERANCE);
    if (NDPRIM_SUM_IS_NUMPY_PAIRWISE) {
      Verify.sameBits("W11", "ndprim", plain, ndprim);
    }
  }

  @Benchmark
  public double plain() {
    return PairwiseSum.sum(plainData);
  }

  @Benchmark
  public double tf() {
    return tfArray.streamOfDoubles().sum();
  }

  @Benchmark
  public double ndprim() {
    return ndArray.sum();
  }
}
