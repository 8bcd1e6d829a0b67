package org.ndprim.benchmarks;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.ndprim.IntNdArray;
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
import org.tensorflow.ndarray.NdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;

/**
 * W2: write every scalar of an int array [256, 256, 64] by its coordinates, in C order; the
 * value written at (i, j, k) is {@code i * 1_000_000 + j * 1_000 + k} (distinct per cell for
 * these sizes, so a wrong coordinate mapping cannot go unnoticed). All three variants write
 * into the same {@code int[]}; the verification compares its whole content after each variant.
 *
 * <ul>
 *   <li>plain: a loop nest over the flat C-order {@code int[]}, the row offset
 *       {@code (i * d1 + j) * d2} and the row's value {@code i * 1_000_000 + j * 1_000}
 *       computed once per row, then {@code a[row + k] = v + k} in the counted inner loop (one
 *       store per element, no bounds check left in it); the same values are computed in the
 *       other variants' loops;
 *   <li>TF-Java: {@code IntNdArray.setInt(v, i, j, k)} (varargs);
 *   <li>ndprim: {@code IntNdArray.setInt(v, i, j, k)} (the fixed-arity rank-3 overload).
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class W2WriteByCoordinates {
  /** The shape; the unit test shrinks it. */
  public int[] dims = {256, 256, 64};

  int d0;
  int d1;
  int d2;
  int[] plainData;
  org.tensorflow.ndarray.IntNdArray tfArray;
  IntNdArray ndArray;

  @Setup(Level.Trial)
  public void setup() {
    d0 = dims[0];
    d1 = dims[1];
    d2 = dims[2];
    if (d1 > 1000 || d2 > 1000) {
      throw new IllegalArgumentException("W2 values are distinct only for d1, d2 <= 1000");
    }
    plainData = new int[Data.toIntSize(d0, d1, d2)];
    tfArray = NdArrays.wrap(org.tensorflow.ndarray.Shape.of(d0, d1, d2),
        DataBuffers.of(plainData, false, false));
    ndArray = IntNdArray.wrap(Shape.of(d0, d1, d2), plainData);
    Verify.same("W2", written(() -> plain()), written(() -> tf()), written(() -> ndprim()));
  }

  /** Clears the shared storage, runs one variant and returns a snapshot of what it wrote. */
  int[] written(Runnable variant) {
    Arrays.fill(plainData, -1);
    variant.run();
    return plainData.clone();
  }

  @Benchmark
  public int[] plain() {
    int[] a = plainData;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        int row = (i * n1 + j) * n2;
        int v = i * 1_000_000 + j * 1_000;
        for (int k = 0; k < n2; k++) {
          a[row + k] = v + k;
        }
      }
    }
    return a;
  }

  @Benchmark
  public org.tensorflow.ndarray.IntNdArray tf() {
    org.tensorflow.ndarray.IntNdArray x = tfArray;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          x.setInt(i * 1_000_000 + j * 1_000 + k, i, j, k);
        }
      }
    }
    return x;
  }

  @Benchmark
  public IntNdArray ndprim() {
    IntNdArray x = ndArray;
    int n0 = d0;
    int n1 = d1;
    int n2 = d2;
    for (int i = 0; i < n0; i++) {
      for (int j = 0; j < n1; j++) {
        for (int k = 0; k < n2; k++) {
          x.setInt(i * 1_000_000 + j * 1_000 + k, i, j, k);
        }
      }
    }
    return x;
  }
}
