package org.ndprim.layout;

import java.util.Arrays;

/**
 * Walks a {@link Layout} in logical C order as blocks of runs: each block is {@link #rows()}
 * runs, {@link #rowStride()} apart, of {@link #length()} elements {@link #stride()} apart. It is
 * {@link RunCursor} with the innermost of its outer axes lifted into the block, so that a loop
 * over short runs (NumPy's {@code x[:, ::-1, ::2]} of a 3-D array: runs of 4) steps the cursor
 * once per row of runs rather than once per run. Typical loop:
 *
 * <pre>{@code
 * for (BlockCursor c = layout.blocks(); c.next(); ) {
 *   long row = c.offset();
 *   for (long r = 0, rows = c.rows(); r < rows; r++, row += c.rowStride()) {
 *     long o = row;
 *     for (long k = 0, n = c.length(); k < n; k++, o += c.stride()) { ... storage[o] ... }
 *   }
 * }
 * }</pre>
 *
 * <p>Axes are merged as {@link RunCursor} merges them: a C-contiguous layout is one block of one
 * run; a layout of one outer axis is one block of {@code rows()} runs. Rows and runs are never
 * empty; an empty layout has no blocks, a rank-0 one block of one run of one element. Offsets and
 * strides are the layout's {@code long}s. The odometer allocates nothing after creation. Not
 * thread-safe.
 */
public final class BlockCursor {
  private final long[] dims;
  private final long[] strides;
  private final long[] backs;
  private final long[] counters;
  private final long rows;
  private final long rowStride;
  private final long length;
  private final long stride;
  private long current;
  /** 0 before the first block, 1 on a block, 2 done. */
  private int state;

  /** The cursor of a non-empty layout that is one run of {@code length} elements. */
  BlockCursor(long offset, long length, long stride) {
    this.current = offset;
    this.dims = this.strides = this.backs = this.counters = Axes.NONE;
    this.length = length;
    this.stride = stride;
    this.rows = 1;
    this.rowStride = 0;
    this.state = 0;
  }

  BlockCursor(long offset, long[] shape, long[] layoutStrides, long size) {
    this.current = offset;
    if (size == 0) {
      this.dims = this.strides = this.backs = this.counters = Axes.NONE;
      this.rows = this.length = 0;
      this.rowStride = this.stride = 0;
      this.state = 2;
      return;
    }
    long[] d = shape.clone();
    long[][] s = {layoutStrides.clone()};
    int n = Axes.coalesce(d, s);
    this.length = n == 0 ? 1 : d[n - 1];
    this.stride = n == 0 ? 0 : Axes.runStride(s[0][n - 1], length);
    this.rows = n < 2 ? 1 : d[n - 2];
    this.rowStride = n < 2 ? 0 : s[0][n - 2];
    int outer = Math.max(n - 2, 0);
    this.dims = Arrays.copyOf(d, outer);
    this.strides = Arrays.copyOf(s[0], outer);
    this.backs = Axes.backs(this.dims, this.strides);
    this.counters = new long[outer];
    this.state = 0;
  }

  /**
   * Advances to the next block.
   *
   * @return true if there is one, false when all blocks have been visited
   */
  public boolean next() {
    if (state == 1) {
      long[] c = counters;
      for (int axis = c.length - 1; axis >= 0; axis--) {
        if (++c[axis] < dims[axis]) {
          current += strides[axis];
          return true;
        }
        c[axis] = 0;
        current -= backs[axis];
      }
      state = 2;
      return false;
    }
    if (state == 0) {
      state = 1;
      return true;
    }
    return false;
  }

  /**
   * Returns the storage offset of the current block's first element.
   *
   * @return the offset
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset() {
    if (state != 1) {
      throw new IllegalStateException("no current block: call next() first");
    }
    return current;
  }

  /** {@return the number of runs in each block, at least 1 (0 for an empty layout)} */
  public long rows() {
    return rows;
  }

  /** {@return the storage step from one run of a block to the next (0 for a block of one run)} */
  public long rowStride() {
    return rowStride;
  }

  /** {@return the number of elements in each run (1 for rank 0; 0 for an empty layout)} */
  public long length() {
    return length;
  }

  /** {@return the storage step between consecutive elements of a run (0 for one element)} */
  public long stride() {
    return stride;
  }
}
