package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
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
 * W5: the sum of each row of a short array [4096, 256], rows taken with {@code elements(0)};
 * the result is a new {@code long[4096]} of row sums (NumPy's {@code x.sum(axis=1)}, computed
 * row by row).
 *
 * <ul>
 *   <li>plain: per row, four {@code long} accumulators over the row's elements
 *       {@code o + c .. o + c + 3} (the row offset {@code o = r * cols} hoisted), the remainder
 *       into the first, combined at the end of the row. Integer addition is associative, so any
 *       order gives the same sums; four independent chains instead of one let the core retire
 *       several adds per cycle (smoke A/B, busy machine: 240 µs/op against 343 for a single
 *       accumulator; four {@code int} accumulators, exact for rows shorter than 65,537
 *       elements, ran the same, 246). The output is a new {@code long[rows]} per call in every
 *       variant, as {@code x.sum(axis=1)} returns a new array;
 *   <li>TF-Java: {@code for (ShortNdArray row : x.elements(0))}, summing
 *       {@code row.getShort(c)} (TF-Java has no reductions);
 *   <li>ndprim: {@code for (ShortNdArray row : x.elements(0)) sums[r++] = row.sum();}.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W5RowSums {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {4096, 256};

  int rows;
  int cols;
  short[] plainData;
  org.tensorflow.ndarray.ShortNdArray tfArray;
  ShortNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    rows = dims[0];
    cols = dims[1];
    plainData = Data.shorts(Data.toIntSize(rows, cols), 5);
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(rows, cols),
        DataBuffers.of(plainData, false, false));
    ndArray = ShortNdArray.wrap(Shape.of(rows, cols), plainData);
    Verify.same("W5", plain(), tf(), ndprim());
  }

  @Benchmark
  public long[] plain() {
    short[] a = plainData;
    int n = cols;
    long[] sums = new long[rows];
    for (int r = 0; r < sums.length; r++) {
      int o = r * n;
      long s0 = 0;
      long s1 = 0;
      long s2 = 0;
      long s3 = 0;
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
      sums[r] = (s0 + s1) + (s2 + s3);
    }
    return sums;
  }

  @Benchmark
  public long[] tf() {
    long[] sums = new long[rows];
    long n = cols;
    int r = 0;
    for (org.tensorflow.ndarray.ShortNdArray row : tfArray.elements(0)) {
      long s = 0;
      for (long c = 0; c < n; c++) {
        s += row.getShort(c);
      }
      sums[r++] = s;
    }
    return sums;
  }

  @Benchmark
  public long[] ndprim() {
    long[] sums = new long[rows];
    int r = 0;
    for (ShortNdArray row : ndArray.elements(0)) {
      sums[r++] = row.sum();
    }
    return sums;
  }
}
