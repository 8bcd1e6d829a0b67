package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
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
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.ndarray.buffer.FloatDataBuffer;

/**
 * W11 (float32): the sum of 2^25 (32M) uniformly random floats in [0, 1) (a flat
 * {@code float[]}, {@link Data#uniformFloats} with seed {@link #SEED}), NumPy's
 * {@code np.sum(x)} of a {@code float32} array, which accumulates in {@code float32}.
 *
 * <ul>
 *   <li>plain: NumPy's pairwise summation in plain Java, accumulating in {@code float}
 *       ({@link PairwiseSum#sum(float[])}); bit for bit what {@code np.sum} gives
 *       ({@code WorkloadsTest} checks it against NumPy's values for this data);
 *   <li>TF-Java: it has no reductions and, Java having no {@code FloatStream}, no stream of
 *       floats either. Its fastest read is through the array's {@code FloatDataBuffer} (the
 *       {@code DataBuffers.of(data, false, false)} the array wraps): {@code buffer.getFloat(i)}
 *       for every {@code i}, added to a {@code double} (a sequential {@code float} sum of 2^25
 *       values near 0.5 would lose most of its low bits once it passes 2^23). In a smoke run
 *       that loop took half the time of the same loop over the array's {@code getFloat(i)}
 *       (34 against 67 ms/op), and a quarter of {@code scalars().forEach(s -> ... s.getFloat())}
 *       (120 ms/op);
 *   <li>ndprim: {@code FloatNdArray.wrap(Shape.of(n), data).sum()}, NumPy's pairwise summation
 *       in {@code float}, which it returns.
 * </ul>
 *
 * <p>The verification: TF-Java's and ndprim's sums must be within {@link #TOLERANCE} of the
 * plain one; once {@link #NDPRIM_SUM_IS_NUMPY_PAIRWISE} is {@code true}, ndprim's sum must
 * also be the plain {@code float} result, widened to {@code double}, bit for bit.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W11SumFloat32 {
  /**
   * Whether ndprim's {@code FloatNdArray.sum()} is NumPy's {@code float32} pairwise summation
   * (accumulated in and returning {@code float}): {@code true} since issue 10, so the
   * verification demands bit equality with the plain result.
   */
  public static final boolean NDPRIM_SUM_IS_NUMPY_PAIRWISE = true;

  /**
   * The relative difference allowed between the plain {@code float32} pairwise sum and the
   * others (which accumulate in {@code double} and are within 1e-12 of the exact sum). That is
   * the error of the {@code float32} pairwise sum itself: at most k 2^-24 relative for values of
   * one sign, k being the number of roundings on the longest path from an element to the
   * result, at most 15 in an accumulator, 3 combining the eight, 7 for a block's remainder and
   * one per level of the split (18 for 2^25), so about 2.6e-6; on this data it is 3.4e-8.
   * 1e-5 is 4x the worst case.
   */
  static final double TOLERANCE = 1e-5;

  /** The data's seed: {@code w11-numpy-sums.txt} holds NumPy's sums of exactly this data. */
  static final long SEED = 11;

  /** The number of elements; the unit test shrinks it. */
  public int n = 1 << 25;

  float[] plainData;
  /** TF-Java's buffer over {@code plainData}: what {@code NdArrays.wrap(shape, tfBuffer)} reads. */
  FloatDataBuffer tfBuffer;
  FloatNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    plainData = Data.uniformFloats(n, SEED);
    tfBuffer = DataBuffers.of(plainData, false, false);
    ndArray = FloatNdArray.wrap(Shape.of(n), plainData);
    verify(plain(), tf(), ndprim());
  }

  static void verify(float plain, double tf, double ndprim) {
    Verify.close("W11 float32", "org.tensorflow:ndarray", plain, tf, TOLERANCE);
    Verify.close("W11 float32", "ndprim", plain, ndprim, TOLERANCE);
    if (NDPRIM_SUM_IS_NUMPY_PAIRWISE) {
      Verify.sameBits("W11 float32", "ndprim", plain, ndprim);
    }
  }

  @Benchmark
  public float plain() {
    return PairwiseSum.sum(plainData);
  }

  @Benchmark
  public double tf() {
    FloatDataBuffer b = tfBuffer;
    long size = b.size();
    double s = 0;
    for (long i = 0; i < size; i++) {
      s += b.getFloat(i);
    }
    return s;
  }

  @Benchmark
  public float ndprim() {
    return ndArray.sum();
  }
}
