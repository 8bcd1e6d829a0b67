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
 *   <li>plain: one allocation of the output and one pass over it. The view is 262,144 runs of
 *       4 elements (source offsets {@code s, s + 2, s + 4, s + 6} of row {@code s}), so the
 *       inner run is unrolled: per output row, four loads and four stores at constant offsets,
 *       the source row offset computed from the row counter ({@code top - j * d2}, {@code top}
 *       being the plane's last row) and the output offset {@code 4 * j} from it too, with no
 *       inner loop and no per-element index arithmetic. A smoke A/B (busy machine) put that at
 *       1,410-1,670 µs/op against 1,630-1,930 for the rolled {@code k += 2} loop. Shapes whose
 *       last axis is not 7 or 8 long (the unit test's) take the rolled loop, with the same
 *       hoisted row offset;
 *   <li>TF-Java: {@code x.slice(all(), flip(), step(2))}, then {@code copyTo} a new
 *       {@code NdArrays.ofDoubles(shape)};
 *   <li>ndprim: {@code x.slice(all(), flip(), step(2)).copy()}.
 *   <li>plainInto, ndprimInto: the same copy into a destination allocated once per trial and
 *       reused (the plain loop; {@code x.slice(all(), flip(), step(2)).copyTo(dst)}), as
 *       NumPy's {@code np.copyto(dst, x[:, ::-1, ::2])}: the walk of two strided operands in
 *       lock step, without the allocation that dominates {@code copy()}.
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same view of the data in one direct buffer and in 1 MiB chunks; the copy is over a Java array.
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
  DoubleNdArray ndBuffer;
  DoubleNdArray ndChunks;

  private double[] plainDst;
  private DoubleNdArray ndDst;

  @Setup(Level.Trial)
  public void setup() {
    d0 = dims[0];
    d1 = dims[1];
    d2 = dims[2];
    plainData = Data.smallIntDoubles(Data.toIntSize(d0, d1, d2), 3);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(d0, d1, d2),
        DataBuffers.of(plainData, false, false));
    ndArray = DoubleNdArray.wrap(Shape.of(d0, d1, d2), plainData);
    long bytes = DoubleNdArray.TYPE.byteSize(ndArray.shape());
    ndBuffer = DoubleNdArray.TYPE.wrap(ndArray.shape(), Storages.single(bytes)).copyFrom(ndArray);
    ndChunks = DoubleNdArray.TYPE.wrap(ndArray.shape(), Storages.chunks(bytes)).copyFrom(ndArray);
    Verify.same("W3", Results.plain(new long[] {d0, d1, (d2 + 1) / 2}, plain()),
        Results.tf(tf()), Results.ndprim(ndprim()));
    Verify.variant("W3", "ndprimBuffer", Results.ndprim(ndprim()),
        Results.ndprim(ndprimBuffer()));
    Verify.variant("W3", "ndprimChunks", Results.ndprim(ndprim()),
        Results.ndprim(ndprimChunks()));
    int run = (d2 + 1) / 2;
    plainDst = new double[d0 * d1 * run];
    ndDst = DoubleNdArray.TYPE.zeros(Shape.of(d0, d1, run));
    Verify.variant("W3", "plainInto", plain(), plainInto().clone());
    Verify.variant("W3", "ndprimInto", Results.ndprim(ndprim()), Results.ndprim(ndprimInto()));
  }

  @Benchmark
  public double[] plain() {
    return copyInto(new double[d0 * d1 * ((d2 + 1) / 2)]);
  }

  /** The same copy into a destination allocated once per trial and reused. */
  @Benchmark
  public double[] plainInto() {
    return copyInto(plainDst);
  }

  private double[] copyInto(double[] out) {
    double[] a = plainData;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    int run = (n2 + 1) / 2;
    if (run == 4) {
      for (int i = 0; i < n0; i++) {
        int top = ((i + 1) * n1 - 1) * n2; // x[i, d1 - 1, 0]
        int base = i * n1 * 4; // out[i, 0, 0]
        for (int j = 0; j < n1; j++) {
          int s = top - j * n2;
          int o = base + 4 * j;
          out[o] = a[s];
          out[o + 1] = a[s + 2];
          out[o + 2] = a[s + 4];
          out[o + 3] = a[s + 6];
        }
      }
      return out;
    }
    int o = 0;
    for (int i = 0; i < n0; i++) {
      int top = ((i + 1) * n1 - 1) * n2;
      for (int j = 0; j < n1; j++) {
        int s = top - j * n2;
        for (int k = 0; k < n2; k += 2) {
          out[o++] = a[s + k];
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

  /** The same copy into a destination allocated once per trial: {@code view.copyTo(dst)}. */
  @Benchmark
  public DoubleNdArray ndprimInto() {
    return ndArray.slice(Indices.all(), Indices.flip(), Indices.step(2)).copyTo(ndDst);
  }

  @Benchmark
  public DoubleNdArray ndprimBuffer() {
    return ndBuffer.slice(Indices.all(), Indices.flip(), Indices.step(2)).copy();
  }

  @Benchmark
  public DoubleNdArray ndprimChunks() {
    return ndChunks.slice(Indices.all(), Indices.flip(), Indices.step(2)).copy();
  }
}
