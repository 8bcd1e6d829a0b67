package org.ndprim.benchmarks;

/**
 * NumPy's pairwise summation, written in plain Java: W11's plain variant, and the reference
 * {@code np.sum} result that ndprim's {@code sum()} should reproduce bit for bit.
 *
 * <p>It is the algorithm of {@code pairwise_sum} in NumPy's
 * {@code numpy/_core/src/umath/loops_utils.h.src} (as of NumPy 2.4), which
 * {@code np.add.reduce}, and so {@code np.sum}, runs over a contiguous 1-D array of
 * {@code float64} or {@code float32}, step for step:
 *
 * <ul>
 *   <li>{@code n < 8}: a sequential sum starting from {@code -0.0} (so that a sum of only
 *       {@code -0.0} stays {@code -0.0});
 *   <li>{@code 8 <= n <= 128} ({@code PW_BLOCKSIZE}): eight accumulators {@code r0..r7} start
 *       at the first eight elements, the loop adds element {@code i + m} to {@code rm} for every
 *       full group of eight, the accumulators are combined as
 *       {@code ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))}, and the last {@code n % 8}
 *       elements are added to that one at a time;
 *   <li>{@code n > 128}: split at {@code n2 = n / 2} rounded down to a multiple of 8, and return
 *       the pairwise sum of the first {@code n2} elements plus that of the other {@code n - n2}.
 * </ul>
 *
 * <p>The reduction itself starts from the identity, {@code 0.0}, and adds the pairwise sum of
 * the whole array to it ({@code np.sum(np.array([-0.0]))} is {@code 0.0}); {@link #sum(double[])}
 * and {@link #sum(float[])} do the same. The {@code float32} version accumulates in
 * {@code float} throughout, as NumPy's does (Java's {@code float} arithmetic is IEEE binary32,
 * round to nearest, like C's on x86-64 with SSE). {@code WorkloadsTest} checks both against the
 * values {@code np.sum} gives for W11's data (golden file {@code w11-numpy-sums.txt}).
 */
final class PairwiseSum {
  private PairwiseSum() {}

  /** NumPy's {@code PW_BLOCKSIZE}: the largest block summed with eight accumulators. */
  static final int BLOCK = 128;

  /** {@code np.sum(a)} for a {@code float64} array {@code a}. */
  static double sum(double[] a) {
    return 0.0 + pairwise(a, 0, a.length);
  }

  /** {@code np.sum(a)} for a {@code float32} array {@code a}, accumulated in {@code float}. */
  static float sum(float[] a) {
    return 0.0f + pairwise(a, 0, a.length);
  }

  /** The pairwise sum of {@code a[from], ..., a[from + n - 1]}. */
  static double pairwise(double[] a, int from, int n) {
    if (n < 8) {
      double res = -0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    if (n <= BLOCK) {
      double r0 = a[from];
      double r1 = a[from + 1];
      double r2 = a[from + 2];
      double r3 = a[from + 3];
      double r4 = a[from + 4];
      double r5 = a[from + 5];
      double r6 = a[from + 6];
      double r7 = a[from + 7];
      int full = n - n % 8;
      int i = 8;
      for (; i < full; i += 8) {
        int p = from + i;
        r0 += a[p];
        r1 += a[p + 1];
        r2 += a[p + 2];
        r3 += a[p + 3];
        r4 += a[p + 4];
        r5 += a[p + 5];
        r6 += a[p + 6];
        r7 += a[p + 7];
      }
      double res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
  }

  /** The pairwise sum of {@code a[from], ..., a[from + n - 1]}, in {@code float}. */
  static float pairwise(float[] a, int from, int n) {
    if (n < 8) {
      float res = -0.0f;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    if (n <= BLOCK) {
      float r0 = a[from];
      float r1 = a[from + 1];
      float r2 = a[from + 2];
      float r3 = a[from + 3];
      float r4 = a[from + 4];
      float r5 = a[from + 5];
      float r6 = a[from + 6];
      float r7 = a[from + 7];
      int full = n - n % 8;
      int i = 8;
      for (; i < full; i += 8) {
        int p = from + i;
        r0 += a[p];
        r1 += a[p + 1];
        r2 += a[p + 2];
        r3 += a[p + 3];
        r4 += a[p + 4];
        r5 += a[p + 5];
        r6 += a[p + 6];
        r7 += a[p + 7];
      }
      float res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
  }
}
