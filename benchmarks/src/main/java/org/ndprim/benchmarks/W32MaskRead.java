package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
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
import org.ndprim.DoubleNdArray;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * W32 (issue 21): {@code a[a > 0.5]}, float64 2^22 uniform in [0, 1), a new array of the
 * selected elements: plain counts the matches (branch-free), allocates the result and fills it
 * in a second pass; ndprim {@code a.slice(Indices.mask(a.greater(0.5)))}. Target: at most 1.3x
 * plain.
 *
 * <p>TF-Java's ndarray has no boolean indexing, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W32MaskRead {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 22;

  double[] a;
  DoubleNdArray na;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(n, 32);
    na = DoubleNdArray.wrap(Shape.of(n), a);
    Verify.variant("W32", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] x = a;
    int count = 0;
    for (double v : x) {
      count += v > 0.5 ? 1 : 0;
    }
    double[] out = new double[count];
    for (int i = 0, k = 0; i < x.length; i++) {
      if (x[i] > 0.5) {
        out[k++] = x[i];
      }
    }
    return out;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return na.slice(Indices.mask(na.greater(0.5)));
  }
}
