package org.ndprim.linalg;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import org.ndprim.Parallelism;

/**
 * The matrix products of {@link LinAlg} on C-order Java arrays: {@code C = A B} with {@code A}
 * {@code m x k} at {@code a[aOff ..]}, {@code B} {@code k x n} at {@code b[bOff ..]} and
 * {@code C} {@code m x n} at {@code c[cOff ..]} (overwritten).
 *
 * <p>{@code float64} and {@code float32} run the GotoBLAS/BLIS structure: {@code B} is packed,
 * {@code KC x NC} at a time, into panels of {@value #NR} columns, {@code A}, {@code MC x KC} at a
 * time, into panels of {@value #MR} rows, and a register-blocked micro-kernel multiplies one
 * {@code A} panel by one {@code B} panel into a {@value #MR}x{@value #NR} block of {@code C}
 * held in locals. The {@code MC} row blocks of {@code C} are independent and split across
 * {@link Parallelism#pool()}; every element of {@code C} is summed by one thread in one order
 * (over {@code k}, one {@code KC} block after the other), so the bits do not depend on the
 * threads. Integers and complex numbers run plain loops (i, k, j).
 */
final class Gemm {
  /** Rows of an {@code A} panel and of the micro-kernel's block. */
  static final int MR = 4;
  /** Columns of a {@code B} panel and of the micro-kernel's block. */
  static final int NR = 4;
  /** The depth packed at once: a {@code B} panel ({@code KC x NR}) stays in L1. */
  static final int KC = 256;
  /** The rows of {@code A} packed at once: {@code MC x KC} stays in L2; one parallel task. */
  static final int MC = 64;
  /** The columns of {@code B} packed at once: {@code KC x NC} stays in L3. */
  static final int NC = 2048;
  /** The fewest multiply-adds worth a second thread. */
  static final long PARALLEL_WORK = 1L << 21;

  private Gemm() {}

  // ------------------------------------------------------------------------------ float64

  static void dgemm(double[] a, int aOff, double[] b, int bOff, double[] c, int cOff, int m,
      int n, int k) {
    for (int i = 0; i < m; i++) {
      java.util.Arrays.fill(c, cOff + i * n, cOff + i * n + n, 0.0);
    }
    if (m == 0 || n == 0 || k == 0) {
      return;
    }
    double[] bp = new double[KC * roundUp(Math.min(n, NC), NR)];
    int blocks = (m + MC - 1) / MC;
    int threads = (long) m * n * k < PARALLEL_WORK ? 1 : Math.min(Parallelism.maxThreads(), blocks);
    for (int jc = 0; jc < n; jc += NC) {
      int nc = Math.min(NC, n - jc);
      for (int pc = 0; pc < k; pc += KC) {
        int kc = Math.min(KC, k - pc);
        packB(b, bOff + pc * n + jc, n, kc, nc, bp);
        int fjc = jc;
        int fpc = pc;
        int fkc = kc;
        int fnc = nc;
        forBlocks(blocks, threads, ap -> new double[MC * KC], (ap, ib) -> {
          int ic = ib * MC;
          int mc = Math.min(MC, m - ic);
          packA(a, aOff + ic * k + fpc, k, mc, fkc, ap);
          macro(ap, bp, c, cOff + ic * n + fjc, n, mc, fnc, fkc);
        });
      }
    }
  }

  private static void packB(double[] b, int off, int ld, int kc, int nc, double[] bp) {
    int w = 0;
    for (int jr = 0; jr < nc; jr += NR) {
      int cols = Math.min(NR, nc - jr);
      for (int p = 0; p < kc; p++) {
        int row = off + p * ld + jr;
        for (int j = 0; j < cols; j++) {
          bp[w + j] = b[row + j];
        }
        for (int j = cols; j < NR; j++) {
          bp[w + j] = 0.0;
        }
        w += NR;
      }
    }
  }

  private static void packA(double[] a, int off, int ld, int mc, int kc, double[] ap) {
    int w = 0;
    for (int ir = 0; ir < mc; ir += MR) {
      int rows = Math.min(MR, mc - ir);
      for (int p = 0; p < kc; p++) {
        int col = off + ir * ld + p;
        for (int i = 0; i < rows; i++) {
          ap[w + i] = a[col + i * ld];
        }
        for (int i = rows; i < MR; i++) {
          ap[w + i] = 0.0;
        }
        w += MR;
      }
    }
  }

