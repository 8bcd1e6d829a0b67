package org.ndprim.layout;

import java.util.Arrays;

/**
 * Walks a {@link Layout} in logical C order as runs: maximal stretches of elements at storage
 * offsets {@code offset(), offset() + stride(), ...}, {@link #length()} elements each. Typical
 * loop:
 *
 * <pre>{@code
 * for (RunCursor c = layout.runs(); c.next(); ) {
 *   int o = c.offset(); int st = c.stride();
 *   for (long k = 0, n = c.length(); k < n; k++, o += st) { ... data[o] ... }
 * }
 * }</pre>
 *
 * <p>Adjacent axes that are contiguous in storage are merged before the walk (NumPy's iterator
 * coalescing): axis {@code i} merges into axis {@code i + 1} when {@code stride(i) == stride(i +
 * 1) * dim(i + 1)}, and axes of length 1 are dropped. A C-contiguous layout is therefore one run of
 * {@code size()} elements with stride 1, {@code x[..., ::2]} of a C-order array one run of stride
 * 2, and a stride-0 broadcast of several axes one run of stride 0. Runs never tell coordinates:
 * use {@link CoordinateCursor} for that. All runs of one cursor have the same length and stride.
 *
 * <p>Two cursors over layouts of equal shape can produce runs of <em>different</em> lengths; walk
 * two layouts in lock step with {@link #pair(Layout, Layout)}, which merges only the axes
 * mergeable in both.
 *
 * <p>A layout of size 0 has no runs; a rank-0 layout (or one whose axes all have length 1) has one
 * run of length 1. A run of at most one element reports stride 0. The odometer over the outer
 * (merged) axes costs O(1) amortised per run and allocates nothing after creation. Offsets are
 * {@code int} because the storage is a Java array. A cursor is not thread-safe.
 */
public final class RunCursor {
  private static final int BEFORE = 0;
  private static final int ON = 1;
  private static final int DONE = 2;

  /** Lengths of the outer (merged) axes, outermost first; each is at least 2. */
  private static final long[] NO_AXES = new long[0];
  /** {@link #singleRunStride}'s answer for a layout that is more than one run. */
  private static final long NOT_SINGLE = Long.MIN_VALUE;

  private final long[] dims;
  private final long[] strides;
  /** {@code (dims[a] - 1) * strides[a]}: the offset step back when axis {@code a} wraps. */
  private final long[] backs;
  private final long[] counters;
  private final long length;
  private final int stride;
  private long current;
  private int state;

  /**
   * A cursor over offset/shape/strides; the arrays are read, never kept or modified. {@code size}
   * is the layout's size (0 gives no runs).
   */
  RunCursor(long offset, long[] shape, long[] strides, long size) {
    this.current = offset;
    if (size == 0) {
      this.dims = this.strides = this.backs = this.counters = new long[0];
      this.length = 0;
      this.stride = 0;
      this.state = DONE;
      return;
    }
    long single = singleRunStride(shape, strides);
    if (single != NOT_SINGLE) {
      // One run (C-contiguous, or at most one axis longer than 1): no odometer, no copies.
      this.dims = this.strides = this.backs = this.counters = NO_AXES;
      long n = 1;
      for (long d : shape) {
        // Unchecked: a non-empty layout's size fits a long. AxisReduction's outer walk of an
        // empty layout can overflow here, but its callers reject that output shape
        // (outputSize()) before walking. (A Math.multiplyExact here slowed W9 1.7x: this
        // constructor is inlined into the generated sum(), whose loop C2 then compiled worse.)
        n *= d;
      }
      this.length = n;
      this.stride = runStride(single, n);
      this.state = BEFORE;
      return;
    }
    long[] d = shape.clone();
    long[][] s = {strides.clone()};
    int n = coalesce(d, s);
    int outer = Math.max(n - 1, 0);
    this.dims = Arrays.copyOf(d, outer);
    this.strides = Arrays.copyOf(s[0], outer);
    this.backs = backs(this.dims, this.strides);
    this.counters = new long[outer];
    this.length = n == 0 ? 1 : d[n - 1];
    this.stride = n == 0 ? 0 : runStride(s[0][n - 1], length);
    this.state = BEFORE;
  }

  /**
   * Returns a cursor over {@code layout}; the same as {@link Layout#runs()}.
   */
  public static RunCursor of(Layout layout) {
    return new RunCursor(layout.offset(), dims(layout), layout.strides(), layout.size());
  }

