package org.ndprim.linalg;

/**
 * The plain-Java micro-kernel of {@link Gemm} ({@link GemmKernel} on every JDK without the
 * Vector API): a {@value #MR}x{@value #NR} block of {@code C} in sixteen locals, each product
 * added with one rounding ({@link Math#fma}, so the bits are those of the Vector API kernel).
 */
final class ScalarGemm {
  /** Rows of an {@code A} panel and of the block. */
  static final int MR = 4;
  /** Columns of a {@code B} panel and of the block. */
  static final int NR = 4;

  private ScalarGemm() {}

  /** {@link GemmKernel#macro} in {@code double}. */
  static void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    for (int jr = 0; jr < nc; jr += NR) {
      int bAt = jr * kc;
      for (int ir = 0; ir < mc; ir += MR) {
        micro(ap, ir * kc, bp, bAt, kc, c, cOff + ir * ldc + jr, ldc, Math.min(MR, mc - ir),
            Math.min(NR, nc - jr));
      }
    }
  }

  /** {@code C[4x4] += Ap[panel] * Bp[panel]}, the sixteen sums in locals. */
  private static void micro(double[] ap, int a, double[] bp, int b, int kc, double[] c, int at,
      int ldc, int rows, int cols) {
    double c00 = 0.0, c01 = 0.0, c02 = 0.0, c03 = 0.0;
    double c10 = 0.0, c11 = 0.0, c12 = 0.0, c13 = 0.0;
    double c20 = 0.0, c21 = 0.0, c22 = 0.0, c23 = 0.0;
    double c30 = 0.0, c31 = 0.0, c32 = 0.0, c33 = 0.0;
    for (int p = 0; p < kc; p++, a += MR, b += NR) {
      double a0 = ap[a];
      double a1 = ap[a + 1];
      double a2 = ap[a + 2];
      double a3 = ap[a + 3];
      double b0 = bp[b];
      double b1 = bp[b + 1];
      double b2 = bp[b + 2];
      double b3 = bp[b + 3];
      c00 = Math.fma(a0, b0, c00);
      c01 = Math.fma(a0, b1, c01);
      c02 = Math.fma(a0, b2, c02);
      c03 = Math.fma(a0, b3, c03);
      c10 = Math.fma(a1, b0, c10);
      c11 = Math.fma(a1, b1, c11);
      c12 = Math.fma(a1, b2, c12);
      c13 = Math.fma(a1, b3, c13);
      c20 = Math.fma(a2, b0, c20);
      c21 = Math.fma(a2, b1, c21);
      c22 = Math.fma(a2, b2, c22);
      c23 = Math.fma(a2, b3, c23);
      c30 = Math.fma(a3, b0, c30);
      c31 = Math.fma(a3, b1, c31);
      c32 = Math.fma(a3, b2, c32);
      c33 = Math.fma(a3, b3, c33);
    }
    if (rows == MR && cols == NR) {
      c[at] += c00;
      c[at + 1] += c01;
      c[at + 2] += c02;
      c[at + 3] += c03;
      at += ldc;
      c[at] += c10;
      c[at + 1] += c11;
      c[at + 2] += c12;
      c[at + 3] += c13;
      at += ldc;
      c[at] += c20;
      c[at + 1] += c21;
      c[at + 2] += c22;
      c[at + 3] += c23;
      at += ldc;
      c[at] += c30;
      c[at + 1] += c31;
      c[at + 2] += c32;
      c[at + 3] += c33;
      return;
    }
    double[] block = {c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33};
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * NR + j];
      }
    }
  }

  /** {@link GemmKernel#macro} in {@code float}. */
  static void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    for (int jr = 0; jr < nc; jr += NR) {
      int bAt = jr * kc;
      for (int ir = 0; ir < mc; ir += MR) {
        micro(ap, ir * kc, bp, bAt, kc, c, cOff + ir * ldc + jr, ldc, Math.min(MR, mc - ir),
            Math.min(NR, nc - jr));
      }
    }
  }

  /** {@code C[4x4] += Ap[panel] * Bp[panel]}, the sixteen sums in locals. */
  private static void micro(float[] ap, int a, float[] bp, int b, int kc, float[] c, int at,
      int ldc, int rows, int cols) {
    float c00 = 0.0f, c01 = 0.0f, c02 = 0.0f, c03 = 0.0f;
    float c10 = 0.0f, c11 = 0.0f, c12 = 0.0f, c13 = 0.0f;
    float c20 = 0.0f, c21 = 0.0f, c22 = 0.0f, c23 = 0.0f;
    float c30 = 0.0f, c31 = 0.0f, c32 = 0.0f, c33 = 0.0f;
    for (int p = 0; p < kc; p++, a += MR, b += NR) {
      float a0 = ap[a];
      float a1 = ap[a + 1];
      float a2 = ap[a + 2];
      float a3 = ap[a + 3];
      float b0 = bp[b];
      float b1 = bp[b + 1];
      float b2 = bp[b + 2];
      float b3 = bp[b + 3];
      c00 = Math.fma(a0, b0, c00);
      c01 = Math.fma(a0, b1, c01);
      c02 = Math.fma(a0, b2, c02);
      c03 = Math.fma(a0, b3, c03);
      c10 = Math.fma(a1, b0, c10);
      c11 = Math.fma(a1, b1, c11);
      c12 = Math.fma(a1, b2, c12);
      c13 = Math.fma(a1, b3, c13);
      c20 = Math.fma(a2, b0, c20);
      c21 = Math.fma(a2, b1, c21);
      c22 = Math.fma(a2, b2, c22);
      c23 = Math.fma(a2, b3, c23);
      c30 = Math.fma(a3, b0, c30);
      c31 = Math.fma(a3, b1, c31);
      c32 = Math.fma(a3, b2, c32);
      c33 = Math.fma(a3, b3, c33);
    }
    if (rows == MR && cols == NR) {
      c[at] += c00;
      c[at + 1] += c01;
      c[at + 2] += c02;
      c[at + 3] += c03;
      at += ldc;
      c[at] += c10;
      c[at + 1] += c11;
      c[at + 2] += c12;
      c[at + 3] += c13;
      at += ldc;
      c[at] += c20;
      c[at + 1] += c21;
      c[at + 2] += c22;
      c[at + 3] += c23;
      at += ldc;
      c[at] += c30;
      c[at + 1] += c31;
      c[at + 2] += c32;
      c[at + 3] += c33;
      return;
    }
    float[] block = {c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32, c33};
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * NR + j];
      }
    }
  }
}
