package org.ndprim.linalg;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.ndprim.Parallelism;

/**
 * The matrix products of {@link LinAlg} on Java arrays: {@code C = A B} with {@code A}
 * {@code m x k} at {@code a[aOff ..]}, {@code B} {@code k x n} at {@code b[bOff ..]} (C order;
 * {@code float64} and {@code float32} take any row and column strides, which their packing
 * reads) and {@code C} {@code m x n} at {@code c[cOff ..]} in C order: overwritten by the integer and complex
 * products; {@code float64} and {@code float32} add into it, and {@link LinAlg} passes a fresh
 * array of zeros (the result of {@code 0.0 + sum}, as a fill would give, without a serial pass
 * over {@code C} before the parallel ones).
 *
 * <p>{@code float64} and {@code float32} run the GotoBLAS/BLIS structure: {@code B} is packed,
 * {@code KC x NC} at a time, into panels of {@code NR} columns, {@code A}, {@code MC x KC} at a
 * time, into panels of {@code MR} rows, and a register-blocked micro-kernel
 * ({@link GemmKernel}: plain Java, or the Vector API on JDK 22+ with
 * {@code jdk.incubator.vector}) multiplies one {@code A} panel by one {@code B} panel into an
 * {@code MR x NR} block of {@code C}. {@code MR} and {@code NR} are the kernel's; every element
 * of {@code C} is {@code fma}-summed over {@code k} from zero, one {@value #KC}-deep block after
 * the other, whatever the kernel, so the bits depend on {@link #KC} only. On several threads
 * ({@link Parallelism#pool()}) they pack {@code B} together and then claim the {@code MC} row
 * blocks of {@code C}, which are independent, one at a time; every element of {@code C} is
 * summed by one thread in one order, so the bits do not depend on the threads. Integers and
 * complex numbers run plain loops (i, k, j).
 */
final class Gemm {
  /**
   * The depth packed at once: a {@code B} panel ({@code KC x NR}) stays in L1. It fixes the
   * order of the sums, hence the bits: the same for every kernel.
   */
  static final int KC = 256;
  /** The rows of {@code A} packed at once: {@code MC x KC} stays in L2; what a thread claims. */
  static final int MC = 64;
  /** The columns of {@code B} packed at once: {@code KC x NC} stays in L3. */
  static final int NC = 2048;
  /** The fewest multiply-adds worth a second thread. */
  static final long PARALLEL_WORK = 1L << 21;

  private Gemm() {}

  // ---------------------------------------------------------------------- float64, float32

  /**
   * {@code C = A B} with {@code A}'s element {@code (i, p)} at {@code a[aOff + i * aRs + p * aCs]}
   * and {@code B}'s element {@code (p, j)} at {@code b[bOff + p * bRs + j * bCs]} (any strides, a
   * transposed or reversed view's included: the packing reads them), {@code C} in C order.
   */
  static void dgemm(double[] a, int aOff, int aRs, int aCs, double[] b, int bOff, int bRs, int bCs,
      double[] c, int cOff, int m, int n, int k) {
    gemm(F64, a, aOff, aRs, aCs, b, bOff, bRs, bCs, c, cOff, m, n, k);
  }

  /** {@link #dgemm} in {@code float}. */
  static void sgemm(float[] a, int aOff, int aRs, int aCs, float[] b, int bOff, int bRs, int bCs,
      float[] c, int cOff, int m, int n, int k) {
    gemm(F32, a, aOff, aRs, aCs, b, bOff, bRs, bCs, c, cOff, m, n, k);
  }

  /**
   * What the blocked product needs of one element type {@code T} (a primitive array type): the
   * kernel's register block and macro-kernel, new arrays, and a strided copy for the packing.
   * The loop nest and the packing are written once over it; the typed work per call is a whole
   * macro-kernel or a run of a panel, so the calls cost nothing beside it.
   */
  private abstract static class Typed<T> {
    /** {@return the rows of an {@code A} panel and of the kernel's block} */
    abstract int mr();

