package org.ndprim.benchmarks;

import java.nio.DoubleBuffer;
import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
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
 * W8: copy 256 MiB of doubles (a C-order array [4096, 8192]) into a preallocated array of the
 * same shape, then sum the copy (the sum is the result). Source and destination are the same two
 * {@code double[]} for all variants (TF-Java and ndprim wrap them). The values are integers in
 * [0, 1024) ({@link Data#smallIntDoubles}): every partial sum of the 2^25 of them is an integer
 * below 2^35, exact in a {@code double}, so the sum is exact whatever the summation order or
 * scheme, and several accumulators give the same bits as one.
 *
 * <ul>
 *   <li>plain: {@code System.arraycopy} (the bulk copy stub), then a sum of the copy with four
 *       {@code double} accumulators over elements {@code i .. i + 3}, combined as
 *       {@code (s0 + s1) + (s2 + s3)}: a single accumulator is one chain of dependent adds,
 *       bound by the add's latency, while four let the loop run at the speed of memory (smoke
 *       A/B, busy machine: 29.8-31.8 ms/op against 50.6 with one; eight measured the same,
 *       31.7-32.7). Legal only because the data make the sum exact (above). Copy and sum stay
 *       two passes, as the workload is a copy followed by a sum of the copy (two calls in
 *       either library, two in NumPy);
 *   <li>TF-Java: {@code src.copyTo(dst)}, then {@code dst.streamOfDoubles().sum()} (TF-Java has
 *       no reductions; its stream is its bulk read);
 *   <li>ndprim: {@code dst.copyFrom(src).sum()}.
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same copy and sum
 *       with source and destination in one direct buffer each, and in 1 MiB chunks;
 *   <li>plainBuffer, plainChunks: the best plain Java over that same memory, the limit of the
 *       buffer variants as plain is of the array one: the absolute bulk
 *       {@code DoubleBuffer.put(index, DoubleBuffer, offset, length)} (one copy, or one per
 *       chunk), then plain's four-accumulator sum by absolute {@code get}, chunk by chunk.
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
  /** The chunk size of the multi-buffer variants; the unit test shrinks it. */
  public int chunkBytes = Storages.CHUNK_BYTES;

  double[] plainSrc;
  double[] plainDst;
  org.tensorflow.ndarray.DoubleNdArray tfSrc;
  org.tensorflow.ndarray.DoubleNdArray tfDst;
  DoubleNdArray ndSrc;
  DoubleNdArray ndDst;
  DoubleNdArray bufferSrc;
  DoubleNdArray bufferDst;
  DoubleNdArray chunksSrc;
  DoubleNdArray chunksDst;
  DoubleBuffer bufferSrcView;
  DoubleBuffer bufferDstView;
  DoubleBuffer[] chunksSrcViews;
  DoubleBuffer[] chunksDstViews;

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
    long bytes = DoubleNdArray.TYPE.byteSize(ndSrc.shape());
    Chunks singleSrc = Storages.single(bytes);
    Chunks singleDst = Storages.single(bytes);
    Chunks manySrc = Storages.chunks(bytes, chunkBytes);
    Chunks manyDst = Storages.chunks(bytes, chunkBytes);
    bufferSrc = DoubleNdArray.TYPE.wrap(ndSrc.shape(), singleSrc).copyFrom(ndSrc);
    bufferDst = DoubleNdArray.TYPE.wrap(ndSrc.shape(), singleDst);
    chunksSrc = DoubleNdArray.TYPE.wrap(ndSrc.shape(), manySrc).copyFrom(ndSrc);
    chunksDst = DoubleNdArray.TYPE.wrap(ndSrc.shape(), manyDst);
    bufferSrcView = Storages.doubles(singleSrc)[0];
    bufferDstView = Storages.doubles(singleDst)[0];
    chunksSrcViews = Storages.doubles(manySrc);
    chunksDstViews = Storages.doubles(manyDst);
    double plain = plain();
    java.util.Arrays.fill(plainDst, 0);
    double tf = tf();
    java.util.Arrays.fill(plainDst, 0);
    double ndprim = ndprim();
    Verify.same("W8", plain, tf, ndprim);
    Verify.variant("W8", "ndprimBuffer", plain, ndprimBuffer());
    Verify.variant("W8", "ndprimChunks", plain, ndprimChunks());
    Verify.variant("W8", "plainBuffer", plain, plainBuffer());
    Verify.variant("W8", "plainChunks", plain, plainChunks());
  }

  @Benchmark
  public double plain() {
    double[] src = plainSrc;
    double[] dst = plainDst;
    System.arraycopy(src, 0, dst, 0, src.length);
    int n = dst.length;
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = 0;
    for (; i < n - 3; i += 4) {
      s0 += dst[i];
      s1 += dst[i + 1];
      s2 += dst[i + 2];
      s3 += dst[i + 3];
    }
    for (; i < n; i++) {
      s0 += dst[i];
    }
    return (s0 + s1) + (s2 + s3);
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

  @Benchmark
  public double ndprimBuffer() {
    return bufferDst.copyFrom(bufferSrc).sum();
  }

  @Benchmark
  public double ndprimChunks() {
    return chunksDst.copyFrom(chunksSrc).sum();
  }

  @Benchmark
  public double plainBuffer() {
    bufferDstView.put(0, bufferSrcView, 0, bufferSrcView.limit());
    return sum4(bufferDstView);
  }

  @Benchmark
  public double plainChunks() {
    DoubleBuffer[] src = chunksSrcViews;
    DoubleBuffer[] dst = chunksDstViews;
    for (int c = 0; c < src.length; c++) {
      dst[c].put(0, src[c], 0, src[c].limit());
    }
    double sum = 0;
    for (DoubleBuffer chunk : dst) {
      sum += sum4(chunk);
    }
    return sum;
  }

  /** plain's four-accumulator sum over a buffer, by absolute {@code get} (exact on W8's data). */
  private static double sum4(DoubleBuffer b) {
    int n = b.limit();
    double s0 = 0;
    double s1 = 0;
    double s2 = 0;
    double s3 = 0;
    int i = 0;
    for (; i < n - 3; i += 4) {
      s0 += b.get(i);
      s1 += b.get(i + 1);
      s2 += b.get(i + 2);
      s3 += b.get(i + 3);
    }
    for (; i < n; i++) {
      s0 += b.get(i);
    }
    return (s0 + s1) + (s2 + s3);
  }
}
