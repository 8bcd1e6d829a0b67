package org.ndprim.layout;

import java.util.Arrays;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Shape;

/**
 * An immutable strided layout: where each element of an n-dimensional array lives in a flat
 * storage array. Element {@code (i0, ..., ik)} is at storage offset
 * {@code offset() + i0 * stride(0) + ... + ik * stride(k)}. Offsets and strides count elements,
 * not bytes, and are absolute into the storage: a view of a view is a new layout over the same
 * storage, never a chain (NumPy's {@code PyArrayObject} model).
 *
 * <p>All index and stride arithmetic of ndprim lives here, once, in {@code long}. Sizes, strides
 * and extreme offsets are computed with {@link Math#multiplyExact} / {@link Math#addExact} when a
 * layout is made, so every element offset of a layout fits a {@code long}; per-element offset
 * arithmetic can then never overflow.
 *
 * <p>Semantics follow NumPy basic indexing (docs {@code SEMANTICS.md} R1-R8) and NumPy's error
 * messages.
 */
public final class Layout {
  private final long offset;
  private final long[] shape;
  private final long[] strides;
  private final long size;
  private final long minOffset;
  private final long maxOffset;
  /** Cached {@link #shape()}; racy initialisation is fine because Shape is immutable. */
  private Shape shapeObject;

  private Layout(long offset, long[] shape, long[] strides) {
    this.offset = offset;
    this.shape = shape;
    this.strides = strides;
    long n = 1;
    long min = offset;
    long max = offset;
    boolean empty = false;
    for (int axis = 0; axis < shape.length; axis++) {
      long d = shape[axis];
      if (d == 0) {
        empty = true;
      }
    }
    for (int axis = 0; axis < shape.length && !empty; axis++) {
      long d = shape[axis];
      n = Math.multiplyExact(n, d);
      long extent = Math.multiplyExact(d - 1, strides[axis]);
      if (extent < 0) {
        min = Math.addExact(min, extent);
      } else {
        max = Math.addExact(max, extent);
      }
    }
    this.size = empty ? 0 : n;
    this.minOffset = min;
    this.maxOffset = max;
  }

  /**
   * Returns the C-order (row-major) layout of a shape at offset 0: the last axis has stride 1 and
   * each other axis the product of the lengths after it (a zero length counts as 1, as NumPy).
   *
   * @throws ArithmeticException if the size of the shape overflows a {@code long}
   */
  public static Layout cOrder(Shape shape) {
    long size = shape.size();
    long[] dims = shape.asArray();
    long[] strides = new long[dims.length];
    long stride = 1;
    for (int axis = dims.length - 1; axis >= 0; axis--) {
      strides[axis] = stride;
      long d = Math.max(dims[axis], 1);
      if (size == 0 && stride > Long.MAX_VALUE / d) {
        stride = 0; // an empty layout never uses its strides; avoid a spurious overflow
      } else {
        stride = Math.multiplyExact(stride, d);
      }
    }
    return new Layout(0, dims, strides);
  }

  /**
   * Returns a layout with explicit offset, shape and strides (arrays copied), e.g. a broadcast
   * layout with stride-0 axes. The caller is responsible for the offsets fitting its storage.
   *
   * @throws IllegalArgumentException if the arrays differ in length, a length is negative, or
   *     (for a non-empty layout) an element offset would be negative
   * @throws ArithmeticException if the size or an element offset overflows a {@code long}
   */
  public static Layout of(long offset, long[] shape, long[] strides) {
    if (shape.length != strides.length) {
      throw new IllegalArgumentException("shape " + Arrays.toString(shape) + " and strides "
          + Arrays.toString(strides) + " differ in rank");
    }
    Shape.of(shape); // validates the lengths
    Layout layout = new Layout(offset, shape.clone(), strides.clone());
    if (layout.size > 0 && layout.minOffset < 0) {
      throw new IllegalArgumentException("layout " + layout + " reaches negative offset "
          + layout.minOffset);
    }
    return layout;
  }

  /** Returns the shape. */
  public Shape shape() {
    Shape s = shapeObject;
    if (s == null) {
      s = Shape.of(shape);
      shapeObject = s;
    }
    return s;
  }

  /** Returns the number of axes. */
  public int rank() {
    return shape.length;
  }

  /** Returns the number of elements (1 for rank 0). */
  public long size() {
    return size;
  }

  /** Returns the storage offset of the first element (all coordinates 0). */
  public long offset() {
    return offset;
  }

  /**
   * Returns the stride of one axis, in elements (may be negative or 0).
   *
   * @param axis the axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if the axis is not in {@code [-rank, rank)}
   */
  public long stride(int axis) {
    return strides[axis(axis)];
  }

  /**
   * Returns the length of one axis.
   *
   * @param axis the axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if the axis is not in {@code [-rank, rank)}
   */
  public long dim(int axis) {
    return shape[axis(axis)];
  }

  /** Returns a copy of all strides, outermost axis first. */
  public long[] strides() {
    return strides.clone();
  }

