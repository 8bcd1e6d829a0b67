package org.ndprim.linalg;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.Parallelism;
import org.ndprim.Shape;

/**
 * A program run by {@link PackagedJarGemmBitsTest} in a child JVM on the packaged jar: prints
 * the matrix kernel in use, then one line per seeded product, {@code float64} and
 * {@code float32}, with a hash of the raw bits of every element of {@code LinAlg.matmul}.
 */
public final class GemmBits {
  private GemmBits() {}

  /**
   * Prints the kernel's name and the products' bits.
   *
   * @param args {@code parallel} to split every product across 4 threads
   */
  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("parallel")) {
      Parallelism.setMaxThreads(4);
    } else {
      Parallelism.setMaxThreads(1);
    }
    StringBuilder out = new StringBuilder(GemmKernel.name()).append('\n');
    for (String line : lines()) {
      out.append(line).append('\n');
    }
    System.out.print(out);
  }

  /** {@return one line per seeded case: its shape and the hashes of its bits} */
  static List<String> lines() {
    SplittableRandom random = new SplittableRandom(20261202);
    // shapes (m, n, k) across every block edge of every kernel, the last ones on several threads
    int[][] shapes = {{1, 1, 1}, {5, 3, 7}, {8, 24, 256}, {9, 49, 257}, {67, 41, 300},
        {130, 100, 513}, {3, 70, 2}, {200, 300, 600}};
    List<String> lines = new ArrayList<>();
    for (int[] s : shapes) {
      int m = s[0];
      int n = s[1];
      int k = s[2];
      double[] a = new double[m * k];
      double[] b = new double[k * n];
      for (int i = 0; i < a.length; i++) {
        // magnitudes over 12 decades, so the order of the additions shows in the bits
        a[i] = random.nextDouble(-1, 1) * Math.pow(10, random.nextInt(-6, 6));
      }
      for (int i = 0; i < b.length; i++) {
        b[i] = random.nextDouble(-1, 1) * Math.pow(10, random.nextInt(-6, 6));
      }
      NdArray av = DoubleNdArray.wrap(Shape.of(m, k), a);
      NdArray bv = DoubleNdArray.wrap(Shape.of(k, n), b);
      long h = 1469598103934665603L;
      for (double x : ((DoubleNdArray) LinAlg.matmul(av, bv)).toArray()) {
        h = (h ^ Double.doubleToRawLongBits(x)) * 1099511628211L;
      }
      long hf = 1469598103934665603L;
      NdArray af = av.astype(FloatNdArray.TYPE);
      NdArray bf = bv.astype(FloatNdArray.TYPE);
      for (float x : ((FloatNdArray) LinAlg.matmul(af, bf)).toArray()) {
        hf = (hf ^ Float.floatToRawIntBits(x)) * 1099511628211L;
      }
      lines.add(m + " " + n + " " + k + " " + Long.toHexString(h) + " " + Long.toHexString(hf));
    }
    return lines;
  }
}
