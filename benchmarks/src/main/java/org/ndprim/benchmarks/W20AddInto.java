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
 * W20: {@code c = a + b} of two float64 arrays of 2^24 elements into a preallocated {@code c}
 * ({@code np.add(a, b, out=c)}): plain {@code c[i] = a[i] + b[i]}; ndprim
 * {@code a.add(b, c)}. Target (issue 20): at most 1.1x plain, 0 B/op.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W20AddInto {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 24;

  double[] a;
  double[] b;
  double[] c;
  DoubleNdArray na;
  DoubleNdArray nb;
  DoubleNdArray nc;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(n, 1);
    b = Data.uniformDoubles(n, 2);
    c = new double[n];
    na = DoubleNdArray.wrap(Shape.of(n), a);
    nb = DoubleNdArray.wrap(Shape.of(n), b);
    nc = DoubleNdArray.zeros(Shape.of(n));
    Verify.variant("W20", "ndprim", plain().clone(), ndprim().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] x = a;
    double[] y = b;
    double[] z = c;
    for (int i = 0; i < z.length; i++) {
      z[i] = x[i] + y[i];
    }
    return z;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return na.add(nb, nc);
  }
}
