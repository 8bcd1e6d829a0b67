package org.ndprim.layout;

import java.util.Arrays;

/**
 * Walks two layouts of equal shape in lock step, in logical C order, as runs: each run is
 * {@link #length()} elements, at storage offsets {@code offsetA() + k * strideA()} in the first
 * layout and {@code offsetB() + k * strideB()} in the second, for the same coordinates:
 *
 * <pre>{@code
 * for (PairRunCursor c = PairRunCursor.of(layout, other.layout()); c.next(); ) {
 *   long o = c.offsetA(), p = c.offsetB(), st = c.strideA(), pst = c.strideB();
 *   for (long k = 0, n = c.length(); k < n; k++, o += st, p += pst) { ... }
 * }
 * }</pre>
 *
 * <p>Axes of length 1 are dropped and an axis merges into the next one only when it is contiguous
 * in <em>both</em> layouts, as {@link RunCursor} does for one layout; so two C-contiguous layouts
 * are one run (both strides 1, ready for {@code System.arraycopy}). A shape of size 0 has no runs,
 * rank 0 one run of length 1. A run of at most one element reports strides 0. O(1) amortised per
 * run and allocation-free after creation; not thread-safe.
 */
public final class PairRunCursor {
  private static final int BEFORE = 0;
  private static final int ON = 1;
  private static final int DONE = 2;

  private final long[] dims;
  private final long[] stridesA;
  private final long[] stridesB;
  private final long[] backsA;
  private final long[] backsB;
  private final long[] counters;
  private final long length;
  private final long strideA;
  private final long strideB;
  private long currentA;
  private long currentB;
  private int state;

  /**
   * {@return a cursor walking two layouts of equal shape in lock step, in logical C order: each
   * run covers the same elements (by coordinates) of both, so it merges only axes that are
   * mergeable in both layouts}
   *
   * @param a the first layout
   * @param b the second layout, of the same shape
   * @throws IllegalArgumentException if the shapes differ (naming both)
   */
  public static PairRunCursor of(Layout a, Layout b) {
    return new PairRunCursor(a, b);
  }

  private PairRunCursor(Layout a, Layout b) {
    long[] d = Axes.dims(a);
    if (!Arrays.equals(d, Axes.dims(b))) {
      throw new IllegalArgumentException("cannot walk layouts of shapes " + a.shape() + " and "
          + b.shape() + " in lock step: the shapes differ");
    }
    this.currentA = a.offset();
    this.currentB = b.offset();
    if (a.size() == 0) {
      this.dims = this.stridesA = this.stridesB = this.backsA = this.backsB = this.counters =
          Axes.NONE;
      this.length = 0;
      this.strideA = this.strideB = 0;
      this.state = DONE;
      return;
    }
    long[][] s = {a.strides(), b.strides()};
    int n = Axes.coalesce(d, s);
    int outer = Math.max(n - 1, 0);
    this.dims = Arrays.copyOf(d, outer);
    this.stridesA = Arrays.copyOf(s[0], outer);
    this.stridesB = Arrays.copyOf(s[1], outer);
    this.backsA = Axes.backs(dims, stridesA);
    this.backsB = Axes.backs(dims, stridesB);
    this.counters = new long[outer];
    this.length = n == 0 ? 1 : d[n - 1];
    this.strideA = n == 0 ? 0 : Axes.runStride(s[0][n - 1], length);
    this.strideB = n == 0 ? 0 : Axes.runStride(s[1][n - 1], length);
    this.state = BEFORE;
  }

  /**
   * Advances to the next run.
   *
   * @return true if there is one, false when all runs have been visited
   */
  public boolean next() {
    if (state == ON) {
      long[] c = counters;
      for (int axis = c.length - 1; axis >= 0; axis--) {
        if (++c[axis] < dims[axis]) {
          currentA += stridesA[axis];
          currentB += stridesB[axis];
          return true;
        }
        c[axis] = 0;
        currentA -= backsA[axis];
        currentB -= backsB[axis];
      }
      state = DONE;
      return false;
    }
    if (state == BEFORE) {
      state = ON;
      return true;
    }
    return false;
  }

  /**
   * {@return the storage offset, in the first layout, of the current run's first element}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offsetA() {
    check();
    return currentA;
  }

  /**
   * {@return the storage offset, in the second layout, of the current run's first element}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offsetB() {
    check();
    return currentB;
  }

  /** {@return the storage step of a run in the first layout (0 for a run of one element)} */
  public long strideA() {
    return strideA;
  }

  /** {@return the storage step of a run in the second layout (0 for a run of one element)} */
  public long strideB() {
    return strideB;
  }

  /** {@return the number of elements in each run (1 for rank 0; 0 for an empty shape)} */
  public long length() {
    return length;
  }

  private void check() {
    if (state != ON) {
      throw new IllegalStateException("no current run: call next() first");
    }
  }
}
