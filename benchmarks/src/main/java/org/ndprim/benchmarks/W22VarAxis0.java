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

/**
 * W22 (issue 20): {@code np.var(x, axis=0)} of a float64 array [4096, 256] of uniform random
 * values; the result is a new {@code double[256]}.
 *
 * <ul>
 *   <li>plain: NumPy's {@code _var} over the rows in memory order, as NumPy's reduction walks a
 *       C-contiguous array reduced along its outer axis: the column sums accumulated row by row
 *       into a {@code double[cols]}, divided by the row count; then the squared deviations
 *       accumulated row by row the same way, divided by the row count. Both inner loops run over
 *       a row, unit stride, so C2 vectorises them. The result has NumPy's bits;
 *   <li>ndprim: {@code x.var(0)}.
 * </ul>
 *
 * <p>TF-Java has no reductions: its variant is plain's (no {@code tf} method).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W22VarAxis0 {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {4096, 256};

  int rows;
  int cols;
  double[] plainData;
  DoubleNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    rows = dims[0];
    cols = dims[1];
    plainData = Data.uniformDoubles(Data.toIntSize(rows, cols), 22);
    ndArray = DoubleNdArray.wrap(Shape.of(rows, cols), plainData);
    Verify.variant("W22", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] a = plainData;
    int n = cols;
    double[] mean = new double[n];
    for (int r = 0, o = 0; r < rows; r++, o += n) {
      for (int c = 0; c < n; c++) {
        mean[c] += a[o + c];
      }
    }
    for (int c = 0; c < n; c++) {
      mean[c] /= rows;
    }
    double[] var = new double[n];
    for (int r = 0, o = 0; r < rows; r++, o += n) {
      for (int c = 0; c < n; c++) {
        double d = a[o + c] - mean[c];
        var[c] += d * d;
      }
    }
    for (int c = 0; c < n; c++) {
      var[c] /= rows;
    }
    return var;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return ndArray.var(0);
  }
}
