package org.ndprim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ndprim.DoubleNdArray;
import org.ndprim.NdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;
import org.ndprim.linalg.LinAlg;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code matmul} of two {@code float64 [n, n]} matrices (issue 23), {@code 2 n^3} flops:
 * <ul>
 *   <li>ikj: the plain i-k-j loop over row-major {@code double[]}s (the inner loop runs along a
 *       row of {@code b} and of the result, which C2 vectorizes);
 *   <li>blockedIkj: the same loop over 64 x 256 x 1024 tiles (i, k, j), so the tile of
 *       {@code b} stays in cache;
 *   <li>ndprim: {@code LinAlg.matmul(a, b)} on one thread; ndprimTwo: on two.
 * </ul>
 * NumPy's {@code a @ b} calls its BLAS (OpenBLAS); docs/jdk.md has its time on the same
 * machine. Every variant is checked against ikj at set-up (within {@code 1e-12 n^2}). For
 * {@link Interleave} the size is the system property {@code matmul.n} (default 512).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class MatmulFloat64 {
  /** The matrices' side. */
  @Param({"512", "1024"})
  public int n = Integer.getInteger("matmul.n", 512);

  double[] a;
  double[] b;
  DoubleNdArray aNd;
  DoubleNdArray bNd;

  @Setup(Level.Trial)
  public void setup() {
    SplittableRandom random = new SplittableRandom(23);
    a = random.doubles((long) n * n, -1, 1).toArray();
    b = random.doubles((long) n * n, -1, 1).toArray();
    aNd = DoubleNdArray.wrap(Shape.of(n, n), a);
    bNd = DoubleNdArray.wrap(Shape.of(n, n), b);
    double[] reference = ikj();
    for (double[] other : new double[][] {blockedIkj(), data(ndprim()), data(ndprimTwo())}) {
      for (int i = 0; i < reference.length; i++) {
        // |element| <= n; sums in any order differ by far less than n * n * 2^-52
        if (!(Math.abs(reference[i] - other[i]) <= 1e-12 * n * n)) {
          throw new IllegalStateException("matmul: element " + i + " is " + other[i]
              + ", the i-k-j loop's " + reference[i]);
        }
      }
    }
  }

  private static double[] data(NdArray x) {
    return ((DoubleNdArray) x).toArray();
  }

  @Benchmark
  public double[] ikj() {
    double[] c = new double[n * n];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < n; p++) {
        double x = a[i * n + p];
        int bi = p * n;
        int ci = i * n;
        for (int j = 0; j < n; j++) {
          c[ci + j] += x * b[bi + j];
        }
      }
    }
    return c;
  }

  @Benchmark
  public double[] blockedIkj() {
    double[] c = new double[n * n];
    for (int i0 = 0; i0 < n; i0 += 64) {
      for (int p0 = 0; p0 < n; p0 += 256) {
        for (int j0 = 0; j0 < n; j0 += 1024) {
          int i1 = Math.min(n, i0 + 64);
          int p1 = Math.min(n, p0 + 256);
          int j1 = Math.min(n, j0 + 1024);
          for (int i = i0; i < i1; i++) {
            for (int p = p0; p < p1; p++) {
              double x = a[i * n + p];
              int bi = p * n;
              int ci = i * n;
              for (int j = j0; j < j1; j++) {
                c[ci + j] += x * b[bi + j];
              }
            }
          }
        }
      }
    }
    return c;
  }

  @Benchmark
  public NdArray ndprim() {
    Parallelism.setMaxThreads(1);
    return LinAlg.matmul(aNd, bNd);
  }

  @Benchmark
  public NdArray ndprimTwo() {
    Parallelism.setMaxThreads(2);
    return LinAlg.matmul(aNd, bNd);
  }
}
