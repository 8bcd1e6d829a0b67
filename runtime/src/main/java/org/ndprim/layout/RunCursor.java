package org.ndprim.layout;

import java.util.Arrays;

/**
 * Walks a {@link Layout} in logical C order as runs: maximal stretches of elements at storage
 * offsets {@code offset(), offset() + stride(), ...}, {@link #length()} elements each. Typical
 * loop, over storage indexed by {@code long}:
 *
 * <pre>{@code
 * for (RunCursor c = layout.runs(); c.next(); ) {
 *   long o = c.offset();
 *   long st = c.stride();
 *   for (long k = 0, n = c.length(); k < n; k++, o += st) { ... storage[o] ... }
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
 * <p>Offsets and strides are {@code long}, as the layout's: every offset of a run is one of the
 * layout's element offsets, between {@link Layout#minOffset()} and {@link Layout#maxOffset()}.
 * Storage that a Java array holds may narrow them to {@code int} (every offset of a layout over
 * a Java array is below its length).
 *
 * <p>Two cursors over layouts of equal shape can produce runs of <em>different</em> lengths; walk
 * two or more layouts in lock step with {@link NdIter}, which merges only the axes mergeable in
 * all.
 *
 * <p>A layout of size 0 has no runs; a rank-0 layout (or one whose axes all have length 1) has one
 * run of length 1. A run of at most one element reports stride 0. The odometer over the outer
 * (merged) axes costs O(1) amortised per run and allocates nothing after creation. A cursor is
 * not thread-safe.
 */
public final class RunCursor {
  private static final int BEFORE = 0;
  private static final int ON = 1;
  private static final int DONE = 2;

  /** Lengths of the outer (merged) axes, outermost first; each is at least 2. */
  private final long[] dims;
  private final long[] strides;
  /** {@code (dims[a] - 1) * strides[a]}: the offset step back when axis {@code a} wraps. */
  private final long[] backs;
  private final long[] counters;
  private final long length;
  private final long stride;
  private long current;
  private int state;

  /**
   * A cursor over offset/shape/strides; the arrays are read, never kept or modified. {@code size}
   * is the layout's size (0 gives no runs).
   */
  RunCursor(long offset, long[] shape, long[] strides, long size) {
    this.current = offset;
    if (size == 0) {
      this.dims = this.strides = this.backs = this.counters = Axes.NONE;
      this.length = 0;
      this.stride = 0;
      this.state = DONE;
      return;
    }
    long single = Axes.singleRunStride(shape, strides);
    if (single != Axes.NOT_SINGLE) {
      // One run (C-contiguous, or at most one axis longer than 1): no odometer, no copies.
      this.dims = this.strides = this.backs = this.counters = Axes.NONE;
      // Unchecked: a non-empty layout's size fits a long. AxisLines' outer walk of an empty
      // layout can overflow here, but its callers reject that output shape (outputSize())
      // before walking. A Math.multiplyExact here once slowed W9 1.7x: this constructor is
      // inlined into the generated sum(), whose loop C2 then compiled worse.
      long n = Axes.product(shape);
      this.length = n;
      this.stride = Axes.runStride(single, n);
      this.state = BEFORE;
      return;
    }
    long[] d = shape.clone();
    long[][] s = {strides.clone()};
    int n = Axes.coalesce(d, s);
    int outer = Math.max(n - 1, 0);
    this.dims = Arrays.copyOf(d, outer);
    this.strides = Arrays.copyOf(s[0], outer);
    this.backs = Axes.backs(this.dims, this.strides);
    this.counters = new long[outer];
    this.length = n == 0 ? 1 : d[n - 1];
    this.stride = n == 0 ? 0 : Axes.runStride(s[0][n - 1], length);
    this.state = BEFORE;
  }

  /**
   * {@return a cursor over {@code layout}; the same as {@link Layout#runs()}}
   *
   * @param layout the layout to walk
   */
  public static RunCursor of(Layout layout) {
    return new RunCursor(layout.offset(), Axes.dims(layout), layout.strides(), layout.size());
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
   * {@return the storage offset of the current run's first element}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset() {
    if (state != ON) {
      throw new IllegalStateException("no current run: call next() first");
    }
    return current;
  }

  /** {@return the storage step between consecutive elements of a run (0 for a run of one element)} */
  public long stride() {
    return stride;
  }

  /**
   * {@return the number of elements in each run: the product of the lengths of the merged innermost
   * axes (1 for rank 0; 0 for an empty layout)}
   */
  public long length() {
    return length;
  }
}
