package org.ndprim;

/**
 * The ufuncs' and casts' lane-wise kernels on contiguous runs ({@code add}, {@code subtract},
 * {@code multiply}, {@code true_divide} and the six comparisons of {@code float64},
 * {@code float32}, {@code int32} and {@code int64}), called from the generated loops
 * ({@code <Type>Loops}) for a row whose output has unit stride and whose inputs have unit stride
 * or are one broadcast scalar (stride 0). This is the Java 17 class: {@link #ON} is false and no
 * loop calls it; the generated loops run their own plain Java. The multi-release jar holds a
 * class of the same name and API under {@code META-INF/versions/22} that computes in
 * {@code jdk.incubator.vector} lanes when that module is in the boot layer; lane-wise IEEE
 * arithmetic and comparisons, and wrapping integer arithmetic, are Java's, so the bits are the
 * same.
 *
 * <p>Each ufunc method computes {@code o[oi + i] = a[ai + i * as] op b[bi + i * bs]} for
 * {@code i < n} and returns true, or returns false, having written nothing, when it does not
 * handle the strides ({@code as} and {@code bs} must each be 1 or 0, not both 0). The cast
 * method ({@code astype} of {@code uint8} into {@code float32}, called from the generated
 * run cast {@code UInt8Loops.castRun}, which every cast of a contiguous run takes) converts {@code n} contiguous elements, each exact
 * in a {@code float}.
 */
final class LaneKernel {
  /** Whether the generated loops call this class (a JVM constant: C2 folds the test away). */
  static final boolean ON = on();
  /** The shortest row worth a call. */
  static final int MIN = 32;

  private LaneKernel() {}

  private static boolean on() {
    return false;
  }

  /** {@return the kernel in use: {@code "scalar"} here, {@code "vector"} with the Vector API} */
  static String name() {
    return "scalar";
  }

  static boolean add(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return false;
  }

  static boolean subtract(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return false;
  }

  static boolean multiply(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return false;
  }

  static boolean divide(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return false;
  }

  static boolean equal(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean notEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean less(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean lessEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greater(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greaterEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean add(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return false;
  }

  static boolean subtract(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return false;
  }

  static boolean multiply(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return false;
  }

  static boolean divide(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return false;
  }

  static boolean equal(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean notEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean less(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean lessEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greater(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greaterEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean add(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return false;
  }

  static boolean subtract(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return false;
  }

  static boolean multiply(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return false;
  }

  static boolean equal(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean notEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean less(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean lessEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greater(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greaterEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean add(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return false;
  }

  static boolean subtract(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return false;
  }

  static boolean multiply(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return false;
  }

  static boolean equal(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean notEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean less(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean lessEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greater(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }

  static boolean greaterEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return false;
  }


  /** {@code o[oi + i] = a[ai + i] & 0xFF} for {@code i < n}: uint8 to float32, exact. */
  static void castUnsignedBytes(byte[] a, int ai, float[] o, int oi, int n) {
    for (int i = 0; i < n; i++) {
      o[oi + i] = a[ai + i] & 0xFF;
    }
  }
}
