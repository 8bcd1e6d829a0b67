package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.Indices;
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
 * W3: copy the view {@code x[:, ::-1, ::2]} of a double array [512, 512, 8] into a new
 * C-order array [512, 512, 4] (the new array is the result).
 *
 * <ul>
 *   <li>plain: a loop nest over the flat {@code double[]}, rows in reverse, every other element;
 *   <li>TF-Java: {@code x.slice(all(), flip(), step(2))}, then {@code copyTo} a new
 *       {@code NdArrays.ofDoubles(shape)};
 *   <li>ndprim: {@code x.slice(all(), flip(), step(2)).copy()}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W3CopyStridedView {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {512, 512, 8};

  int d0;
  int d1;
  int d2;
  double[] plainData;
  org.tensorflow.ndarray.DoubleNdArray tfArray;
  DoubleNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    d0 = dims[0];
    d1 = dims[1];
    d2 = dims[2];
    plainData = Data.smallIntDoubles(Data.toIntSize(d0, d1, d2), 3);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(d0, d1, d2),
        DataBuffers.of(plainData, false, false));
    ndArray = DoubleNdArray.wrap(Shape.of(d0, d1, d2), plainData);
    Verify.same("W3", Results.plain(new long[] {d0, d1, (d2 + 1) / 2}, plain()),
        Results.tf(tf()), Results.ndprim(ndprim()));
  }

  @Benchmark
  public double[] plain() {
    double[] a = plainData;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    double[] out = new double[n0 * n1 * ((n2 + 1) / 2)];
    int o = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = n1 - 1; j >= 0; j--) {
        int row = (i * n1 + j) * n2;
        for (int k = 0; k < n2; k += 2) {
          out[o++] = a[row + k];
        }
      }
    }
    return out;
  }

  @Benchmark
  public org.tensorflow.ndarray.DoubleNdArray tf() {
    org.tensorflow.ndarray.DoubleNdArray view = tfArray.slice(
        org.tensorflow.ndarray.index.Indices.all(), org.tensorflow.ndarray.index.Indices.flip(),
        org.tensorflow.ndarray.index.Indices.step(2));
    org.tensorflow.ndarray.DoubleNdArray out = NdArrays.ofDoubles(view.shape());
    view.copyTo(out);
    return out;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return ndArray.slice(Indices.all(), Indices.flip(), Indices.step(2)).copy();
  }
}
