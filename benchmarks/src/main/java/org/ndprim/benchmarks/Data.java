package org.ndprim.benchmarks;

import java.util.SplittableRandom;

/**
 * Deterministic input data, the same for every variant of a workload (each variant of a
 * workload reads the very same Java array: TF-Java and ndprim wrap it without copying).
 *
 * <p>Floating-point values are small integers, so that every sum is exact whatever the order
 * or the accumulation scheme (sequential, pairwise, Kahan): the three variants then have to
 * agree bit for bit.
 */
final class Data {
  private Data() {}

  static int toIntSize(long... dims) {
    long n = 1;
    for (long d : dims) {
      n = Math.multiplyExact(n, d);
    }
    return Math.toIntExact(n);
  }

  static int[] ints(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt();
    }
    return a;
  }

  static short[] shorts(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    short[] a = new short[n];
    for (int i = 0; i < n; i++) {
      a[i] = (short) r.nextInt();
    }
    return a;
  }

  static long[] longs(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long[] a = new long[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextLong();
    }
    return a;
  }

  /** Integer values in [0, 1024): sums of up to 2^43 of them are exact in a double. */
  static double[] smallIntDoubles(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(1024);
    }
    return a;
  }

  /** Integer values in [0, 1024), stored as float. */
  static float[] smallIntFloats(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextInt(1024);
    }
    return a;
  }

  /** Arbitrary finite floats (fractions, negatives, -0.0f): copied, never summed. */
  static float[][][] floats3d(int d0, int d1, int d2, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[][][] a = new float[d0][d1][d2];
    for (float[][] plane : a) {
      for (float[] row : plane) {
        for (int k = 0; k < row.length; k++) {
          row[k] = (float) ((r.nextDouble() - 0.5) * 1e6);
        }
      }
    }
    if (d0 > 0 && d1 > 0 && d2 > 0) {
      a[0][0][0] = -0.0f;
    }
    return a;
  }
}
