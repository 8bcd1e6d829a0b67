package org.ndprim;

/**
 * The leaf kernel of NumPy's pairwise sum. This is the Java 17 class: plain Java
 * ({@link ScalarSum}). The multi-release jar holds a class of the same name and API under
 * {@code META-INF/versions/22} that sums in {@code jdk.incubator.vector} lanes when that module
 * is in the boot layer, with the same bits.
 */
final class SumKernel {
  private SumKernel() {}

  /** {@return the kernel in use: {@code "scalar"} here, {@code "vector"} with the Vector API} */
  static String name() {
    return "scalar";
  }

  static double pairwise(double[] a, int from, int n) {
    return ScalarSum.pairwise(a, from, n);
  }

  static float pairwise(float[] a, int from, int n) {
    return ScalarSum.pairwise(a, from, n);
  }
}