    /** {@return the columns of a {@code B} panel and of the kernel's block} */
    abstract int nr();

    abstract T newArray(int length);

    /** {@return the bytes of one element} */
    abstract int bytes();

    /** {@link GemmKernel#macro}: {@code C[mc x nc] += Ap Bp} over depth {@code kc}. */
    abstract void macro(T ap, T bp, T c, int cOff, int ldc, int mc, int nc, int kc);

    /** {@code dst[di + q * ds] = src[si + q * ss]} for {@code q < n}. */
    abstract void copy(T src, int si, int ss, T dst, int di, int ds, int n);

    /** Zeroes {@code dst[from .. to)}. */
    abstract void zero(T dst, int from, int to);
  }

  private static final Typed<double[]> F64 = new Typed<>() {
    @Override
    int mr() {
      return GemmKernel.doubleRows();
    }

    @Override
    int nr() {
      return GemmKernel.doubleCols();
    }

    @Override
    double[] newArray(int length) {
      return new double[length];
    }

    @Override
    int bytes() {
      return Double.BYTES;
    }

    @Override
    void macro(double[] ap, double[] bp, double[] c, int cOff, int ldc, int mc, int nc, int kc) {
      GemmKernel.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    }

    @Override
    void copy(double[] src, int si, int ss, double[] dst, int di, int ds, int n) {
      for (int q = 0; q < n; q++, si += ss, di += ds) {
        dst[di] = src[si];
      }
    }

    @Override
    void zero(double[] dst, int from, int to) {
      java.util.Arrays.fill(dst, from, to, 0.0);
    }
  };

  private static final Typed<float[]> F32 = new Typed<>() {
    @Override
    int mr() {
      return GemmKernel.floatRows();
    }

    @Override
    int nr() {
      return GemmKernel.floatCols();
    }

    @Override
    float[] newArray(int length) {
      return new float[length];
    }

    @Override
    int bytes() {
      return Float.BYTES;
    }

    @Override
    void macro(float[] ap, float[] bp, float[] c, int cOff, int ldc, int mc, int nc, int kc) {
      GemmKernel.macro(ap, bp, c, cOff, ldc, mc, nc, kc);
    }

    @Override
    void copy(float[] src, int si, int ss, float[] dst, int di, int ds, int n) {
      for (int q = 0; q < n; q++, si += ss, di += ds) {
        dst[di] = src[si];
      }
    }

    @Override
    void zero(float[] dst, int from, int to) {
      java.util.Arrays.fill(dst, from, to, 0.0f);
    }
  };

  /** {@link #dgemm} over the element type {@code t}. */
  private static <T> void gemm(Typed<T> t, T a, int aOff, int aRs, int aCs, T b, int bOff,
      int bRs, int bCs, T c, int cOff, int m, int n, int k) {
    if (m == 0 || n == 0 || k == 0) {
      return;
    }
    int blocks = (m + MC - 1) / MC;
    int threads = threads(m, n, k, blocks);
    if (threads > 1) {
      shared(t, a, aOff, aRs, aCs, b, bOff, bRs, bCs, c, cOff, m, n, k, blocks, threads);
      return;
    }
    int mr = t.mr();
    int nr = t.nr();
    T bp = t.newArray(KC * roundUp(Math.min(n, NC), nr));
    T ap = t.newArray(roundUp(MC, mr) * KC);
    for (int jc = 0; jc < n; jc += NC) {
      int nc = Math.min(NC, n - jc);
      for (int pc = 0; pc < k; pc += KC) {
        int kc = Math.min(KC, k - pc);
        packB(t, b, bOff + pc * bRs + jc * bCs, bRs, bCs, kc, nc, nr, bp);
        for (int ic = 0; ic < m; ic += MC) {
          int mc = Math.min(MC, m - ic);
          packA(t, a, aOff + ic * aRs + pc * aCs, aRs, aCs, mc, kc, mr, ap);
          t.macro(ap, bp, c, cOff + ic * n + jc, n, mc, nc, kc);
        }
      }
    }
  }

