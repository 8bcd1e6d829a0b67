package org.ndprim.benchmarks;

import java.util.Arrays;
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
 * W4: copy {@code x[100:400]} of a double array [512, 512, 8] into a new C-order array
 * [300, 512, 8] (a contiguous block of 9.4 MiB; the new array is the result).
 *
 * <ul>
 *   <li>plain: {@code Arrays.copyOfRange} of the flat {@code double[]}: the block is
 *       contiguous, so one allocation and one bulk copy ({@code System.arraycopy}'s stub) is all
 *       the work there is, and the JIT's intrinsic can skip zeroing the part the copy fills;
 *   <li>TF-Java: {@code x.slice(range(100, 400))}, then {@code copyTo} a new
 *       {@code NdArrays.ofDoubles(shape)};
 *   <li>ndprim: {@code x.slice(range(100, 400)).copy()}.
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same slice of the data in one direct buffer and in 1 MiB chunks; the copy is over a Java array.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W4CopyRange {
  /** The shape and the range on axis 0; the unit test shrinks them. */
  public int[] dims = {512, 512, 8};
  public int start = 100;
  public int stop = 400;

  int d0;
  int d1;
  int d2;
  double[] plainData;
  org.tensorflow.ndarray.DoubleNdArray tfArray;
  DoubleNdArray ndArray;
  DoubleNdArray ndBuffer;
  DoubleNdArray ndChunks;

  @Setup(Level.Trial)
  public void setup() {
    d0 = dims[0];
    d1 = dims[1];
    d2 = dims[2];
    if (!(0 <= start && start <= stop && stop <= d0)) {
      throw new IllegalArgumentException("W4 needs 0 <= start <= stop <= dims[0]");
    }
    plainData = Data.smallIntDoubles(Data.toIntSize(d0, d1, d2), 3);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(d0, d1, d2),
        DataBuffers.of(plainData, false, false));
    ndArray = DoubleNdArray.wrap(Shape.of(d0, d1, d2), plainData);
    long bytes = DoubleNdArray.TYPE.byteSize(ndArray.shape());
    ndBuffer = DoubleNdArray.TYPE.wrap(ndArray.shape(), Storages.single(bytes)).copyFrom(ndArray);
    ndChunks = DoubleNdArray.TYPE.wrap(ndArray.shape(), Storages.chunks(bytes)).copyFrom(ndArray);
    Verify.same("W4", Results.plain(new long[] {stop - start, d1, d2}, plain()),
        Results.tf(tf()), Results.ndprim(ndprim()));
    Verify.variant("W4", "ndprimBuffer", Results.ndprim(ndprim()),
        Results.ndprim(ndprimBuffer()));
    Verify.variant("W4", "ndprimChunks", Results.ndprim(ndprim()),
        Results.ndprim(ndprimChunks()));
  }

  @Benchmark
  public double[] plain() {
    int block = d1 * d2;
    return Arrays.copyOfRange(plainData, start * block, stop * block);
  }

  @Benchmark
  public org.tensorflow.ndarray.DoubleNdArray tf() {
    org.tensorflow.ndarray.DoubleNdArray view =
        tfArray.slice(org.tensorflow.ndarray.index.Indices.range(start, stop));
    org.tensorflow.ndarray.DoubleNdArray out = NdArrays.ofDoubles(view.shape());
    view.copyTo(out);
    return out;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return ndArray.slice(Indices.range(start, stop)).copy();
  }

  @Benchmark
  public DoubleNdArray ndprimBuffer() {
    return ndBuffer.slice(Indices.range(start, stop)).copy();
  }

  @Benchmark
  public DoubleNdArray ndprimChunks() {
    return ndChunks.slice(Indices.range(start, stop)).copy();
  }
}
