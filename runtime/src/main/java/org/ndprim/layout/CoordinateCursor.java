package org.ndprim.layout;

/**
 * Walks a {@link Layout} element by element in logical C order (last axis fastest), exposing the
 * coordinates and the storage offset of the current element. Nothing is allocated per element:
 * {@link #coords()} is one array, owned by the cursor and updated in place by {@link #next()}.
 *
 * <pre>{@code
 * CoordinateCursor c = CoordinateCursor.of(layout);
 * long[] coords = c.coords();            // the same array for the whole walk
 * while (c.next()) {
 *   action.accept(coords, storage[c.offset()]);
 * }
 * }</pre>
 *
 * <p>Callers must not modify the coordinates array (the walk reads it back) and must copy it to
 * keep a position. A layout of size 0 has no elements; a rank-0 layout has one, with empty
 * coordinates. The odometer costs O(1) amortised per element (axes of length 1 are never
 * visited). Use {@link RunCursor} when coordinates are not needed: it is faster. Not thread-safe.
 */
public final class CoordinateCursor {
  private static final int BEFORE = 0;
  private static final int ON = 1;
  private static final int DONE = 2;

  private final long[] coords;
  private final long[] dims;
  private final long[] strides;
  private final long[] backs;
  /** The axes of length greater than 1, outermost first: the only ones the odometer moves. */
  private final int[] active;
  /** The innermost active axis (-1 if none), its length and stride: the per-element fast path. */
  private final int last;
  private final long lastDim;
  private final long lastStride;
  private long offset;
  private int state;

  /** A cursor over offset/dims/strides; the arrays are read, never kept or modified. */
  CoordinateCursor(long offset, long[] dims, long[] strides, boolean empty) {
    int rank = dims.length;
    this.coords = new long[rank];
    this.dims = dims.clone();
    this.strides = strides.clone();
    this.backs = Axes.backs(this.dims, this.strides);
    int n = 0;
    for (long d : dims) {
      n += d > 1 ? 1 : 0;
    }
    this.active = new int[n];
    for (int axis = 0, k = 0; axis < rank; axis++) {
      if (dims[axis] > 1) {
        active[k++] = axis;
      }
    }
    this.last = n == 0 ? -1 : active[n - 1];
    this.lastDim = n == 0 ? 1 : dims[last];
    this.lastStride = n == 0 ? 0 : strides[last];
    this.offset = offset;
    this.state = empty ? DONE : BEFORE;
  }

  /**
   * {@return a cursor over every element of {@code layout} in C order}
   *
   * @param layout the layout to walk
   */
  public static CoordinateCursor of(Layout layout) {
    return new CoordinateCursor(layout.offset(), Axes.dims(layout), layout.strides(),
        layout.size() == 0);
  }

  /**
   * Advances to the next element in C order.
   *
   * @return true if there is one, false when all elements have been visited
   */
  public boolean next() {
    if (state == ON) {
      int a = last;
      if (a >= 0 && ++coords[a] < lastDim) {
        offset += lastStride;
        return true;
      }
      return carry();
    }
    if (state == BEFORE) {
      state = ON;
      return true;
    }
    return false;
  }

  private boolean carry() {
    if (last >= 0) {
      coords[last] = 0;
      offset -= backs[last];
    }
    return advance(active.length - 2);
  }

  /**
   * The odometer: steps active axis {@code active[from]}, carrying into the outer ones; false
   * (and done) when every one of {@code active[0..from]} has wrapped.
   */
  private boolean advance(int from) {
    for (int i = from; i >= 0; i--) {
      int a = active[i];
      if (++coords[a] < dims[a]) {
        offset += strides[a];
        return true;
      }
      coords[a] = 0;
      offset -= backs[a];
    }
    state = DONE;
    return false;
  }

  /**
   * Advances to the next run: the elements along the last axis at the next position of the other
   * axes, in C order. The run's first element is at {@link #offset()}, the others follow at
   * {@link #stride()} steps, {@link #length()} in all; {@link #coords()} holds the coordinates of
   * the other axes, and the caller sets the last one as it walks the run (the cursor resets it to
   * 0 on the next call). A rank-0 layout has one run of length 1 (with no last axis to set); a
   * layout of size 0 has none. Allocation-free and O(1) amortised per run. Do not mix with
   * {@link #next()} on one cursor.
   *
   * <pre>{@code
   * CoordinateCursor c = CoordinateCursor.of(layout);   // rank > 0
   * long[] coords = c.coords();
   * int last = coords.length - 1;
   * while (c.nextRun()) {
   *   int o = c.offset(); int st = c.stride();
   *   for (long k = 0, n = c.length(); k < n; k++, o += st) {
   *     coords[last] = k;
   *     action.accept(coords, data[o]);
   *   }
   * }
   * }</pre>
   *
   * @return true if there is one, false when all runs have been visited
   */
  public boolean nextRun() {
    if (state == ON) {
      return carryRun();
    }
    if (state == BEFORE) {
      state = ON;
      return true;
    }
    return false;
  }

  private boolean carryRun() {
    int rank = coords.length;
    if (rank > 0) {
      coords[rank - 1] = 0;
    }
    int n = active.length;
    if (n > 0 && active[n - 1] == rank - 1) {
      n--;
    }
    return advance(n - 1);
  }

  /** {@return the length of the current run ({@link #nextRun()}): the last axis's, 1 for rank 0} */
  public long length() {
    return coords.length == 0 ? 1 : dims[coords.length - 1];
  }

  /**
   * {@return the storage stride between the elements of a run ({@link #nextRun()}): the last
   * axis's, 0 when a run has at most one element}
   */
  public long stride() {
    int rank = coords.length;
    return rank == 0 || dims[rank - 1] <= 1 ? 0 : strides[rank - 1];
  }

  /**
   * {@return the coordinates of the current element: always the same array, of length rank,
   * updated in place by {@link #next()}} Do not modify it; copy it to keep it.
   */
  public long[] coords() {
    return coords;
  }

  /**
   * {@return the storage offset of the current element (of the current run's first element after
   * {@link #nextRun()})}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset() {
    if (state != ON) {
      throw new IllegalStateException("no current element: call next() first");
    }
    return offset;
  }

  /** The current offset, unchecked (the first element's before the walk). */
  long currentOffset() {
    return offset;
  }
}
