package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.ndprim.FloatIndexedConsumer;
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
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;

/**
 * W6: visit every scalar of a float array [1024, 1024] together with its coordinates, in C
 * order. The per-element work is the same {@link Checksum#accept} call in all three variants (an
 * integer checksum mixing the value's bits with both coordinates: cheap, exact, order-free), so
 * the ratio measures the iteration, not the body. The consumers are built once per trial: any
 * allocation {@code -prof gc} reports is the library's own.
 *
 * <ul>
 *   <li>plain: two counted loops over the flat {@code float[]}, the row offset {@code o = i * n1}
 *       computed once per row, calling {@code sink.accept(i, j, a[o + j])} (inlined): per
 *       element one load, the consumer's own arithmetic and one counter. A second counter, the
 *       flat offset stepping by one beside {@code j} ({@code a[o++]}), ran ~1.2x slower
 *       (interleaved in one JVM: 563 against 466 µs per call); the per-element call is the
 *       workload, so it is not unrolled or reordered;
 *   <li>TF-Java: {@code x.scalars().forEachIndexed((coords, scalar) -> sink.accept(coords[0],
 *       coords[1], scalar.getFloat()))};
 *   <li>ndprim: {@code x.forEachIndexed((i, j, v) -> sink.accept(i, j, v))}, the rank-2 form
 *       ({@code FloatIndexedConsumer.Of2}, issue 10), which allocates nothing;
 *   <li>ndprimAnyRank: {@code x.forEachIndexed((coords, v) -> sink.accept(coords[0], coords[1],
 *       v))}, TF-Java's form for any rank (one coordinates array per call), the {@code ndprim}
 *       variant before issue 10.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W6ForEachIndexed {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {1024, 1024};

  /** The per-element work of every variant. */
  static final class Checksum {
    long acc;

    void accept(long i, long j, float v) {
      acc += Float.floatToRawIntBits(v) ^ (i << 32) ^ j;
    }
  }

  int rows;
  int cols;
  float[] plainData;
  org.tensorflow.ndarray.FloatNdArray tfArray;
  FloatNdArray ndArray;
  final Checksum sink = new Checksum();
  BiConsumer<long[], org.tensorflow.ndarray.FloatNdArray> tfConsumer;
  FloatIndexedConsumer ndConsumer;
  FloatIndexedConsumer.Of2 ndRank2Consumer;

  @Setup(Level.Trial)
  public void setup() {
    rows = dims[0];
    cols = dims[1];
    plainData = Data.smallIntFloats(Data.toIntSize(rows, cols), 6);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(rows, cols),
        DataBuffers.of(plainData, false, false));
    ndArray = FloatNdArray.wrap(Shape.of(rows, cols), plainData);
    Checksum s = sink;
    tfConsumer = (coords, scalar) -> s.accept(coords[0], coords[1], scalar.getFloat());
    ndConsumer = (coords, v) -> s.accept(coords[0], coords[1], v);
    ndRank2Consumer = (i, j, v) -> s.accept(i, j, v);
    Verify.same("W6", plain(), tf(), ndprim());
    Verify.variant("W6", "ndprimAnyRank", plain(), ndprimAnyRank());
  }

  @Benchmark
  public long plain() {
    float[] a = plainData;
    int n0 = rows;
    int n1 = cols;
    Checksum s = sink;
    s.acc = 0;
    for (int i = 0; i < n0; i++) {
      int o = i * n1;
      for (int j = 0; j < n1; j++) {
        s.accept(i, j, a[o + j]);
      }
    }
    return s.acc;
  }

  @Benchmark
  public long tf() {
    sink.acc = 0;
    tfArray.scalars().forEachIndexed(tfConsumer);
    return sink.acc;
  }

  @Benchmark
  public long ndprim() {
    sink.acc = 0;
    ndArray.forEachIndexed(ndRank2Consumer);
    return sink.acc;
  }

  @Benchmark
  public long ndprimAnyRank() {
    sink.acc = 0;
    ndArray.forEachIndexed(ndConsumer);
    return sink.acc;
  }
}
