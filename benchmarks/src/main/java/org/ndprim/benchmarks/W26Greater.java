package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.BooleanNdArray;
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
 * W26: {@code a > 0.5} of 2^24 uniform float64 values, a new boolean array per call: plain
 * {@code m[i] = a[i] > 0.5} into {@code new boolean[n]}; ndprim {@code a.greater(0.5)}. Target:
 * at most 1.2x plain.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W26Greater {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 24;

  double[] a;
  DoubleNdArray na;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(n, 1);
    na = DoubleNdArray.wrap(Shape.of(n), a);
    Verify.variant("W26", "ndprim", plain(), ndprim().toArray());
  }

  @Benchmark
  public boolean[] plain() {
    double[] x = a;
    boolean[] m = new boolean[x.length];
    for (int i = 0; i < x.length; i++) {
      m[i] = x[i] > 0.5;
    }
    return m;
  }

  @Benchmark
  public BooleanNdArray ndprim() {
    return na.greater(0.5);
  }
}
