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
import org.ndprim.BooleanNdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.Ufunc;

/**
 * W33 (issue 21): {@code a[a > 0.5] = 0} in place, float64 2^22 uniform in [0, 1). So that every
 * call has the same work, each first restores its array from the source (the same
 * {@code System.arraycopy}-speed copy in both variants): plain then zeroes the matches in one
 * loop; ndprim {@code a.assign(zero, Indices.mask(a.greater(0.5)))}, which allocates the mask;
 * {@code ndprimInto} the same without allocating, as NumPy's {@code np.greater(a, 0.5, out=m);
 * a[m] = 0}: the mask computed into a preallocated boolean array ({@code Ufunc.GREATER.into}) and
 * one {@code Indices.mask(m)} made once, which reads {@code m} as it is when applied. Target: at
 * most 1.2x plain, 0 B/op.
 *
 * <p>TF-Java's ndarray has no boolean indexing, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W33MaskAssign {
  /** Elements; the unit test shrinks it. */
  public int n = 1 << 22;

  double[] source;
  double[] a;
  DoubleNdArray nsource;
  DoubleNdArray na;
  DoubleNdArray zero;
  DoubleNdArray half;
  BooleanNdArray mask;
  Index maskIndex;

  @Setup(Level.Trial)
  public void setup() {
    source = Data.uniformDoubles(n, 33);
    a = new double[n];
    nsource = DoubleNdArray.wrap(Shape.of(n), source);
    na = DoubleNdArray.zeros(Shape.of(n));
    zero = DoubleNdArray.scalar(0);
    half = DoubleNdArray.scalar(0.5);
    mask = BooleanNdArray.zeros(Shape.of(n));
    maskIndex = Indices.mask(mask);
    Verify.variant("W33", "ndprim", plain().clone(), ndprim().toArray());
    Verify.variant("W33", "ndprimInto", plain().clone(), ndprimInto().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] x = a;
    System.arraycopy(source, 0, x, 0, x.length);
    for (int i = 0; i < x.length; i++) {
      if (x[i] > 0.5) {
        x[i] = 0;
      }
    }
    return x;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    na.copyFrom(nsource);
    na.assign(zero, Indices.mask(na.greater(0.5)));
    return na;
  }

  @Benchmark
  public DoubleNdArray ndprimInto() {
    na.copyFrom(nsource);
    Ufunc.GREATER.into(mask, na, half);
    na.assign(zero, maskIndex);
    return na;
  }
}