  private static void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc,
      int nc, int kc) {
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
    double c00 = 0, c01 = 0, c02 = 0, c03 = 0;
    double c10 = 0, c11 = 0, c12 = 0, c13 = 0;
    double c20 = 0, c21 = 0, c22 = 0, c23 = 0;
    double c30 = 0, c31 = 0, c32 = 0, c33 = 0;
    for (int p = 0; p < kc; p++, a += MR, b += NR) {
      double a0 = ap[a];
      double a1 = ap[a + 1];
      double a2 = ap[a + 2];
      double a3 = ap[a + 3];
      double b0 = bp[b];
      double b1 = bp[b + 1];
      double b2 = bp[b + 2];
      double b3 = bp[b + 3];
      c00 += a0 * b0;
      c01 += a0 * b1;
      c02 += a0 * b2;
      c03 += a0 * b3;
      c10 += a1 * b0;
      c11 += a1 * b1;
      c12 += a1 * b2;
      c13 += a1 * b3;
      c20 += a2 * b0;
      c21 += a2 * b1;
      c22 += a2 * b2;
      c23 += a2 * b3;
      c30 += a3 * b0;
      c31 += a3 * b1;
      c32 += a3 * b2;
      c33 += a3 * b3;
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
    double[] block = {c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32,
        c33};
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * NR + j];
      }
    }
  }

  // ------------------------------------------------------------------------------ float32

  static void sgemm(float[] a, int aOff, float[] b, int bOff, float[] c, int cOff, int m, int n,
      int k) {
    for (int i = 0; i < m; i++) {
      java.util.Arrays.fill(c, cOff + i * n, cOff + i * n + n, 0.0f);
    }
    if (m == 0 || n == 0 || k == 0) {
      return;
    }
    float[] bp = new float[KC * roundUp(Math.min(n, NC), NR)];
    int blocks = (m + MC - 1) / MC;
    int threads = (long) m * n * k < PARALLEL_WORK ? 1 : Math.min(Parallelism.maxThreads(), blocks);
    for (int jc = 0; jc < n; jc += NC) {
      int nc = Math.min(NC, n - jc);
      for (int pc = 0; pc < k; pc += KC) {
        int kc = Math.min(KC, k - pc);
        packB(b, bOff + pc * n + jc, n, kc, nc, bp);
        int fjc = jc;
        int fpc = pc;
        int fkc = kc;
        int fnc = nc;
        forBlocks(blocks, threads, ap -> new float[MC * KC], (ap, ib) -> {
          int ic = ib * MC;
          int mc = Math.min(MC, m - ic);
          packA(a, aOff + ic * k + fpc, k, mc, fkc, ap);
          macro(ap, bp, c, cOff + ic * n + fjc, n, mc, fnc, fkc);
        });
      }
    }
  }

  private static void packB(float[] b, int off, int ld, int kc, int nc, float[] bp) {
    int w = 0;
    for (int jr = 0; jr < nc; jr += NR) {
      int cols = Math.min(NR, nc - jr);
      for (int p = 0; p < kc; p++) {
        int row = off + p * ld + jr;
        for (int j = 0; j < cols; j++) {
          bp[w + j] = b[row + j];
        }
        for (int j = cols; j < NR; j++) {
          bp[w + j] = 0.0f;
        }
        w += NR;
      }
    }
  }

  private static void packA(float[] a, int off, int ld, int mc, int kc, float[] ap) {
    int w = 0;
    for (int ir = 0; ir < mc; ir += MR) {
      int rows = Math.min(MR, mc - ir);
      for (int p = 0; p < kc; p++) {
        int col = off + ir * ld + p;
        for (int i = 0; i < rows; i++) {
          ap[w + i] = a[col + i * ld];
        }
        for (int i = rows; i < MR; i++) {
          ap[w + i] = 0.0f;
        }
        w += MR;
      }
    }
  }

  private static void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc,
      int kc) {
    for (int jr = 0; jr < nc; jr += NR) {
      int bAt = jr * kc;
      for (int ir = 0; ir < mc; ir += MR) {
        micro(ap, ir * kc, bp, bAt, kc, c, cOff + ir * ldc + jr, ldc, Math.min(MR, mc - ir),
            Math.min(NR, nc - jr));
      }
    }
  }

  private static void micro(float[] ap, int a, float[] bp, int b, int kc, float[] c, int at,
      int ldc, int rows, int cols) {
    float c00 = 0, c01 = 0, c02 = 0, c03 = 0;
    float c10 = 0, c11 = 0, c12 = 0, c13 = 0;
    float c20 = 0, c21 = 0, c22 = 0, c23 = 0;
    float c30 = 0, c31 = 0, c32 = 0, c33 = 0;
    for (int p = 0; p < kc; p++, a += MR, b += NR) {
      float a0 = ap[a];
      float a1 = ap[a + 1];
      float a2 = ap[a + 2];
      float a3 = ap[a + 3];
      float b0 = bp[b];
      float b1 = bp[b + 1];
      float b2 = bp[b + 2];
      float b3 = bp[b + 3];
      c00 += a0 * b0;
      c01 += a0 * b1;
      c02 += a0 * b2;
      c03 += a0 * b3;
      c10 += a1 * b0;
      c11 += a1 * b1;
      c12 += a1 * b2;
      c13 += a1 * b3;
      c20 += a2 * b0;
      c21 += a2 * b1;
      c22 += a2 * b2;
      c23 += a2 * b3;
      c30 += a3 * b0;
      c31 += a3 * b1;
      c32 += a3 * b2;
      c33 += a3 * b3;
    }
    float[] block = {c00, c01, c02, c03, c10, c11, c12, c13, c20, c21, c22, c23, c30, c31, c32,
        c33};
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        c[at + i * ldc + j] += block[i * NR + j];
      }
    }
  }

  // ---------------------------------------------------------------------- integers, complex

  /** {@code C = A B} in {@code long}, wrapping modulo 2^64 as NumPy's integer loops wrap. */
  static void lgemm(long[] a, int aOff, long[] b, int bOff, long[] c, int cOff, int m, int n,
      int k) {
    for (int i = 0; i < m; i++) {
      int ci = cOff + i * n;
      java.util.Arrays.fill(c, ci, ci + n, 0L);
      for (int p = 0; p < k; p++) {
        long x = a[aOff + i * k + p];
        int bi = bOff + p * n;
        for (int j = 0; j < n; j++) {
          c[ci + j] += x * b[bi + j];
        }
      }
    }
  }

  /** {@code C = A B} of complex numbers, real and imaginary parts interleaved. */
  static void zgemm(double[] a, int aOff, double[] b, int bOff, double[] c, int cOff, int m,
      int n, int k) {
    for (int i = 0; i < m; i++) {
      int ci = 2 * (cOff + i * n);
      java.util.Arrays.fill(c, ci, ci + 2 * n, 0.0);
      for (int p = 0; p < k; p++) {
        double xr = a[2 * (aOff + i * k + p)];
        double xi = a[2 * (aOff + i * k + p) + 1];
        int bi = 2 * (bOff + p * n);
        for (int j = 0; j < n; j++) {
          double yr = b[bi + 2 * j];
          double yi = b[bi + 2 * j + 1];
          c[ci + 2 * j] += xr * yr - xi * yi;
          c[ci + 2 * j + 1] += xr * yi + xi * yr;
        }
      }
    }
  }

  // ------------------------------------------------------------------------------ threads

  private static int roundUp(int x, int to) {
    return (x + to - 1) / to * to;
  }

  /** A scratch buffer per thread. */
  interface Scratch<T> {
    T make(int thread);
  }

  /** One row block, given the calling thread's scratch buffer. */
  interface Block<T> {
    void run(T scratch, int block);
  }

  /**
   * Runs blocks {@code 0 .. blocks - 1}, split into {@code threads} contiguous ranges: the
   * calling thread runs the last range, {@link Parallelism#pool()} the others.
   */
  private static <T> void forBlocks(int blocks, int threads, Scratch<T> scratch, Block<T> body) {
    if (threads <= 1) {
      T s = scratch.make(0);
      for (int ib = 0; ib < blocks; ib++) {
        body.run(s, ib);
      }
      return;
    }
    ForkJoinPool pool = Parallelism.pool();
    boolean inPool = ForkJoinTask.getPool() == pool;
    ForkJoinTask<?>[] parts = new ForkJoinTask<?>[threads - 1];
    for (int t = 0; t < threads - 1; t++) {
      int from = blocks * t / threads;
      int to = blocks * (t + 1) / threads;
      int id = t;
      RecursiveAction part = new RecursiveAction() {
        private static final long serialVersionUID = 1L;

        @Override
        protected void compute() {
          T s = scratch.make(id);
          for (int ib = from; ib < to; ib++) {
            body.run(s, ib);
          }
        }
      };
      if (inPool) {
        part.fork();
      } else {
        pool.execute(part);
      }
      parts[t] = part;
    }
    T s = scratch.make(threads - 1);
    for (int ib = blocks * (threads - 1) / threads; ib < blocks; ib++) {
      body.run(s, ib);
    }
    for (ForkJoinTask<?> part : parts) {
      part.join();
    }
  }
}
