package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
import org.ndprim.Ufunc;
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
 * W23: {@code np.sqrt(a, out=c)} of 2^24 float32 values into a preallocated output: plain
 * {@code c[i] = (float) Math.sqrt(a[i])}; ndprim {@code Ufunc.SQRT.into(c, a)}. Target: at most
 * 1.1x plain.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W23SqrtInto {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 24;

  float[] a;
  float[] c;
  FloatNdArray na;
  FloatNdArray nc;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformFloats(n, 1);
    c = new float[n];
    na = FloatNdArray.wrap(Shape.of(n), a);
    nc = FloatNdArray.zeros(Shape.of(n));
    Verify.variant("W23", "ndprim", plain().clone(), ndprim().toArray());
  }

  @Benchmark
  public float[] plain() {
    float[] x = a;
    float[] z = c;
    for (int i = 0; i < z.length; i++) {
      z[i] = (float) Math.sqrt(x[i]);
    }
    return z;
  }

  @Benchmark
  public FloatNdArray ndprim() {
    return Ufunc.SQRT.into(nc, na);
  }
}