  /**
   * The most bytes of packed {@code B} that the threads of one product share at once: {@code NC}
   * columns by as many {@code KC} steps of depth as fit, at least one. A field so that tests can
   * lower it.
   */
  static long sharedPanelBytes = 16L << 20;

  /**
   * {@link #gemm} on {@code threads > 1} threads, {@code blocks} row blocks of {@code MC}. For
   * each {@code NC} columns and each run of depth steps that fits {@link #sharedPanelBytes}, the
   * threads first pack that part of {@code B} together, once, into one panel array per
   * {@code KC} step, each claiming units of packing until none is left. Then each thread claims
   * row blocks, one at a time, until none is left, and runs each block over every step of the
   * run in order, waiting for a step's packing only while another thread is still doing it: the
   * threads meet once per run, in one {@link Parallelism#forParts}. So a thread on a slower core
   * (busy, throttled, or shared with another virtual machine) claims fewer blocks, instead of
   * the whole product waiting for its fixed share. Every element of {@code C} is still summed by
   * one thread, one {@code KC} step after the other from zero, so the bits are those of one
   * thread.
   */
  private static <T> void shared(Typed<T> t, T a, int aOff, int aRs, int aCs, T b, int bOff,
      int bRs, int bCs, T c, int cOff, int m, int n, int k, int blocks, int threads) {
    int mr = t.mr();
    int nr = t.nr();
    int totalSteps = (k + KC - 1) / KC;
    for (int jc = 0; jc < n; jc += NC) {
      int col = jc;
      int nc = Math.min(NC, n - jc);
      int width = roundUp(nc, nr);
      int panels = width / nr;
      long stepBytes = (long) KC * width * t.bytes();
      int stepsPerRun = (int) Math.max(1, Math.min(totalSteps, sharedPanelBytes / stepBytes));
      for (int firstStep = 0; firstStep < totalSteps; firstStep += stepsPerRun) {
        int steps = Math.min(stepsPerRun, totalSteps - firstStep);
        int pc0 = firstStep * KC;
        // the packing is cut into units: whole steps, or, with fewer steps than threads, a share
        // of each step's panels
        int chunks = steps >= threads ? 1 : Math.min(panels, (threads + steps - 1) / steps);
        int units = steps * chunks;
        @SuppressWarnings("unchecked")
        T[] bp = (T[]) new Object[steps];
        if (chunks > 1) {
          // fewer steps than threads, so small ones: allocated here, filled by the threads
          for (int s = 0; s < steps; s++) {
            bp[s] = t.newArray(Math.min(KC, k - pc0 - s * KC) * width);
          }
        }
        AtomicInteger nextUnit = new AtomicInteger();
        AtomicIntegerArray packed = new AtomicIntegerArray(steps);
        AtomicBoolean failed = new AtomicBoolean();
        AtomicInteger nextBlock = new AtomicInteger();
        // One Parallelism.forParts: the caller claims every part no pool worker has started, so
        // busy or shut-down pool workers never make it wait (a hostile pass found matmul hanging
        // there). A thread waits only for a unit of packing that a running thread has claimed
        Parallelism.forParts(threads, part -> {
          for (int u; (u = nextUnit.getAndIncrement()) < units; ) {
            int s = u / chunks;
            int pc = pc0 + s * KC;
            int kc = Math.min(KC, k - pc);
            try {
              if (chunks == 1) {
                bp[s] = t.newArray(kc * width);
                packB(t, b, bOff + pc * bRs + col * bCs, bRs, bCs, kc, nc, nr, bp[s]);
              } else {
                int q = u % chunks;
                int j0 = panels * q / chunks * nr;
                int j1 = Math.min(nc, panels * (q + 1) / chunks * nr);
                pack(t, b, bOff + pc * bRs + (col + j0) * bCs, bCs, bRs, j1 - j0, kc, nr, bp[s],
                    j0 * kc);
              }
            } catch (RuntimeException | Error e) {
              failed.set(true);
              throw e;
            }
            packed.incrementAndGet(s); // publishes bp[s] and its panels
          }
          T ap = t.newArray(roundUp(MC, mr) * KC);
          for (int ib; (ib = nextBlock.getAndIncrement()) < blocks; ) {
            int ic = ib * MC;
            int mc = Math.min(MC, m - ic);
            for (int s = 0; s < steps; s++) {
              if (!awaitPacked(packed, s, chunks, failed)) {
                return; // forParts throws the packing thread's failure
              }
              int pc = pc0 + s * KC;
              int kc = Math.min(KC, k - pc);
              packA(t, a, aOff + ic * aRs + pc * aCs, aRs, aCs, mc, kc, mr, ap);
              t.macro(ap, bp[s], c, cOff + ic * n + col, n, mc, nc, kc);
            }
          }
        });
      }
    }
  }

