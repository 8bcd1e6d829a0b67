package org.ndprim.benchmarks;

import java.util.SplittableRandom;

/**
 * Deterministic input data, the same for every variant of a workload (each variant of a
 * workload reads the very same Java array: TF-Java and ndprim wrap it without copying).
 *
 * <p>Floating-point values are small integers (W3, W4, W6, W8), so that every sum is exact
 * whatever the order or the accumulation scheme (sequential, pairwise, Kahan, several
 * accumulators): the three variants then have to agree bit for bit. The one exception is W11,
 * whose point is a sum that is <em>not</em> exact: {@link #uniformDoubles} and
 * {@link #uniformFloats} are random fractions in [0, 1), where the summation order decides the
 * last bits.
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

  /**
   * Uniformly random doubles in [0, 1): {@link SplittableRandom#nextDouble()}, i.e. {@code k *
   * 2^-53} for a random {@code k} in [0, 2^53). A prefix of {@code uniformDoubles(n, seed)} is
   * {@code uniformDoubles(m, seed)} for {@code m < n} (W11's golden NumPy sums rely on that).
   */
  static double[] uniformDoubles(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextDouble();
    }
    return a;
  }

  /**
   * Uniformly random floats in [0, 1): {@link SplittableRandom#nextFloat()}, i.e. {@code k *
   * 2^-24} for a random {@code k} in [0, 2^24) (not the rounded doubles, which could round up to
   * 1.0f). Prefixes behave as for {@link #uniformDoubles}.
   */
  static float[] uniformFloats(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] a = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = r.nextFloat();
    }
    return a;
  }
}