  private int axis(int axis) {
    int rank = shape.length;
    if (axis < -rank || axis >= rank) {
      throw new IndexOutOfBoundsException(
          "axis " + axis + " is out of bounds for array of dimension " + rank);
    }
    return axis < 0 ? axis + rank : axis;
  }

  /**
   * Returns the storage offset of one element.
   *
   * @param coords one coordinate per axis; a negative coordinate counts from the end (NumPy R1)
   * @throws IllegalRankException if {@code coords.length != rank()}, e.g. "expected 3 coordinates
   *     for an array of rank 3, got 2"
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis, e.g. "index 5 is out
   *     of bounds for axis 0 with size 5"
   */
  public long offsetOf(long... coords) {
    checkCoordinateCount(coords.length);
    long o = offset;
    for (int axis = 0; axis < coords.length; axis++) {
      o += normalize(coords[axis], axis) * strides[axis];
    }
    return o;
  }

  /** Returns the storage offset of the only element of a rank-0 layout; see {@link #offsetOf(long...)}. */
  public long offsetOf() {
    checkCoordinateCount(0);
    return offset;
  }

  /** Returns the storage offset of an element of a rank-1 layout; see {@link #offsetOf(long...)}. */
  public long offsetOf(long i) {
    checkCoordinateCount(1);
    return offset + normalize(i, 0) * strides[0];
  }

  /** Returns the storage offset of an element of a rank-2 layout; see {@link #offsetOf(long...)}. */
  public long offsetOf(long i, long j) {
    checkCoordinateCount(2);
    return offset + normalize(i, 0) * strides[0] + normalize(j, 1) * strides[1];
  }

  /** Returns the storage offset of an element of a rank-3 layout; see {@link #offsetOf(long...)}. */
  public long offsetOf(long i, long j, long k) {
    checkCoordinateCount(3);
    return offset + normalize(i, 0) * strides[0] + normalize(j, 1) * strides[1]
        + normalize(k, 2) * strides[2];
  }

  private void checkCoordinateCount(int count) {
    if (count != shape.length) {
      throw new IllegalRankException("expected " + shape.length + " coordinates for an array of rank "
          + shape.length + ", got " + count);
    }
  }

  /** Wraps a negative integer index once and bounds-checks it (NumPy R1; never clamps). */
  private long normalize(long i, int axis) {
    long n = shape[axis];
    if (i < 0) {
      if (i >= -n) {
        return i + n;
      }
    } else if (i < n) {
      return i;
    }
    throw outOfBounds(i, axis, n);
  }

  private static IndexOutOfBoundsException outOfBounds(long i, int axis, long n) {
    return new IndexOutOfBoundsException(
        "index " + i + " is out of bounds for axis " + axis + " with size " + n);
  }

  private static IllegalRankException tooManyIndices(int rank, int count) {
    return new IllegalRankException("too many indices for array: array is " + rank
        + "-dimensional, but " + count + " were indexed");
  }

  /**
   * Returns the view selected by integer indices on the leading axes, NumPy's {@code a[i, j]}:
   * the indexed axes are removed, the rest kept whole.
   *
   * @throws IllegalRankException if more coordinates than axes are given ("too many indices for
   *     array: ...")
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  public Layout get(long... coords) {
    if (coords.length > shape.length) {
      throw tooManyIndices(shape.length, coords.length);
    }
    long o = offset;
    for (int axis = 0; axis < coords.length; axis++) {
      o += normalize(coords[axis], axis) * strides[axis];
    }
    int k = coords.length;
    return new Layout(o, Arrays.copyOfRange(shape, k, shape.length),
        Arrays.copyOfRange(strides, k, strides.length));
  }

  /**
   * Returns the view selected by a basic-indexing spec, as NumPy basic slicing
   * ({@code SEMANTICS.md} R1-R8):
   *
   * <ul>
   *   <li>{@code at(i)} consumes one axis: {@code i} in {@code [-n, n)}, negative counts from the
   *       end, never clamped; the axis is removed ({@code at(i, true)} keeps it with length 1).
   *   <li>{@code start:stop:step} consumes one axis: bounds are wrapped once and clamped as
   *       CPython's {@code PySlice_AdjustIndices}, the length is a ceiling division, and an empty
   *       range gives a zero-length axis (not an error).
   *   <li>{@code None} inserts an axis of length 1 (stride 0) and consumes none.
   *   <li>{@code ...} expands to as many full slices as the consuming entries leave (possibly 0);
   *       without one, trailing axes are kept whole.
   * </ul>
   *
   * <p>Checks, in NumPy's order: more than one ellipsis, then too many indices, then each entry
   * in turn.
   *
   * @throws IllegalArgumentException "an index can only have a single ellipsis ('...')"
   * @throws IllegalRankException "too many indices for array: array is 3-dimensional, but 4 were
   *     indexed"
   * @throws IndexOutOfBoundsException "index 5 is out of bounds for axis 0 with size 5"
   * @throws IllegalArgumentException "slice step cannot be zero"
   */
  public Layout slice(Index... spec) {
    int rank = shape.length;
    int ellipses = 0;
    int consuming = 0;
    int outRank = rank;
    for (Index index : spec) {
      switch (index.kind()) {
        case ELLIPSIS:
          ellipses++;
          break;
        case NEW_AXIS:
          outRank++;
          break;
        case AT:
          consuming++;
          if (!index.keepDim()) {
            outRank--;
          }
          break;
        default:
          consuming++;
      }
    }
    if (ellipses > 1) {
      throw new IllegalArgumentException("an index can only have a single ellipsis ('...')");
    }
    if (consuming > rank) {
      throw tooManyIndices(rank, consuming);
    }
    long[] outShape = new long[outRank];
    long[] outStrides = new long[outRank];
    long o = offset;
    int in = 0;
    int out = 0;
    for (Index index : spec) {
      switch (index.kind()) {
        case AT: {
          long i = normalize(index.index(), in);
          o += i * strides[in];
          if (index.keepDim()) {
            outShape[out] = 1;
            outStrides[out++] = strides[in];
          }
          in++;
          break;
        }
        case RANGE: {
          long n = shape[in];
          long step = index.step();
          if (step == 0) {
            throw new IllegalArgumentException("slice step cannot be zero");
          }
          long start = SliceMath.start(index.start(), n, step);
          long length = SliceMath.length(start, SliceMath.stop(index.stop(), n, step), step);
          if (length > 0) {
            o += start * strides[in];
          }
          outShape[out] = length;
          outStrides[out++] = length > 1 ? Math.multiplyExact(step, strides[in]) : strides[in];
          in++;
          break;
        }
        case NEW_AXIS:
          outShape[out] = 1;
          outStrides[out++] = 0;
          break;
        default: // ELLIPSIS
          for (int k = rank - consuming; k > 0; k--, in++, out++) {
            outShape[out] = shape[in];
            outStrides[out] = strides[in];
          }
      }
    }
    for (; in < rank; in++, out++) { // implicit trailing ellipsis
      outShape[out] = shape[in];
      outStrides[out] = strides[in];
    }
    return new Layout(o, outShape, outStrides);
  }

