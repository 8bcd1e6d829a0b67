package org.ndprim;

import java.util.SplittableRandom;

/**
 * A program run by {@link PackagedJarVectorBitsTest} in a child JVM on the packaged jar: prints
 * the sum kernel in use, then the raw bits of {@link BufferedSum#pairwise} over seeded lengths
 * and offsets, in {@code double} and {@code float}, one line each.
 */
public final class SumBits {
  private SumBits() {}

  /**
   * Prints the kernel's name and the sums' bits.
   *
   * @param args {@code parallel} to split every sum of over 2048 values across 4 threads
   */
  public static void main(String[] args) {
    if (args.length > 0 && args[0].equals("parallel")) {
      ParallelSum.grain = 1024;
      Parallelism.setMaxThreads(4);
    }
    StringBuilder out = new StringBuilder(SumKernel.name()).append('\n');
    for (String line : lines(false)) {
      out.append(line).append('\n');
    }
    System.out.print(out);
  }

  /**
   * Returns the sums' bits, one line per seeded case.
   *
   * @param reference sum with {@link ScalarSum} itself rather than {@link BufferedSum}
   * @return the lines
   */
  static java.util.List<String> lines(boolean reference) {
    SplittableRandom random = new SplittableRandom(20261202);
    double[] a = new double[70_000];
    float[] f = new float[a.length];
    for (int i = 0; i < a.length; i++) {
      // magnitudes over 40 decades, so the order of additions shows in the bits
      a[i] = random.nextDouble(-1, 1) * Math.pow(10, random.nextInt(-20, 20));
      f[i] = (float) a[i];
    }
    java.util.List<String> lines = new java.util.ArrayList<>();
    for (int k = 0; k < 600; k++) {
      int n = k < 300 ? k : random.nextInt(0, a.length - 16);
      int from = random.nextInt(0, 16);
      double d = reference ? ScalarSum.pairwise(a, from, n) : BufferedSum.pairwise(a, from, n);
      float s = reference ? ScalarSum.pairwise(f, from, n) : BufferedSum.pairwise(f, from, n);
      lines.add(n + " " + from + " " + Long.toHexString(Double.doubleToRawLongBits(d)) + " "
          + Integer.toHexString(Float.floatToRawIntBits(s)));
    }
    return lines;
  }
}
