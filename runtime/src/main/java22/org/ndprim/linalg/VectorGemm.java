package org.ndprim.linalg;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The micro-kernel of {@link Gemm} in {@code jdk.incubator.vector} lanes: a block of
 * {@value #MR} rows by three vectors of {@code C} (24 vectors, in registers), each step of
 * {@code k} three vector loads of the packed {@code B} panel, {@value #MR} broadcasts of the
 * packed {@code A} panel and 24 lane-wise {@code fma}s. A lane-wise {@code fma} is
 * {@link Math#fma} of each lane, and every element of {@code C} is summed over {@code k} in
 * order from zero, as {@link ScalarGemm} sums it, so the bits are the same. Loaded only when
 * {@code jdk.incubator.vector} is in the boot layer.
 */
final class VectorGemm {
  /** The preferred species: 512 bits with AVX-512, 256 with AVX2. */
  private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  private static final int DL = D.length();
  private static final int FL = F.length();
  /** Rows of an {@code A} panel and of the block. */
  static final int MR = 8;
  /** Columns of a {@code float64} {@code B} panel and of the block: three vectors. */
  static final int DOUBLE_NR = 3 * DL;
  /** Columns of a {@code float32} {@code B} panel and of the block: three vectors. */
  static final int FLOAT_NR = 3 * FL;

  private VectorGemm() {}

  /** {@return whether the CPU has 256-bit vectors (emulated lanes would be slower than scalar)} */
  static boolean supported() {
    return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
  }

  /** {@link GemmKernel#macro} in {@code double}. */
  static void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    for (int jr = 0; jr < nc; jr += DOUBLE_NR) {
      int bAt = jr * kc;
      for (int ir = 0; ir < mc; ir += MR) {
        micro(ap, ir * kc, bp, bAt, kc, c, cOff + ir * ldc + jr, ldc, Math.min(MR, mc - ir),
            Math.min(DOUBLE_NR, nc - jr));
      }
    }
  }

  /**
   * {@code C[MR x 3 lanes] += Ap[panel] * Bp[panel]}: per step of {@code k}, three vectors of
   * the {@code B} panel, each {@code A} value broadcast, 24 lane-wise {@code fma}s.
   */
  private static void micro(double[] ap, int a, double[] bp, int b, int kc, double[] c, int at,
      int ldc, int rows, int cols) {
    DoubleVector z = DoubleVector.zero(D);
    DoubleVector c00 = z, c01 = z, c02 = z;
    DoubleVector c10 = z, c11 = z, c12 = z;
    DoubleVector c20 = z, c21 = z, c22 = z;
    DoubleVector c30 = z, c31 = z, c32 = z;
    DoubleVector c40 = z, c41 = z, c42 = z;
    DoubleVector c50 = z, c51 = z, c52 = z;
    DoubleVector c60 = z, c61 = z, c62 = z;
    DoubleVector c70 = z, c71 = z, c72 = z;
    for (int p = 0; p < kc; p++, a += MR, b += DOUBLE_NR) {
      DoubleVector b0 = DoubleVector.fromArray(D, bp, b);
      DoubleVector b1 = DoubleVector.fromArray(D, bp, b + DL);
      DoubleVector b2 = DoubleVector.fromArray(D, bp, b + 2 * DL);
      DoubleVector a0 = DoubleVector.broadcast(D, ap[a]);
      c00 = a0.fma(b0, c00);
      c01 = a0.fma(b1, c01);
      c02 = a0.fma(b2, c02);
      DoubleVector a1 = DoubleVector.broadcast(D, ap[a + 1]);
      c10 = a1.fma(b0, c10);
      c11 = a1.fma(b1, c11);
      c12 = a1.fma(b2, c12);
      DoubleVector a2 = DoubleVector.broadcast(D, ap[a + 2]);
      c20 = a2.fma(b0, c20);
      c21 = a2.fma(b1, c21);
      c22 = a2.fma(b2, c22);
      DoubleVector a3 = DoubleVector.broadcast(D, ap[a + 3]);
      c30 = a3.fma(b0, c30);
      c31 = a3.fma(b1, c31);
      c32 = a3.fma(b2, c32);
      DoubleVector a4 = DoubleVector.broadcast(D, ap[a + 4]);
      c40 = a4.fma(b0, c40);
      c41 = a4.fma(b1, c41);
      c42 = a4.fma(b2, c42);
      DoubleVector a5 = DoubleVector.broadcast(D, ap[a + 5]);
      c50 = a5.fma(b0, c50);
      c51 = a5.fma(b1, c51);
      c52 = a5.fma(b2, c52);
      DoubleVector a6 = DoubleVector.broadcast(D, ap[a + 6]);
      c60 = a6.fma(b0, c60);
      c61 = a6.fma(b1, c61);
      c62 = a6.fma(b2, c62);
      DoubleVector a7 = DoubleVector.broadcast(D, ap[a + 7]);
      c70 = a7.fma(b0, c70);
      c71 = a7.fma(b1, c71);
      c72 = a7.fma(b2, c72);
    }
    if (rows == MR && cols == DOUBLE_NR) {
      DoubleVector.fromArray(D, c, at).add(c00).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c01).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c02).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c10).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c11).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c12).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c20).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c21).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c22).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c30).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c31).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c32).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c40).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c41).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c42).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c50).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c51).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c52).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c60).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c61).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c62).intoArray(c, at + 2 * DL);
      at += ldc;
      DoubleVector.fromArray(D, c, at).add(c70).intoArray(c, at);
      DoubleVector.fromArray(D, c, at + DL).add(c71).intoArray(c, at + DL);
      DoubleVector.fromArray(D, c, at + 2 * DL).add(c72).intoArray(c, at + 2 * DL);
      return;
    }
    double[] block = new double[MR * DOUBLE_NR];
    c00.intoArray(block, 0);
    c01.intoArray(block, DL);
    c02.intoArray(block, 2 * DL);
    c10.intoArray(block, 3 * DL);
    c11.intoArray(block, 4 * DL);
    c12.intoArray(block, 5 * DL);
    c20.intoArray(block, 6 * DL);
    c21.intoArray(block, 7 * DL);
    c22.intoArray(block, 8 * DL);
    c30.intoArray(block, 9 * DL);
    c31.intoArray(block, 10 * DL);
    c32.intoArray(block, 11 * DL);
    c40.intoArray(block, 12 * DL);
    c41.intoArray(block, 13 * DL);
    c42.intoArray(block, 14 * DL);
    c50.intoArray(block, 15 * DL);
    c51.intoArray(block, 16 * DL);
    c52.intoArray(block, 17 * DL);
    c60.intoArray(block, 18 * DL);
    c61.intoArray(block, 19 * DL);
    c62.intoArray(block, 20 * DL);
    c70.intoArray(block, 21 * DL);
    c71.intoArray(block, 22 * DL);
    c72.intoArray(block, 23 * DL);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * DOUBLE_NR + j];
      }
    }
  }

  /** {@link GemmKernel#macro} in {@code float}. */
  static void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    for (int jr = 0; jr < nc; jr += FLOAT_NR) {
      int bAt = jr * kc;
      for (int ir = 0; ir < mc; ir += MR) {
        micro(ap, ir * kc, bp, bAt, kc, c, cOff + ir * ldc + jr, ldc, Math.min(MR, mc - ir),
            Math.min(FLOAT_NR, nc - jr));
      }
    }
  }

  /**
   * {@code C[MR x 3 lanes] += Ap[panel] * Bp[panel]}: per step of {@code k}, three vectors of
   * the {@code B} panel, each {@code A} value broadcast, 24 lane-wise {@code fma}s.
   */
  private static void micro(float[] ap, int a, float[] bp, int b, int kc, float[] c, int at,
      int ldc, int rows, int cols) {
    FloatVector z = FloatVector.zero(F);
    FloatVector c00 = z, c01 = z, c02 = z;
    FloatVector c10 = z, c11 = z, c12 = z;
    FloatVector c20 = z, c21 = z, c22 = z;
    FloatVector c30 = z, c31 = z, c32 = z;
    FloatVector c40 = z, c41 = z, c42 = z;
    FloatVector c50 = z, c51 = z, c52 = z;
    FloatVector c60 = z, c61 = z, c62 = z;
    FloatVector c70 = z, c71 = z, c72 = z;
    for (int p = 0; p < kc; p++, a += MR, b += FLOAT_NR) {
      FloatVector b0 = FloatVector.fromArray(F, bp, b);
      FloatVector b1 = FloatVector.fromArray(F, bp, b + FL);
      FloatVector b2 = FloatVector.fromArray(F, bp, b + 2 * FL);
      FloatVector a0 = FloatVector.broadcast(F, ap[a]);
      c00 = a0.fma(b0, c00);
      c01 = a0.fma(b1, c01);
      c02 = a0.fma(b2, c02);
      FloatVector a1 = FloatVector.broadcast(F, ap[a + 1]);
      c10 = a1.fma(b0, c10);
      c11 = a1.fma(b1, c11);
      c12 = a1.fma(b2, c12);
      FloatVector a2 = FloatVector.broadcast(F, ap[a + 2]);
      c20 = a2.fma(b0, c20);
      c21 = a2.fma(b1, c21);
      c22 = a2.fma(b2, c22);
      FloatVector a3 = FloatVector.broadcast(F, ap[a + 3]);
      c30 = a3.fma(b0, c30);
      c31 = a3.fma(b1, c31);
      c32 = a3.fma(b2, c32);
      FloatVector a4 = FloatVector.broadcast(F, ap[a + 4]);
      c40 = a4.fma(b0, c40);
      c41 = a4.fma(b1, c41);
      c42 = a4.fma(b2, c42);
      FloatVector a5 = FloatVector.broadcast(F, ap[a + 5]);
      c50 = a5.fma(b0, c50);
      c51 = a5.fma(b1, c51);
      c52 = a5.fma(b2, c52);
      FloatVector a6 = FloatVector.broadcast(F, ap[a + 6]);
      c60 = a6.fma(b0, c60);
      c61 = a6.fma(b1, c61);
      c62 = a6.fma(b2, c62);
      FloatVector a7 = FloatVector.broadcast(F, ap[a + 7]);
      c70 = a7.fma(b0, c70);
      c71 = a7.fma(b1, c71);
      c72 = a7.fma(b2, c72);
    }
    if (rows == MR && cols == FLOAT_NR) {
      FloatVector.fromArray(F, c, at).add(c00).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c01).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c02).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c10).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c11).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c12).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c20).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c21).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c22).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c30).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c31).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c32).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c40).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c41).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c42).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c50).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c51).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c52).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c60).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c61).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c62).intoArray(c, at + 2 * FL);
      at += ldc;
      FloatVector.fromArray(F, c, at).add(c70).intoArray(c, at);
      FloatVector.fromArray(F, c, at + FL).add(c71).intoArray(c, at + FL);
      FloatVector.fromArray(F, c, at + 2 * FL).add(c72).intoArray(c, at + 2 * FL);
      return;
    }
    float[] block = new float[MR * FLOAT_NR];
    c00.intoArray(block, 0);
    c01.intoArray(block, FL);
    c02.intoArray(block, 2 * FL);
    c10.intoArray(block, 3 * FL);
    c11.intoArray(block, 4 * FL);
    c12.intoArray(block, 5 * FL);
    c20.intoArray(block, 6 * FL);
    c21.intoArray(block, 7 * FL);
    c22.intoArray(block, 8 * FL);
    c30.intoArray(block, 9 * FL);
    c31.intoArray(block, 10 * FL);
    c32.intoArray(block, 11 * FL);
    c40.intoArray(block, 12 * FL);
    c41.intoArray(block, 13 * FL);
    c42.intoArray(block, 14 * FL);
    c50.intoArray(block, 15 * FL);
    c51.intoArray(block, 16 * FL);
    c52.intoArray(block, 17 * FL);
    c60.intoArray(block, 18 * FL);
    c61.intoArray(block, 19 * FL);
    c62.intoArray(block, 20 * FL);
    c70.intoArray(block, 21 * FL);
    c71.intoArray(block, 22 * FL);
    c72.intoArray(block, 23 * FL);
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * FLOAT_NR + j];
      }
    }
  }
}
