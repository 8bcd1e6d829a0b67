package org.ndprim.layout;

import org.ndprim.Shape;

/**
 * Walks the lines of a {@link Layout} along one axis: one step per position of the other axes, in
 * their C order. At each step {@link #offset()} is the storage offset of the line's first element;
 * its elements are at {@code offset() + j * stride()} for {@code j < length()}. A reduction along
 * an axis (NumPy's {@code a.sum(axis=k)}) reduces each line into one element of the output, whose
 * shape ({@link #outputShape()}) is the layout's without that axis; walking the lines along the
 * last axis visits the rows of the layout in C order. Nothing is allocated per step:
 *
 * <pre>{@code
 * AxisLines r = AxisLines.of(layout, axis);
 * long[] out = new long[Math.toIntExact(r.outputSize())];
 * long st = r.stride();
 * long n = r.length();
 * int i = 0;
 * while (r.next()) {
 *   long acc = 0;
 *   long o = r.offset();
 *   for (long j = 0; j < n; j++, o += st) { acc += storage[o]; }
 *   out[i++] = acc;
 * }
 * }</pre>
 *
 * <p>The output positions are walked with a {@link RunCursor} over the other axes, so the odometer
 * costs O(1) amortised per step. When the reduced axis has length 0 every output position is
 * still visited (with {@code length() == 0}: a sum is 0, a minimum has no identity); when another
 * axis has length 0 the output is empty and there are no steps. A rank-1 layout gives one step and
 * a rank-0 output shape. Not thread-safe.
 */
public final class AxisLines {
  private final int axis;
  private final Shape outputShape;
  private final long length;
  private final long stride;
  private final RunCursor outer;
  private long k;
  private final boolean innermost;
  private long runLength;
  private long runStride;
  private long current;
  private boolean on;

  private AxisLines(Layout layout, int axis) {
    int rank = layout.rank();
    this.axis = axis;
    long[] dims = Axes.dims(layout);
    long[] strides = layout.strides();
    long[] outDims = new long[rank - 1];
    long[] outStrides = new long[rank - 1];
    for (int a = 0, o = 0; a < rank; a++) {
      if (a != axis) {
        outDims[o] = dims[a];
        outStrides[o++] = strides[a];
      }
    }
    this.outputShape = Shape.of(outDims);
    boolean empty = false;
    for (long d : outDims) {
      empty |= d == 0;
    }
    this.length = dims[axis];
    this.stride = Axes.runStride(strides[axis], length);
    boolean inner = true;
    for (int a = 0; a < rank; a++) {
      if (a != axis && dims[a] > 1 && Math.abs(strides[a]) < Math.abs(strides[axis])) {
        inner = false;
      }
    }
    this.innermost = inner;
    // RunCursor only needs to know whether the walk is empty.
    this.outer = new RunCursor(layout.offset(), outDims, outStrides, empty ? 0 : 1);
  }

  /**
   * {@return the walk of the lines of {@code layout} along {@code axis}}
   *
   * @param layout the layout to walk
   * @param axis the axis of the lines; a negative value counts from the end
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)} (so always
   *     for rank 0), e.g. "axis 2 is out of bounds for array of dimension 2" (NumPy's text)
   */
  public static AxisLines of(Layout layout, int axis) {
    return new AxisLines(layout, Shape.normalizeAxis(axis, layout.rank()));
  }

  /**
   * Returns the walk of a reduction along {@code axis} ({@code sum}, {@code min}, {@code argMax},
   * ...): {@link #of}, except that a rank-0 layout takes axis 0 and -1, as NumPy's reductions
   * do ({@code np.sum(np.array(5), axis=0)} and {@code np.argmax(np.array(5), axis=-1)} are
   * both defined): its one element is one line of length 1, and the output shape is {@code ()}.
   *
   * @param layout the layout to walk
   * @param axis the axis of the lines; a negative value counts from the end
   * @return the walk
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}, nor 0 or
   *     -1 for rank 0, e.g. "axis 1 is out of bounds for array of dimension 0" (NumPy's text)
   */
  public static AxisLines reducing(Layout layout, int axis) {
    if (layout.rank() == 0 && (axis == 0 || axis == -1)) {
      return new AxisLines(layout.expandDims(0), 0);
    }
    return of(layout, axis);
  }

  /**
   * Returns whether the lines run along the axis of the smallest stride (in absolute value; axes
   * of length 1 do not count): the axis NumPy's iterator makes the inner loop, so that NumPy
   * reduces each line by itself (its pairwise summation along the line) rather than adding the
   * lines into the output element by element.
   *
   * @return whether the reduced axis is the innermost
   */
  public boolean innermost() {
    return innermost;
  }

  /** {@return the reduced axis, in {@code [0, rank)}} */
  public int axis() {
    return axis;
  }

  /** {@return the shape of the result: the layout's shape without the reduced axis} */
  public Shape outputShape() {
    return outputShape;
  }

  /**
   * {@return the number of output positions, the number of steps of the walk}
   *
   * @throws ArithmeticException if it overflows a long
   */
  public long outputSize() {
    return outputShape.size();
  }

  /** {@return the number of elements reduced into each output position: the axis length} */
  public long length() {
    return length;
  }

  /** {@return the storage step along the reduced axis (0 when its length is at most 1)} */
  public long stride() {
    return stride;
  }

  /**
   * Advances to the next output position, in C order.
   *
   * @return true if there is one, false when all have been visited
   */
  public boolean next() {
    if (++k < runLength) {
      current += runStride;
      return true;
    }
    if (outer.next()) {
      current = outer.offset();
      runLength = outer.length();
      runStride = outer.stride();
      k = 0;
      on = true;
      return true;
    }
    runLength = 0;
    on = false;
    return false;
  }

  /**
   * {@return the storage offset of the first element along the reduced axis for the current output
   * position}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset() {
    if (!on) {
      throw new IllegalStateException("no current output position: call next() first");
    }
    return current;
  }

  @Override
  public String toString() {
    return "AxisLines[axis=" + axis + ", output shape=" + outputShape + ", length=" + length
        + ", stride=" + stride + "]";
  }
}
