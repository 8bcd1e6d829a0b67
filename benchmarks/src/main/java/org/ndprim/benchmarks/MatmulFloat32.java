package org.ndprim.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ndprim.FloatNdArray;
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
 * {@code matmul} of two {@code float32 [n, n]} matrices (issue 23), {@code 2 n^3} flops:
 * <ul>
 *   <li>ikj: the plain i-k-j loop over row-major {@code float[]}s (the inner loop runs along a
 *       row of {@code b} and of the result, which C2 vectorizes);
 *   <li>blockedIkj: the same loop over 64 x 256 x 1024 tiles (i, k, j), so the tile of
 *       {@code b} stays in cache;
 *   <li>ndprim: {@code LinAlg.matmul(a, b)} on one thread; ndprimTwo: on two.
 * </ul>
 * NumPy's {@code a @ b} calls its BLAS (OpenBLAS); docs/jdk.md has its time on the same
 * machine. Every variant is checked against ikj at set-up (within {@code 1e-4 n}). For
 * {@link Interleave} the size is the system property {@code matmul.n} (default 512).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@State(Scope.Benchmark)
public class MatmulFloat32 {
  /** The matrices' side. */
  @Param({"512", "1024"})
  public int n = Integer.getInteger("matmul.n", 512);

  float[] a;
  float[] b;
  FloatNdArray aNd;
  FloatNdArray bNd;

  @Setup(Level.Trial)
  public void setup() {
    SplittableRandom random = new SplittableRandom(23);
    a = new float[n * n];
    b = new float[n * n];
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) random.nextDouble(-1, 1);
      b[i] = (float) random.nextDouble(-1, 1);
    }
    aNd = FloatNdArray.wrap(Shape.of(n, n), a);
    bNd = FloatNdArray.wrap(Shape.of(n, n), b);
    float[] reference = ikj();
    for (float[] other : new float[][] {blockedIkj(), data(ndprim()), data(ndprimTwo())}) {
      for (int i = 0; i < reference.length; i++) {
        // |element| <= n; n products summed in any order differ by far less than 1e-4 n
        if (!(Math.abs(reference[i] - other[i]) <= 1e-4 * n)) {
          throw new IllegalStateException("matmul: element " + i + " is " + other[i]
              + ", the i-k-j loop's " + reference[i]);
        }
      }
    }
  }

  private static float[] data(NdArray x) {
    return ((FloatNdArray) x).toArray();
  }

  @Benchmark
  public float[] ikj() {
    float[] c = new float[n * n];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < n; p++) {
        float x = a[i * n + p];
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
  public float[] blockedIkj() {
    float[] c = new float[n * n];
    for (int i0 = 0; i0 < n; i0 += 64) {
      for (int p0 = 0; p0 < n; p0 += 256) {
        for (int j0 = 0; j0 < n; j0 += 1024) {
          int i1 = Math.min(n, i0 + 64);
          int p1 = Math.min(n, p0 + 256);
          int j1 = Math.min(n, j0 + 1024);
          for (int i = i0; i < i1; i++) {
            for (int p = p0; p < p1; p++) {
              float x = a[i * n + p];
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
