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
 * W8: copy 256 MiB of doubles (a C-order array [4096, 8192]) into a preallocated array of the
 * same shape, then sum the copy (the sum is the result). Source and destination are the same two
 * {@code double[]} for all variants (TF-Java and ndprim wrap them). The values are integers in
 * [0, 1024), so the sum is exact whatever the summation order or scheme.
 *
 * <ul>
 *   <li>plain: {@code System.arraycopy}, then a sequential {@code for (double v : dst) s += v};
 *   <li>TF-Java: {@code src.copyTo(dst)}, then {@code dst.streamOfDoubles().sum()} (TF-Java has
 *       no reductions; its stream is its bulk read);
 *   <li>ndprim: {@code dst.copyFrom(src).sum()}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W8CopyAndSum {
  /** The shape; the unit test shrinks it. [4096, 8192] doubles = 256 MiB. */
  public int[] dims = {4096, 8192};

  double[] plainSrc;
  double[] plainDst;
  org.tensorflow.ndarray.DoubleNdArray tfSrc;
  org.tensorflow.ndarray.DoubleNdArray tfDst;
  DoubleNdArray ndSrc;
  DoubleNdArray ndDst;

  @Setup(Level.Trial)
  public void setup() {
    int n = Data.toIntSize(dims[0], dims[1]);
    plainSrc = Data.smallIntDoubles(n, 8);
    plainDst = new double[n];
    org.tensorflow.ndarray.Shape tfShape = org.tensorflow.ndarray.Shape.of(dims[0], dims[1]);
    tfSrc = NdArrays.wrap(tfShape, DataBuffers.of(plainSrc, false, false));
    tfDst = NdArrays.wrap(tfShape, DataBuffers.of(plainDst, false, false));
    ndSrc = DoubleNdArray.wrap(Shape.of(dims[0], dims[1]), plainSrc);
    ndDst = DoubleNdArray.wrap(Shape.of(dims[0], dims[1]), plainDst);
    double plain = plain();
    java.util.Arrays.fill(plainDst, 0);
    double tf = tf();
    java.util.Arrays.fill(plainDst, 0);
    double ndprim = ndprim();
    Verify.same("W8", plain, tf, ndprim);
  }

  @Benchmark
  public double plain() {
    double[] src = plainSrc;
    double[] dst = plainDst;
    System.arraycopy(src, 0, dst, 0, src.length);
    double s = 0;
    for (double v : dst) {
      s += v;
    }
    return s;
  }

  @Benchmark
  public double tf() {
    tfSrc.copyTo(tfDst);
    return tfDst.streamOfDoubles().sum();
  }

  @Benchmark
  public double ndprim() {
    return ndDst.copyFrom(ndSrc).sum();
  }
}
