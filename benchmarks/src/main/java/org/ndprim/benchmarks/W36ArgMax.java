package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.Parallelism;
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
 * W36: {@code argmax} of 2^24 uniform float64 values (no NaN): plain Java's first-maximum loop
 * with NumPy's NaN rule; ndprim {@code a.argMax()}, {@code argMax(1)} of the same values as a
 * {@code [4096, 4096]} matrix, and {@code max()}. {@code oneThread} and {@code twoThreads} run
 * {@code a.argMax()} with {@link Parallelism#setMaxThreads} 1 and 2 (then back to the start-up
 * cap), for the parallel speed-up interleaved in one JVM (measure it in wall time).
 *
 * <p>TF-Java's ndarray has no reductions, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W36ArgMax {
  /** Elements, a square; the unit test shrinks it. */
  public int n = 1 << 24;

  double[] a;
  DoubleNdArray na;
  DoubleNdArray matrix;
  private final int cap = Parallelism.maxThreads();

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(n, 36);
    na = DoubleNdArray.wrap(Shape.of(n), a);
    int side = (int) Math.sqrt(n);
    matrix = na.reshape(Shape.of(side, n / side));
    long p = plain();
    Verify.variant("W36", "ndprim", new long[] {p}, new long[] {ndprim()});
    Verify.variant("W36", "oneThread", new long[] {p}, new long[] {oneThread()});
    Verify.variant("W36", "twoThreads", new long[] {p}, new long[] {twoThreads()});
  }

  @Benchmark
  public long plain() {
    double[] x = a;
    double m = x[0];
    int best = 0;
    if (Double.isNaN(m)) {
      return 0;
    }
    for (int i = 1; i < x.length; i++) {
      double v = x[i];
      if (v > m) {
        m = v;
        best = i;
      } else if (Double.isNaN(v)) {
        return i;
      }
    }
    return best;
  }

  @Benchmark
  public long ndprim() {
    return na.argMax();
  }

  @Benchmark
  public LongNdArray ndprimAxis() {
    return matrix.argMax(1);
  }

  @Benchmark
  public double ndprimMax() {
    return na.max();
  }

  @Benchmark
  public long oneThread() {
    return withThreads(1);
  }

  @Benchmark
  public long twoThreads() {
    return withThreads(2);
  }

  private long withThreads(int threads) {
    Parallelism.setMaxThreads(threads);
    try {
      return na.argMax();
    } finally {
      Parallelism.setMaxThreads(cap);
    }
  }
}
