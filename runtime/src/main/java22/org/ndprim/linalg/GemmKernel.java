package org.ndprim.linalg;

import java.util.Optional;

/**
 * The register-blocked micro-kernel of {@link Gemm}, JDK 22+ version (the multi-release jar's
 * {@code META-INF/versions/22}): the same API as the Java 17 class. It multiplies in
 * {@code jdk.incubator.vector} lanes ({@link VectorGemm}) when that module is in the boot layer
 * ({@code --add-modules jdk.incubator.vector}) and the CPU has 256-bit vectors, else in plain
 * Java ({@link ScalarGemm}); the bits are the same (both add each product with one rounding,
 * {@code fma}, in the order of {@code k}). Without the module it says once, on the
 * {@code org.ndprim} logger at {@code INFO}, how to enable it.
 */
final class GemmKernel {
  private static final boolean VECTOR = lookup();

  private GemmKernel() {}

  private static boolean lookup() {
    Optional<Module> vector = ModuleLayer.boot().findModule("jdk.incubator.vector");
    if (vector.isEmpty()) {
      org.ndprim.internal.Internal.vectorHint();
      return false;
    }
    // A named module reads the incubator module only when told; the unnamed one reads it anyway.
    GemmKernel.class.getModule().addReads(vector.get());
    return VectorGemm.supported();
  }

  /** {@return the kernel in use: {@code "scalar"}, or {@code "vector"} with the Vector API} */
  static String name() {
    return VECTOR ? "vector" : "scalar";
  }

  static int doubleRows() {
    return VECTOR ? VectorGemm.MR : ScalarGemm.MR;
  }

  static int doubleCols() {
    return VECTOR ? VectorGemm.DOUBLE_NR : ScalarGemm.NR;
  }

  static int floatRows() {
    return VECTOR ? VectorGemm.MR : ScalarGemm.MR;
  }

  static int floatCols() {
    return VECTOR ? VectorGemm.FLOAT_NR : ScalarGemm.NR;
  }

  static void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    if (VECTOR) {
      VectorGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    } else {
      ScalarGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    }
  }

  static void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    if (VECTOR) {
      VectorGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    } else {
      ScalarGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    }
  }
}