  /**
   * {@return whether the {@code chunks} units of step {@code s} are packed} Waits for them (running
   * threads claimed them), spinning and now and then yielding; false as soon as a packing unit
   * has failed.
   */
  private static boolean awaitPacked(AtomicIntegerArray packed, int s, int chunks,
      AtomicBoolean failed) {
    for (int spins = 1; packed.get(s) < chunks; spins++) {
      if (failed.get()) {
        return false;
      }
      if ((spins & 1023) == 0) {
        Thread.yield();
      } else {
        Thread.onSpinWait();
      }
    }
    return true;
  }

  /**
   * Packs {@code B[kc x nc]} (element {@code (p, j)} at {@code b[off + p * rs + j * cs]}) into
   * panels of {@code nr} columns ({@code bp[jr * kc + p * nr + j]}), zero past the last column:
   * row by row, as the panel is read.
   */
  private static <T> void packB(Typed<T> t, T b, int off, int rs, int cs, int kc, int nc, int nr,
      T bp) {
    pack(t, b, off, cs, rs, nc, kc, nr, bp, 0);
  }

  /**
   * Packs {@code A[mc x kc]} (element {@code (i, p)} at {@code a[off + i * rs + p * cs]}) into
   * panels of {@code mr} rows ({@code ap[ir * kc + p * mr + i]}), zero past the last row: column
   * by column, as the panel is read. (Reading a C-order {@code A} row by row instead, with
   * writes {@code mr} apart, ran float64 products 5% slower.)
   */
  private static <T> void packA(Typed<T> t, T a, int off, int rs, int cs, int mc, int kc, int mr,
      T ap) {
    pack(t, a, off, rs, cs, mc, kc, mr, ap, 0);
  }

  /**
   * The packing of {@link #packA} and {@link #packB}: {@code extent} indices (A's rows, B's
   * columns; {@code across} apart in {@code src}) by {@code depth} steps of {@code k}
   * ({@code along} apart) from {@code off}, into panels of {@code width} indices, each
   * {@code depth} steps of {@code width} consecutive elements of {@code dst}, zero past the last
   * index.
   */
  private static <T> void pack(Typed<T> t, T src, int off, int across, int along, int extent,
      int depth, int width, T dst, int at0) {
    int w = at0;
    for (int first = 0; first < extent; first += width) {
      int n = Math.min(width, extent - first);
      for (int p = 0; p < depth; p++, w += width) {
        int at = off + first * across + p * along;
        if (across == 1) {
          System.arraycopy(src, at, dst, w, n);
        } else {
          t.copy(src, at, across, dst, w, 1, n);
        }
        if (n < width) {
          t.zero(dst, w + n, w + width);
        }
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

  /** {@return the threads for an {@code m x k} by {@code k x n} product in {@code blocks} blocks} */
  private static int threads(int m, int n, int k, int blocks) {
    return (long) m * n * k < PARALLEL_WORK ? 1 : Math.min(Parallelism.maxThreads(), blocks);
  }

  private static int roundUp(int x, int to) {
    return (x + to - 1) / to * to;
  }
}
