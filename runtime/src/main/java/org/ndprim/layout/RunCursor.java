package org.ndprim.layout;

/**
 * Walks a {@link Layout} in logical C order as runs along its last axis: an odometer over all
 * axes but the last. Each run is {@link #length()} elements at storage offsets
 * {@code offset(), offset() + stride(), ...}. Typical loop:
 *
 * <pre>{@code
 * for (RunCursor c = layout.runs(); c.next(); ) {
 *   int o = c.offset(); int st = c.stride();
 *   for (long k = 0, n = c.length(); k < n; k++, o += st) { ... data[o] ... }
 * }
 * }</pre>
 *
 * <p>A layout of size 0 has no runs; a rank-0 layout has one run of length 1 and stride 0.
 * Offsets are {@code int} because the storage is a Java array. A cursor is not thread-safe.
 */
public final class RunCursor {
  private final long[] shape;
  private final long[] strides;
  private final int outer;
  private final long[] counters;
  private final long length;
  private final int stride;
  private long current;
  private int state; // 0 before the first run, 1 on a run, 2 done

  RunCursor(long offset, long[] shape, long[] strides, long size) {
    this.shape = shape;
    this.strides = strides;
    int rank = shape.length;
    this.outer = Math.max(rank - 1, 0);
    this.counters = new long[outer];
    this.length = rank == 0 ? 1 : shape[rank - 1];
    long last = rank == 0 ? 0 : strides[rank - 1];
    if (last == (int) last) {
      this.stride = (int) last;
    } else if (length <= 1) {
      this.stride = 0; // irrelevant for runs of at most one element
    } else {
      throw new ArithmeticException("stride " + last + " does not fit an int");
    }
    this.current = offset;
    this.state = size == 0 ? 2 : 0;
  }

  /**
   * Advances to the next run.
   *
   * @return true if there is one, false when all runs have been visited
   */
  public boolean next() {
    if (state == 0) {
      state = 1;
      return true;
    }
    if (state == 2) {
      return false;
    }
    for (int axis = outer - 1; axis >= 0; axis--) {
      if (counters[axis] + 1 < shape[axis]) {
        counters[axis]++;
        current += strides[axis];
        return true;
      }
      current -= counters[axis] * strides[axis];
      counters[axis] = 0;
    }
    state = 2;
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
    if (state != 1) {
      throw new IllegalStateException("no current run: call next() first");
    }
    return Math.toIntExact(current);
  }

  /** Returns the storage step between consecutive elements of a run (0 for rank 0). */
  public int stride() {
    return stride;
  }

  /** Returns the number of elements in each run: the last axis length (1 for rank 0). */
  public long length() {
    return length;
  }
}