  /**
   * Returns the layout with the axes in reverse order (NumPy's {@code a.T}); the same elements,
   * so the offset is unchanged.
   */
  public Layout transpose() {
    int rank = shape.length;
    long[] s = new long[rank];
    long[] st = new long[rank];
    for (int axis = 0; axis < rank; axis++) {
      s[axis] = shape[rank - 1 - axis];
      st[axis] = strides[rank - 1 - axis];
    }
    return new Layout(offset, s, st);
  }

  /** Returns the lowest storage offset of any element ({@link #offset()} for an empty layout). */
  public long minOffset() {
    return minOffset;
  }

  /** Returns the highest storage offset of any element ({@link #offset()} for an empty layout). */
  public long maxOffset() {
    return maxOffset;
  }

  /**
   * Returns whether the offset ranges {@code [minOffset, maxOffset]} of two non-empty layouts
   * intersect. This is conservative (interleaved views such as {@code ::2} and {@code 1::2}
   * report an overlap), which is what an overlap-safe copy over the same storage needs.
   */
  public boolean overlaps(Layout other) {
    return size > 0 && other.size > 0
        && minOffset <= other.maxOffset && other.minOffset <= maxOffset;
  }

  /**
   * Returns whether the elements occupy consecutive storage offsets in C order, so that element
   * {@code k} in C order is at {@code offset() + k}. Axes of length 1 are ignored and an empty
   * layout is contiguous (as NumPy's {@code C_CONTIGUOUS} flag).
   */
  public boolean isCOrderContiguous() {
    if (size == 0) {
      return true;
    }
    long expected = 1;
    for (int axis = shape.length - 1; axis >= 0; axis--) {
      if (shape[axis] != 1) {
        if (strides[axis] != expected) {
          return false;
        }
        expected *= shape[axis];
      }
    }
    return true;
  }

  /**
   * Returns a cursor over this layout in logical C order, as runs along the last axis; see
   * {@link RunCursor}.
   */
  public RunCursor runs() {
    return new RunCursor(offset, shape, strides, size);
  }

  /** Layouts are equal when offset, shape and strides are equal. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Layout)) {
      return false;
    }
    Layout other = (Layout) o;
    return offset == other.offset && Arrays.equals(shape, other.shape)
        && Arrays.equals(strides, other.strides);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Long.hashCode(offset) + Arrays.hashCode(shape)) + Arrays.hashCode(strides);
  }

  /** Returns e.g. {@code Layout[offset=0, shape=(2, 3), strides=(3, 1)]}. */
  @Override
  public String toString() {
    return "Layout[offset=" + offset + ", shape=" + shape() + ", strides="
        + tuple(strides) + "]";
  }

  private static String tuple(long[] values) {
    if (values.length == 1) {
      return "(" + values[0] + ",)";
    }
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      sb.append(i > 0 ? ", " : "").append(values[i]);
    }
    return sb.append(')').toString();
  }
}
