package org.ndprim.benchmarks;

import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
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
 * W24: {@code a.T + b}, float64 {@code [2048, 2048]}, into a preallocated C-order output
 * ({@code np.add(a.T, b, out=c)}): plain, the best blocked loop (tiles of 64 x 64, so the
 * transposed reads stay in cache); ndprim {@code Ufunc.ADD.into(c, a.transpose(), b)}. Target:
 * at most 1.3x plain.
 *
 * <p>TF-Java's ndarray has no arithmetic, so there is no TF-Java variant.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W24TransposeAdd {
  /** The side; the unit test shrinks it. */
  public int side = 2048;

  double[] a;
  double[] b;
  double[] c;
  DoubleNdArray na;
  DoubleNdArray nb;
  DoubleNdArray nc;

  @Setup(Level.Trial)
  public void setup() {
    a = Data.uniformDoubles(side * side, 1);
    b = Data.uniformDoubles(side * side, 2);
    c = new double[side * side];
    na = DoubleNdArray.wrap(Shape.of(side, side), a);
    nb = DoubleNdArray.wrap(Shape.of(side, side), b);
    nc = DoubleNdArray.zeros(Shape.of(side, side));
    Verify.variant("W24", "ndprim", plain().clone(), ndprim().toArray());
  }

  @Benchmark
  public double[] plain() {
    double[] x = a;
    double[] y = b;
    double[] z = c;
    int n = side;
    int t = 64;
    for (int i0 = 0; i0 < n; i0 += t) {
      int i1 = Math.min(n, i0 + t);
      for (int j0 = 0; j0 < n; j0 += t) {
        int j1 = Math.min(n, j0 + t);
        for (int i = i0; i < i1; i++) {
          int o = i * n;
          for (int j = j0; j < j1; j++) {
            z[o + j] = x[j * n + i] + y[o + j];
          }
        }
      }
    }
    return z;
  }

  @Benchmark
  public DoubleNdArray ndprim() {
    return Ufunc.ADD.into(nc, na.transpose(), nb);
  }
}