  /**
   * Returns a cursor walking two layouts of equal shape in lock step, in logical C order: each run
   * covers the same elements (by coordinates) of both, so it merges only axes that are mergeable
   * in both layouts.
   *
   * <pre>{@code
   * for (PairRunCursor c = RunCursor.pair(layout, other.layout); c.next(); ) {
   *   int o = c.offsetA(), p = c.offsetB(); int st = c.strideA(), pst = c.strideB();
   *   for (long k = 0, n = c.length(); k < n; k++, o += st, p += pst) { ... data[o] = src[p] ... }
   * }
   * }</pre>
   *
   * @throws IllegalArgumentException if the shapes differ (naming both)
   */
  public static PairRunCursor pair(Layout a, Layout b) {
    return new PairRunCursor(a, b);
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
          current += strides[axis];
          return true;
        }
        c[axis] = 0;
        current -= backs[axis];
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
   * Returns the storage offset of the current run's first element.
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   * @throws ArithmeticException if the offset does not fit an int (a layout larger than any
   *     Java array)
   */
  public int offset() {
    if (state != ON) {
      throw new IllegalStateException("no current run: call next() first");
    }
    return Math.toIntExact(current);
  }

  /** Returns the storage step between consecutive elements of a run (0 for a run of one element). */
  public int stride() {
    return stride;
  }

  /**
   * Returns the number of elements in each run: the product of the lengths of the merged innermost
   * axes (1 for rank 0; 0 for an empty layout).
   */
  public long length() {
    return length;
  }

  // ---- shared by the cursors of this package ----

  /**
   * The stride of the single run a non-empty layout is, or {@link #NOT_SINGLE}: the axes longer
   * than 1 must form one contiguous stretch, each outer stride the inner one times the inner
   * length, in O(rank) and without allocating. The same merge as {@link #coalesce}, checked
   * rather than performed; e.g. a C-contiguous layout (stride 1) or a rank-1 view (its stride).
   */
  static long singleRunStride(long[] shape, long[] strides) {
    long stride = 0;
    long expected = 0;
    boolean seen = false;
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      long d = shape[axis];
      if (d == 1) {
        continue;
      }
      if (!seen) {
        stride = strides[axis];
        seen = true;
      } else if (strides[axis] != expected) {
        return NOT_SINGLE;
      }
      long high = Math.multiplyHigh(strides[axis], d);
      expected = strides[axis] * d;
      if (high != (expected >> 63)) {
        return NOT_SINGLE;
      }
    }
    return stride;
  }

  /** The shape of a layout as a fresh array, read through public accessors. */
  static long[] dims(Layout layout) {
    long[] d = new long[layout.rank()];
    for (int axis = 0; axis < d.length; axis++) {
      d[axis] = layout.dim(axis);
    }
    return d;
  }

  /**
   * Merges axes in place for a non-empty walk: drops axes of length 1, then merges each axis
   * into the one after it when that is contiguous in every stride array ({@code outer stride ==
   * inner stride * inner length}, without overflow). The first {@code n} entries of {@code dims}
   * and of each {@code strides[j]} then describe the merged axes, outermost first; returns
   * {@code n} (0 when every axis had length 1). Merged lengths never exceed the layout size.
   */
  static int coalesce(long[] dims, long[][] strides) {
    int n = 0;
    for (int axis = 0; axis < dims.length; axis++) {
      long d = dims[axis];
      if (d == 1) {
        continue;
      }
      if (n > 0 && contiguous(strides, n - 1, axis, d)) {
        dims[n - 1] *= d;
        for (long[] s : strides) {
          s[n - 1] = s[axis];
        }
      } else {
        dims[n] = d;
        for (long[] s : strides) {
          s[n] = s[axis];
        }
        n++;
      }
    }
    return n;
  }

  private static boolean contiguous(long[][] strides, int outer, int inner, long innerDim) {
    for (long[] s : strides) {
      long si = s[inner];
      long product = si * innerDim;
      if (Math.multiplyHigh(si, innerDim) != (product >> 63) || product != s[outer]) {
        return false;
      }
    }
    return true;
  }

  /** {@code (dims[a] - 1) * strides[a]}; fits a long because a layout's extents do. */
  static long[] backs(long[] dims, long[] strides) {
    long[] b = new long[dims.length];
    for (int a = 0; a < dims.length; a++) {
      b[a] = (dims[a] - 1) * strides[a];
    }
    return b;
  }

  /** A run's stride as an int: 0 for a run of at most one element, else exact. */
  static int runStride(long stride, long length) {
    if (length <= 1) {
      return 0;
    }
    if (stride != (int) stride) {
      throw new ArithmeticException("stride " + stride + " does not fit an int");
    }
    return (int) stride;
  }
}
