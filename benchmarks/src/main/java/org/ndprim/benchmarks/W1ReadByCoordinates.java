package org.ndprim.benchmarks;

import java.nio.IntBuffer;
import java.util.concurrent.TimeUnit;
import org.ndprim.IntNdArray;
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
 * W1: read every scalar of an int array [256, 256, 64] by its coordinates, in C order, and
 * sum them in a {@code long} (the sum is the result every variant must agree on).
 *
 * <ul>
 *   <li>plain: a loop nest over the flat C-order {@code int[]}, the row offset
 *       {@code (i * d1 + j) * d2} computed once per row and {@code a[row + k]} read in the
 *       counted inner loop (one load and one add per element; C2 removes the bounds check from
 *       the counted loop). The sum is a single {@code long} accumulator in all three variants on
 *       purpose: it is only the consumer that keeps every read alive, the same code in each, so
 *       the ratio measures element access by coordinates. Several accumulators in plain alone
 *       would measure the accumulators instead (W8, W9 and W11, where the sum is the work, use
 *       several);
 *   <li>TF-Java: {@code IntNdArray.getInt(i, j, k)} (its only form: varargs);
 *   <li>ndprim: {@code IntNdArray.getInt(i, j, k)} (the fixed-arity rank-3 overload).
 *   <li>ndprimBuffer, ndprimChunks (buffer storage, {@link Storages}): the same loop over the
 *       array in one direct buffer and in 1 MiB chunks of direct buffers;
 *   <li>plainBuffer, plainChunks: the best plain Java over that same memory, the limit of the
 *       buffer variants as plain is of the array one. plainBuffer is plain's loop nest with
 *       {@code IntBuffer.get(row + k)} (JDK 17 has no faster access to a direct buffer that
 *       needs no {@code --add-opens}); plainChunks finds the row's chunk once per row and reads
 *       the row from it, element by element only for a row that crosses into the next chunk.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W1ReadByCoordinates {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {256, 256, 64};
  /** The chunk size of the multi-buffer variants; the unit test shrinks it. */
  public int chunkBytes = Storages.CHUNK_BYTES;

  int d0;
  int d1;
  int d2;
  int[] plainData;
  org.tensorflow.ndarray.IntNdArray tfArray;
  IntNdArray ndArray;
  IntNdArray ndBuffer;
  IntNdArray ndChunks;
  IntBuffer bufferView;
  IntBuffer[] chunkViews;
  int chunkShift;

  @Setup(Level.Trial)
  public void setup() {
    d0 = dims[0];
    d1 = dims[1];
    d2 = dims[2];
    plainData = Data.ints(Data.toIntSize(d0, d1, d2), 1);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(d0, d1, d2),
        DataBuffers.of(plainData, false, false));
    ndArray = IntNdArray.wrap(Shape.of(d0, d1, d2), plainData);
    long bytes = IntNdArray.TYPE.byteSize(ndArray.shape());
    Chunks single = Storages.single(bytes);
    Chunks chunks = Storages.chunks(bytes, chunkBytes);
    ndBuffer = IntNdArray.TYPE.wrap(ndArray.shape(), single).copyFrom(ndArray);
    ndChunks = IntNdArray.TYPE.wrap(ndArray.shape(), chunks).copyFrom(ndArray);
    bufferView = Storages.ints(single)[0];
    chunkViews = Storages.ints(chunks);
    chunkShift = Integer.numberOfTrailingZeros(chunkBytes / Integer.BYTES);
    Verify.same("W1", plain(), tf(), ndprim());
    Verify.variant("W1", "ndprimBuffer", plain(), ndprimBuffer());
    Verify.variant("W1", "ndprimChunks", plain(), ndprimChunks());
    Verify.variant("W1", "plainBuffer", plain(), plainBuffer());
    Verify.variant("W1", "plainChunks", plain(), plainChunks());
  }

  @Benchmark
  public long plain() {
    int[] a = plainData;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        int row = (i * n1 + j) * n2;
        for (int k = 0; k < n2; k++) {
          sum += a[row + k];
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long tf() {
    org.tensorflow.ndarray.IntNdArray x = tfArray;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          sum += x.getInt(i, j, k);
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long ndprim() {
    IntNdArray x = ndArray;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          sum += x.getInt(i, j, k);
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long ndprimBuffer() {
    IntNdArray x = ndBuffer;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          sum += x.getInt(i, j, k);
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long ndprimChunks() {
    IntNdArray x = ndChunks;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          sum += x.getInt(i, j, k);
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long plainBuffer() {
    IntBuffer a = bufferView;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        int row = (i * n1 + j) * n2;
        for (int k = 0; k < n2; k++) {
          sum += a.get(row + k);
        }
      }
    }
    return sum;
  }

  @Benchmark
  public long plainChunks() {
    IntBuffer[] c = chunkViews;
    int shift = chunkShift;
    long mask = (1L << shift) - 1;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    long sum = 0;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        long row = ((long) i * n1 + j) * n2;
        IntBuffer a = c[(int) (row >>> shift)];
        int base = (int) (row & mask);
        if (n2 <= a.limit() - base) {
          for (int k = 0; k < n2; k++) {
            sum += a.get(base + k);
          }
        } else {
          for (int k = 0; k < n2; k++) {
            long o = row + k;
            sum += c[(int) (o >>> shift)].get((int) (o & mask));
          }
        }
      }
    }
    return sum;
  }
}
