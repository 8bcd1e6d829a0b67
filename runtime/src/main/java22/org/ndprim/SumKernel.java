package org.ndprim;

import java.util.Optional;

/**
 * The leaf kernel of NumPy's pairwise sum, JDK 22+ version (the multi-release jar's
 * {@code META-INF/versions/22}): the same API as the Java 17 class. It sums in
 * {@code jdk.incubator.vector} lanes ({@link VectorSum}) when that module is in the boot layer
 * ({@code --add-modules jdk.incubator.vector}) and the CPU has 256-bit vectors, else in plain
 * Java ({@link ScalarSum}); the bits are the same. Without the module it says once, on the
 * {@code org.ndprim} logger at {@code INFO}, how to enable it, as Lucene's
 * {@code VectorizationProvider} does.
 */
final class SumKernel {
  private static final boolean VECTOR = lookup();

  private SumKernel() {}

  private static boolean lookup() {
    Optional<Module> vector = ModuleLayer.boot().findModule("jdk.incubator.vector");
    if (vector.isEmpty()) {
      org.ndprim.internal.Internal.vectorHint();
      return false;
    }
    // A named module reads the incubator module only when told; the unnamed one reads it anyway.
    SumKernel.class.getModule().addReads(vector.get());
    return VectorSum.supported();
  }

  /** {@return the kernel in use: {@code "scalar"}, or {@code "vector"} with the Vector API} */
  static String name() {
    return VECTOR ? "vector" : "scalar";
  }

  static double pairwise(double[] a, int from, int n) {
    return VECTOR ? VectorSum.pairwise(a, from, n) : ScalarSum.pairwise(a, from, n);
  }

  static float pairwise(float[] a, int from, int n) {
    return VECTOR ? VectorSum.pairwise(a, from, n) : ScalarSum.pairwise(a, from, n);
  }
}
