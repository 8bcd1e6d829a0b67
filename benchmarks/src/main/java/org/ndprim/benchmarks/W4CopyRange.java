package org.ndprim.benchmarks;

import java.nio.DoubleBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.storage.Chunks;
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
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same slice of the
 *       data in one direct buffer and in 1 MiB chunks; the copy is over a Java array;
 *   <li>plainBuffer, plainChunks: the best plain Java over that same memory, the limit of the
 *       buffer variants as plain is of the array one: a new {@code double[]} filled by the
 *       absolute bulk {@code DoubleBuffer.get(index, double[], offset, length)}, once, or once
 *       per chunk the range touches;
 *   <li>plainInto, ndprimInto: the same copy into a destination allocated once per trial and
 *       reused ({@code System.arraycopy}; {@code x.slice(range(100, 400)).copyTo(dst)}), as
 *       NumPy's {@code x[100:400].copy()} in effect gets: its allocator hands back the block
 *       the previous call freed, still in cache. A new Java array is fresh memory each call, so
 *       these two show how much of W4 is the allocation rather than the copy.
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
  /** The chunk size of the multi-buffer variants; the unit test shrinks it. */
  public int chunkBytes = Storages.CHUNK_BYTES;

  int d0;
  int d1;
  int d2;
  double[] plainData;
  org.tensorflow.ndarray.DoubleNdArray tfArray;
  DoubleNdArray ndArray;
  DoubleNdArray ndBuffer;
  DoubleNdArray ndChunks;
  double[] plainDst;
  DoubleNdArray ndDst;
  DoubleBuffer bufferView;
  DoubleBuffer[] chunkViews;
  int chunkShift;

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
    Chunks single = Storages.single(bytes);
    Chunks chunks = Storages.chunks(bytes, chunkBytes);
    ndBuffer = DoubleNdArray.TYPE.wrap(ndArray.shape(), single).copyFrom(ndArray);
    ndChunks = DoubleNdArray.TYPE.wrap(ndArray.shape(), chunks).copyFrom(ndArray);
    bufferView = Storages.doubles(single)[0];
    chunkViews = Storages.doubles(chunks);
    chunkShift = Integer.numberOfTrailingZeros(chunkBytes / Double.BYTES);
    Verify.same("W4", Results.plain(new long[] {stop - start, d1, d2}, plain()),
        Results.tf(tf()), Results.ndprim(ndprim()));
    Verify.variant("W4", "ndprimBuffer", Results.ndprim(ndprim()),
        Results.ndprim(ndprimBuffer()));
    Verify.variant("W4", "ndprimChunks", Results.ndprim(ndprim()),
        Results.ndprim(ndprimChunks()));
    Verify.variant("W4", "plainBuffer", plain(), plainBuffer());
    Verify.variant("W4", "plainChunks", plain(), plainChunks());
    plainDst = new double[(stop - start) * d1 * d2];
    ndDst = DoubleNdArray.zeros(Shape.of(stop - start, d1, d2));
    Verify.variant("W4", "plainInto", plain(), plainInto().clone());
    Verify.variant("W4", "ndprimInto", Results.ndprim(ndprim()), Results.ndprim(ndprimInto()));
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
  public double[] plainInto() {
    int block = d1 * d2;
    System.arraycopy(plainData, start * block, plainDst, 0, plainDst.length);
    return plainDst;
  }

  @Benchmark
  public DoubleNdArray ndprimInto() {
    return ndArray.slice(Indices.range(start, stop)).copyTo(ndDst);
  }

  @Benchmark
  public DoubleNdArray ndprimBuffer() {
    return ndBuffer.slice(Indices.range(start, stop)).copy();
  }

  @Benchmark
  public DoubleNdArray ndprimChunks() {
    return ndChunks.slice(Indices.range(start, stop)).copy();
  }

  @Benchmark
  public double[] plainBuffer() {
    int block = d1 * d2;
    double[] out = new double[(stop - start) * block];
    bufferView.get(start * block, out, 0, out.length);
    return out;
  }

  @Benchmark
  public double[] plainChunks() {
    int block = d1 * d2;
    long from = (long) start * block;
    double[] out = new double[(stop - start) * block];
    DoubleBuffer[] c = chunkViews;
    int shift = chunkShift;
    long mask = (1L << shift) - 1;
    int done = 0;
    while (done < out.length) {
      long p = from + done;
      DoubleBuffer chunk = c[(int) (p >>> shift)];
      int index = (int) (p & mask);
      int n = Math.min(chunk.limit() - index, out.length - done);
      chunk.get(index, out, done, n);
      done += n;
    }
    return out;
  }
}
