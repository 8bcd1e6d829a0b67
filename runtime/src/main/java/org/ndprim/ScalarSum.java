package org.ndprim;

/**
 * NumPy's pairwise sum ({@code pairwise_sum} of {@code numpy/_core/src/umath/loops_utils.h.src})
 * in plain Java: the eight accumulators are eight locals, which C2 keeps in scalar registers.
 * The kernel of every JDK without the Vector API; see {@link BufferedSum} for the algorithm.
 */
final class ScalarSum {
  /** NumPy's {@code PW_BLOCKSIZE}: the largest block summed with eight accumulators. */
  static final int BLOCK = 128;

  private ScalarSum() {}

  /**
   * Returns NumPy's pairwise sum of {@code a[from .. from + n)} (see {@link BufferedSum}).
   *
   * @param a the values
   * @param from the first index
   * @param n the count
   * @return the pairwise sum, {@code -0.0} for {@code n == 0}
   */
  static double pairwise(double[] a, int from, int n) {
    if (n > BLOCK) {
      int n2 = n / 2;
      n2 -= n2 % 8;
      return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
    }
    if (n < 8) {
      double res = -0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
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
    for (int p = from + 8; i < full; i += 8, p += 8) {
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

  /**
   * Returns NumPy's pairwise sum of {@code a[from .. from + n)} in {@code float}, as its
   * {@code float32} loop.
   *
   * @param a the values
   * @param from the first index
   * @param n the count
   * @return the pairwise sum, {@code -0.0f} for {@code n == 0}
   */
  static float pairwise(float[] a, int from, int n) {
    if (n > BLOCK) {
      int n2 = n / 2;
      n2 -= n2 % 8;
      return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
    }
    if (n < 8) {
      float res = -0.0f;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
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
    for (int p = from + 8; i < full; i += 8, p += 8) {
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
}
