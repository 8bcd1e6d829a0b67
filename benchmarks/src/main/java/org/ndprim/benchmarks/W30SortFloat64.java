package org.ndprim.benchmarks;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.Shape;
import org.ndprim.Sorting;
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
 * W30 (issue 21): {@code np.sort} of 2^22 uniform random float64 values, a new sorted array per
 * call: plain {@code a.clone()} then {@link Arrays#sort(double[])}; ndprim
 * {@code Sorting.sort(a)}, which also keeps {@code -0.0}/{@code 0.0} in input order (one scan for
 * a {@code -0.0} before the sort). Target: at most 1.1x plain.
 *
 * <p>TF-Java's ndarray has no sort, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W30SortFloat64 {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 22;

  double[] a;
  DoubleNdArray na;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(n, 1);
    na = DoubleNdArray.wrap(Shape.of(n), a);
    Verify.variant("W30", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] c = a.clone();
    Arrays.sort(c);
    return c;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return Sorting.sort(na);
  }
}
