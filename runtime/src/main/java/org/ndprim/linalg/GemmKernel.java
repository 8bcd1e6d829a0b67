package org.ndprim.linalg;

/**
 * The register-blocked micro-kernel of {@link Gemm} and the shape of its block. This is the
 * Java 17 class: plain Java ({@link ScalarGemm}). The multi-release jar holds a class of the
 * same name and API under {@code META-INF/versions/22} that multiplies in
 * {@code jdk.incubator.vector} lanes when that module is in the boot layer, with the same bits:
 * both add each product with one rounding ({@code fma}), in the order of {@code k}.
 *
 * <p>The sizes are methods, not constants, so that {@link Gemm} reads the versioned class's.
 */
final class GemmKernel {
  private GemmKernel() {}

  /** {@return the kernel in use: {@code "scalar"} here, {@code "vector"} with the Vector API} */
  static String name() {
    return "scalar";
  }

  /** {@return the rows of a packed {@code float64} {@code A} panel and of the kernel's block} */
  static int doubleRows() {
    return ScalarGemm.MR;
  }

  /** {@return the columns of a packed {@code float64} {@code B} panel and of the block} */
  static int doubleCols() {
    return ScalarGemm.NR;
  }

  /** {@return the rows of a packed {@code float32} {@code A} panel and of the kernel's block} */
  static int floatRows() {
    return ScalarGemm.MR;
  }

  /** {@return the columns of a packed {@code float32} {@code B} panel and of the block} */
  static int floatCols() {
    return ScalarGemm.NR;
  }

  /**
   * {@code C[mc x nc] += Ap Bp}: {@code ap} holds {@code mc} rows packed into panels of
   * {@link #doubleRows()} rows, {@code bp} holds {@code nc} columns packed into panels of
   * {@link #doubleCols()} columns, both {@code kc} deep; {@code C} is row-major at {@code cOff}
   * with row stride {@code ldc}. Each element of {@code C} gets
   * {@code c + fma(a[kc-1], b[kc-1], .. fma(a[0], b[0], 0))}.
   */
  static void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    ScalarGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
  }

  /** {@link #macro(double[], double[], double[], int, int, int, int, int)} in {@code float}. */
  static void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    ScalarGemm.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
  }
}
