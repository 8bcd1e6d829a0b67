package org.ndprim;

import java.util.Optional;

/**
 * The ufuncs' lane-wise kernels on contiguous runs, JDK 22+ version (the multi-release jar's
 * {@code META-INF/versions/22}): the same API as the Java 17 class. {@link #ON} is true when
 * {@code jdk.incubator.vector} is in the boot layer ({@code --add-modules jdk.incubator.vector})
 * and the CPU has 256-bit vectors; the methods then compute in vector lanes
 * ({@link VectorLanes}), with the bits of the plain loops. Otherwise the generated loops never
 * call them, and without the module it says once, on the {@code org.ndprim} logger at
 * {@code INFO}, how to enable it.
 */
final class LaneKernel {
  /** Whether the generated loops call this class (a JVM constant: C2 folds the test away). */
  static final boolean ON = on();
  /** The shortest row worth a call. */
  static final int MIN = 32;

  private LaneKernel() {}

  private static boolean on() {
    Optional<Module> vector = ModuleLayer.boot().findModule("jdk.incubator.vector");
    if (vector.isEmpty()) {
      org.ndprim.internal.Internal.vectorHint();
      return false;
    }
    // A named module reads the incubator module only when told; the unnamed one reads it anyway.
    LaneKernel.class.getModule().addReads(vector.get());
    return VectorLanes.supported();
  }

  /** {@return the kernel in use: {@code "scalar"}, or {@code "vector"} with the Vector API} */
  static String name() {
    return ON ? "vector" : "scalar";
  }

  static boolean add(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return VectorLanes.add(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean subtract(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return VectorLanes.subtract(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean multiply(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return VectorLanes.multiply(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean divide(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    return VectorLanes.divide(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean equal(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.equal(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean notEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.notEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean less(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.less(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean lessEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.lessEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greater(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greater(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greaterEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greaterEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean add(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return VectorLanes.add(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean subtract(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return VectorLanes.subtract(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean multiply(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return VectorLanes.multiply(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean divide(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    return VectorLanes.divide(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean equal(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.equal(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean notEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.notEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean less(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.less(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean lessEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.lessEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greater(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greater(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greaterEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greaterEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean add(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return VectorLanes.add(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean subtract(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return VectorLanes.subtract(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean multiply(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    return VectorLanes.multiply(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean equal(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.equal(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean notEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.notEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean less(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.less(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean lessEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.lessEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greater(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greater(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greaterEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greaterEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean add(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return VectorLanes.add(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean subtract(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return VectorLanes.subtract(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean multiply(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    return VectorLanes.multiply(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean equal(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.equal(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean notEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.notEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean less(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.less(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean lessEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.lessEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greater(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greater(a, ai, as, b, bi, bs, o, oi, n);
  }

  static boolean greaterEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    return VectorLanes.greaterEqual(a, ai, as, b, bi, bs, o, oi, n);
  }

  static void castUnsignedBytes(byte[] a, int ai, float[] o, int oi, int n) {
    VectorLanes.castUnsignedBytes(a, ai, o, oi, n);
  }
}
