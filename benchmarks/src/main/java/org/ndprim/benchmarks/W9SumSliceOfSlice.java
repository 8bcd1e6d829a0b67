package org.ndprim.benchmarks;

import java.nio.LongBuffer;
import java.util.concurrent.TimeUnit;
import org.ndprim.Indices;
import org.ndprim.LongNdArray;
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
 * W9: the sum of the view {@code x[10:500:3][::-1]} (a slice of a slice: rows 499, 496, …, 10,
 * 164 rows of 1000) of a long array [1000, 1000]. {@code long} sums wrap, and wrapping addition
 * is associative, so the result does not depend on the order.
 *
 * <ul>
 *   <li>plain: the selected rows from the last one down by {@code step}, each row contiguous
 *       ({@code o = r * cols} hoisted), summed with four {@code long} accumulators over
 *       elements {@code o + c .. o + c + 3}, the remainder into the first. Wrapping
 *       {@code long} addition is associative and commutative, so any order gives the same
 *       result, and four independent chains instead of one let the core retire several adds
 *       per cycle (smoke A/B, busy machine: 33 µs/op against 48 for one accumulator; eight
 *       measured 40 ± 10, no better);
 *   <li>TF-Java: {@code x.slice(slice(10, 500, 3)).slice(flip()).streamOfLongs().sum()} (TF-Java
 *       has no reductions; its stream is its bulk read);
 *   <li>ndprim: {@code x.slice(slice(10, 500, 3)).slice(flip()).sum()}.
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same view of the
 *       data in one direct buffer and in 1 MiB chunks;
 *   <li>plainBuffer: the best plain Java over that one buffer, the limit of ndprimBuffer as
 *       plain is of ndprim: each row read by the absolute bulk
 *       {@code LongBuffer.get(index, long[], offset, length)} into a preallocated scratch array
 *       of 512, then plain's four accumulators over it (C2 vectorises array loops, not buffer
 *       reads: the same loop by absolute {@code get} per element measured 67.2 ± 1.7 µs/op
 *       against 42.0 ± 3.2, two forks).
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W9SumSliceOfSlice {
  /** The shape and the row range {@code start:stop:step}; the unit test shrinks them. */
  public int[] dims = {1000, 1000};
  public int start = 10;
  public int stop = 500;
  public int step = 3;

  int rows;
  int cols;
  long[] plainData;
  org.tensorflow.ndarray.LongNdArray tfArray;
  LongNdArray ndArray;
  LongNdArray ndBuffer;
  LongNdArray ndChunks;
  LongBuffer bufferView;
  long[] scratch = new long[512];

  @Setup(Level.Trial)
  public void setup() {
    rows = dims[0];
    cols = dims[1];
    if (!(0 <= start && start < stop && stop <= rows && step > 0)) {
      throw new IllegalArgumentException("W9 needs 0 <= start < stop <= dims[0] and step > 0");
    }
    plainData = Data.longs(Data.toIntSize(rows, cols), 9);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(rows, cols),
        DataBuffers.of(plainData, false, false));
    ndArray = LongNdArray.wrap(Shape.of(rows, cols), plainData);
    long bytes = LongNdArray.TYPE.byteSize(ndArray.shape());
    Chunks single = Storages.single(bytes);
    ndBuffer = LongNdArray.TYPE.wrap(ndArray.shape(), single).copyFrom(ndArray);
    bufferView = single.chunk(0).asLongBuffer();
    ndChunks = LongNdArray.TYPE.wrap(ndArray.shape(), Storages.chunks(bytes)).copyFrom(ndArray);
    Verify.same("W9", plain(), tf(), ndprim());
    Verify.variant("W9", "ndprimBuffer", ndprim(), ndprimBuffer());
    Verify.variant("W9", "ndprimChunks", ndprim(), ndprimChunks());
    Verify.variant("W9", "plainBuffer", plain(), plainBuffer());
  }

  @Benchmark
  public long plain() {
    long[] a = plainData;
    int n = cols;
    int last = start + (stop - 1 - start) / step * step;
    long s0 = 0;
    long s1 = 0;
    long s2 = 0;
    long s3 = 0;
    for (int r = last; r >= start; r -= step) {
      int o = r * n;
      int c = 0;
      for (; c < n - 3; c += 4) {
        s0 += a[o + c];
        s1 += a[o + c + 1];
        s2 += a[o + c + 2];
        s3 += a[o + c + 3];
      }
      for (; c < n; c++) {
        s0 += a[o + c];
      }
    }
    return (s0 + s1) + (s2 + s3);
  }

  @Benchmark
  public long tf() {
    return tfArray.slice(org.tensorflow.ndarray.index.Indices.slice(start, stop, step))
        .slice(org.tensorflow.ndarray.index.Indices.flip()).streamOfLongs().sum();
  }

  @Benchmark
  public long ndprim() {
    return ndArray.slice(Indices.slice((long) start, (long) stop, step))
        .slice(Indices.flip()).sum();
  }

  @Benchmark
  public long ndprimBuffer() {
    return ndBuffer.slice(Indices.slice((long) start, (long) stop, step))
        .slice(Indices.flip()).sum();
  }

  @Benchmark
  public long ndprimChunks() {
    return ndChunks.slice(Indices.slice((long) start, (long) stop, step))
        .slice(Indices.flip()).sum();
  }

  @Benchmark
  public long plainBuffer() {
    LongBuffer a = bufferView;
    long[] t = scratch;
    int n = cols;
    int last = start + (stop - 1 - start) / step * step;
    long s0 = 0;
    long s1 = 0;
    long s2 = 0;
    long s3 = 0;
    for (int r = last; r >= start; r -= step) {
      int o = r * n;
      for (int c = 0; c < n; ) {
        int len = Math.min(n - c, t.length);
        a.get(o + c, t, 0, len);
        int q = 0;
        for (; q < len - 3; q += 4) {
          s0 += t[q];
          s1 += t[q + 1];
          s2 += t[q + 2];
          s3 += t[q + 3];
        }
        for (; q < len; q++) {
          s0 += t[q];
        }
        c += len;
      }
    }
    return (s0 + s1) + (s2 + s3);
  }
}
