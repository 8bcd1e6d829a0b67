package org.ndprim.layout;

import java.util.Arrays;
import java.util.Objects;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;

/**
 * An immutable strided layout: where each element of an n-dimensional array lives in a flat
 * storage array. Element {@code (i0, ..., ik)} is at storage offset
 * {@code offset() + i0 * stride(0) + ... + ik * stride(k)}. Offsets and strides count elements,
 * not bytes, and are absolute into the storage: a view of a view is a new layout over the same
 * storage, never a chain (NumPy's {@code PyArrayObject} model).
 *
 * <p>All index and stride arithmetic of ndprim lives in this package, once, in {@code long}:
 * this class holds the geometry (extents, offsets, the shape operations, contiguity and overlap);
 * {@code BasicIndexing} (NumPy's basic indexing and the Swift slice forms) and
 * {@code StridedSliceLowering} (TF's {@code StridedSlice}) are its indexing front-ends, and the
 * cursors ({@link RunCursor}, {@link NdIter}, {@link CoordinateCursor},
 * {@link ElementCursor}, {@link AxisLines}) its walks. Sizes, strides and extreme offsets are
 * computed with {@link Math#multiplyExact} / {@link Math#addExact} when a layout is made, so
 * every element offset of a layout fits a {@code long}; per-element offset arithmetic can then
 * never overflow.
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
  /** Whether every element offset lies in [0, Integer.MAX_VALUE], so {@link #storageIndex} may use int arithmetic. */
  private final boolean intIndexable;
  /**
   * The stride of the one run a non-empty layout is ({@link Axes#runStride}-normalised), or
   * {@link Axes#NOT_SINGLE}: computed once, so {@link #blocks()} of a row view costs no merge.
   */
  private final long singleRun;
  /** Cached {@link #shape()}; racy initialisation is fine because Shape is immutable. */
  private Shape shapeObject;

  /**
   * The largest rank a layout may have: 64, NumPy's {@code NPY_MAXDIMS}, so every array can be
   * exchanged with NumPy through {@code .npy}. Making a larger one (e.g. by many newaxis entries)
   * throws {@link IllegalRankException}.
   */
  public static final int MAX_RANK = 64;

  private Layout(long offset, long[] shape, long[] strides) {
    if (shape.length > MAX_RANK) {
      throw new IllegalRankException("number of dimensions must be within [0, " + MAX_RANK
          + "], got " + shape.length);
    }
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
    try {
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
    } catch (ArithmeticException e) {
      throw new ArithmeticException("array of shape " + Shape.tupleString(shape) + " with strides "
          + Shape.tupleString(strides) + " is too large: its size or an element offset overflows a long");
    }
    this.size = empty ? 0 : n;
    this.minOffset = min;
    this.maxOffset = max;
    long single = size == 0 ? Axes.NOT_SINGLE : Axes.singleRunStride(shape, strides);
    this.singleRun = single == Axes.NOT_SINGLE ? single : Axes.runStride(single, size);
    this.intIndexable = empty || (min >= 0 && max <= Integer.MAX_VALUE);
  }

  /** A layout of the given facts, already computed and checked by the caller. */
  private Layout(long offset, long[] shape, long[] strides, long size, long minOffset,
      long maxOffset, boolean intIndexable, long singleRun, Shape shapeObject) {
    this.offset = offset;
    this.shape = shape;
    this.strides = strides;
    this.size = size;
    this.minOffset = minOffset;
    this.maxOffset = maxOffset;
    this.intIndexable = intIndexable;
    this.singleRun = singleRun;
    this.shapeObject = shapeObject;
  }

  /**
   * Returns this layout moved to {@code newOffset}: same shape and strides, sharing their (never
   * mutated) arrays, in O(1) and one small allocation. For the cursors of this package, which
   * move an element layout along its parent, so every element offset stays within the parent's
   * and nothing can overflow.
   *
   * <p>Every fact of the new layout is computed into a local before it is allocated, and its
   * constructor only assigns. On JDK 17, C2 then scalar-replaces the layout of a view made in a
   * compiled loop ({@code for (ShortNdArray row : x.elements(0))}), as it does the view itself;
   * while the constructor read this layout's fields or computed {@code intIndexable} it kept the
   * layout on the heap, 72 bytes per row in W5 (JDK 25's C2 removed it either way).
   */
  Layout atOffset(long newOffset) {
    long[] dims = shape;
    long[] steps = strides;
    long n = size;
    long min = newOffset + (minOffset - offset);
    long max = newOffset + (maxOffset - offset);
    boolean ints = n == 0 || (min >= 0 && max <= Integer.MAX_VALUE);
    long run = singleRun;
    Shape cached = shapeObject;
    return new Layout(newOffset, dims, steps, n, min, max, ints, run, cached);
  }

  /**
   * A layout over arrays the caller hands over and never touches again (the front-ends of this
   * package build fresh ones); the extents are checked as for every layout.
   */
  static Layout owning(long offset, long[] shape, long[] strides) {
    return new Layout(offset, shape, strides);
  }

  /** The shape array itself, for this package's front-ends; never modified. */
  long[] dimsArray() {
    return shape;
  }

  /** The strides array itself, for this package's front-ends; never modified. */
  long[] stridesArray() {
    return strides;
  }

  /**
   * {@return the C-order (row-major) layout of a shape at offset 0: the last axis has stride 1 and
   * each other axis the product of the lengths after it (a zero length counts as 1, as NumPy)}
   *
   * @param shape the shape
   * @throws ArithmeticException if the size of the shape overflows a {@code long}
   */
  public static Layout cOrder(Shape shape) {
    long size = shape.size();
    long[] dims = shape.asArray();
    return new Layout(0, dims, cOrderStrides(dims, size));
  }

  /** C-order strides of {@code dims}, whose element count is {@code size}. */
  private static long[] cOrderStrides(long[] dims, long size) {
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
    return strides;
  }

  /**
   * {@return a layout with explicit offset, shape and strides (arrays copied), e.g. a broadcast
   * layout with stride-0 axes} The caller is responsible for the offsets fitting its storage.
   *
   * @param offset the storage offset of the element at coordinates {@code (0, ..., 0)}
   * @param shape the length of each axis
   * @param strides the storage distance between neighbours along each axis, in elements; may be
   *     0 or negative
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

  /** {@return the shape} */
  public Shape shape() {
    Shape s = shapeObject;
    if (s == null) {
      s = Shape.of(shape);
      shapeObject = s;
    }
    return s;
  }

  /** {@return the number of axes} */
  public int rank() {
    return shape.length;
  }

  /** {@return the number of elements (1 for rank 0)} */
  public long size() {
    return size;
  }

  /** {@return the storage offset of the first element (all coordinates 0)} */
  public long offset() {
    return offset;
  }

  /**
   * {@return the stride of one axis, in elements (may be negative or 0)}
   *
   * @param axis the axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if the axis is not in {@code [-rank, rank)}
   */
  public long stride(int axis) {
    return strides[axis(axis)];
  }

  /**
   * {@return the length of one axis}
   *
   * @param axis the axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if the axis is not in {@code [-rank, rank)}
   */
  public long dim(int axis) {
    return shape[axis(axis)];
  }

  /** {@return a copy of all strides, outermost axis first} */
  public long[] strides() {
    return strides.clone();
  }

  private int axis(int axis) {
    return Shape.normalizeAxis(axis, shape.length);
  }

  /**
   * {@return the storage offset of one element}
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

  /** {@return the storage offset of the only element of a rank-0 layout; see {@link #offsetOf(long...)}} */
  public long offsetOf() {
    checkCoordinateCount(0);
    return offset;
  }

  /**
   * {@return the storage offset of an element of a rank-1 layout} Checks as
   * {@link #offsetOf(long...)}.
   *
   * @param i the coordinate; a negative one counts from the end
   */
  public long offsetOf(long i) {
    checkCoordinateCount(1);
    return offset + normalize(i, 0) * strides[0];
  }

  /**
   * {@return the storage offset of an element of a rank-2 layout} Checks as
   * {@link #offsetOf(long...)}.
   *
   * @param i the coordinate on axis 0; a negative one counts from the end
   * @param j the coordinate on axis 1
   */
  public long offsetOf(long i, long j) {
    checkCoordinateCount(2);
    return offset + normalize(i, 0) * strides[0] + normalize(j, 1) * strides[1];
  }

  /**
   * {@return the storage offset of an element of a rank-3 layout} Checks as
   * {@link #offsetOf(long...)}.
   *
   * @param i the coordinate on axis 0; a negative one counts from the end
   * @param j the coordinate on axis 1
   * @param k the coordinate on axis 2
   */
  public long offsetOf(long i, long j, long k) {
    checkCoordinateCount(3);
    return offset + normalize(i, 0) * strides[0] + normalize(j, 1) * strides[1]
        + normalize(k, 2) * strides[2];
  }

  /**
   * {@return {@link #offsetOf(long...)} as an {@code int}: the index of the element in storage that
   * is a Java array} Same checks and exceptions as {@code offsetOf}.
   *
   * @param coords one coordinate per axis; a negative one counts from the end
   * @throws ArithmeticException if an element offset of this layout lies outside
   *     {@code [0, Integer.MAX_VALUE]} (never for a layout over a Java array)
   */
  public int storageIndex(long... coords) {
    return toIndex(offsetOf(coords));
  }

  /** {@return {@link #storageIndex(long...)} for a rank-0 layout} */
  public int storageIndex() {
    return toIndex(offsetOf());
  }

  /**
   * {@return {@link #storageIndex(long...)} for a rank-1 layout} The fixed-arity forms compute in
   * {@code int} arithmetic once the coordinates are checked: it wraps, but every offset of an
   * {@code intIndexable} layout fits an {@code int}, so the wrapped sum is the exact offset. In a
   * caller's loop over {@code int} coordinates the index is then an affine {@code int} expression
   * of the loop variable, so the JIT removes the storage array's bounds check and unrolls, as for
   * hand-written {@code a[(i*n1+j)*n2+k]} (benchmarks/README.md, W1/W2).
   *
   * @param i the coordinate; a negative one counts from the end
   */
  public int storageIndex(long i) {
    checkIntIndexable();
    checkCoordinateCount(1);
    return (int) offset + intLastTerm((int) normalize(i, 0), (int) strides[0]);
  }

  /**
   * {@return {@link #storageIndex(long...)} for a rank-2 layout} See {@link #storageIndex(long)}.
   *
   * @param i the coordinate on axis 0; a negative one counts from the end
   * @param j the coordinate on axis 1
   */
  public int storageIndex(long i, long j) {
    checkIntIndexable();
    checkCoordinateCount(2);
    return (int) offset + (int) normalize(i, 0) * (int) strides[0]
        + intLastTerm((int) normalize(j, 1), (int) strides[1]);
  }

  /**
   * {@return {@link #storageIndex(long...)} for a rank-3 layout} See {@link #storageIndex(long)}.
   *
   * @param i the coordinate on axis 0; a negative one counts from the end
   * @param j the coordinate on axis 1
   * @param k the coordinate on axis 2
   */
  public int storageIndex(long i, long j, long k) {
    checkIntIndexable();
    checkCoordinateCount(3);
    return (int) offset + (int) normalize(i, 0) * (int) strides[0]
        + (int) normalize(j, 1) * (int) strides[1]
        + intLastTerm((int) normalize(k, 2), (int) strides[2]);
  }

  private static int intLastTerm(int index, int stride) {
    return stride == 1 ? index : index * stride;
  }

  private void checkIntIndexable() {
    if (!intIndexable) {
      throw notIntIndexable();
    }
  }

  private ArithmeticException notIntIndexable() {
    return new ArithmeticException("element offsets " + minOffset + ".." + maxOffset
        + " of this layout do not fit an int storage index");
  }

  private int toIndex(long o) {
    checkIntIndexable();
    return (int) o;
  }

  private void checkCoordinateCount(int count) {
    if (count != shape.length) {
      throw new IllegalRankException("expected " + shape.length + " coordinates for an array of rank "
          + shape.length + ", got " + count);
    }
  }

  /**
   * Wraps a negative integer index once and bounds-checks it (NumPy R1; never clamps). The common
   * case, {@code 0 <= i < n} with {@code n} an {@code int}, is checked by
   * {@link Objects#checkIndex(int, int)}, which the JIT treats as an array bounds check: in a
   * caller's counted loop it is hoisted out of the loop instead of tested per element
   * (benchmarks/README.md, W1/W2). Everything else takes the out-of-line path.
   */
  long normalize(long i, int axis) {
    long n = shape[axis];
    if (i >= 0 && (int) i == i && (int) n == n) {
      try {
        return Objects.checkIndex((int) i, (int) n);
      } catch (IndexOutOfBoundsException e) {
        throw outOfBounds(i, axis, n);
      }
    }
    return normalizeSlow(i, axis, n);
  }

  private static long normalizeSlow(long i, int axis, long n) {
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

  /**
   * {@return the view selected by integer indices on the leading axes, NumPy's {@code a[i, j]}:
   * the indexed axes are removed, the rest kept whole}
   *
   * @param coords one coordinate for each leading axis indexed; a negative one counts from the end
   * @throws IllegalRankException if more coordinates than axes are given ("too many indices for
   *     array: ...")
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  public Layout get(long... coords) {
    return BasicIndexing.get(this, coords);
  }

  /**
   * {@return the view selected by a basic-indexing spec, as NumPy basic slicing
   * ({@code SEMANTICS.md} R1-R8)}
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
   * @param spec the entries, as {@link org.ndprim.Indices} makes them
   * @throws IllegalArgumentException "an index can only have a single ellipsis ('...')"
   * @throws IllegalRankException "too many indices for array: array is 3-dimensional, but 4 were
   *     indexed"
   * @throws IndexOutOfBoundsException "index 5 is out of bounds for axis 0 with size 5"
   * @throws IllegalArgumentException "slice step cannot be zero"
   */
  public Layout slice(Index... spec) {
    return BasicIndexing.slice(this, spec);
  }

  /**
   * {@return the layout with the axes in reverse order (NumPy's {@code a.T}); the same elements,
   * so the offset is unchanged}
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

  /**
   * {@return the layout with the axes reordered, NumPy's {@code a.transpose(axes)}: output axis
   * {@code i} is input axis {@code axes[i]}} The same elements, so the offset is unchanged.
   *
   * @param axes a permutation of {@code 0 .. rank-1}; a negative axis counts from the end
   * @throws IllegalRankException if {@code axes.length != rank()} ("axes don't match array: ...")
   * @throws IndexOutOfBoundsException if an axis is out of range ("axis 3 is out of bounds for
   *     array of dimension 2", NumPy's {@code AxisError})
   * @throws IllegalArgumentException if an axis is named twice ("repeated axis in transpose: ...")
   */
  public Layout permute(int... axes) {
    int rank = shape.length;
    if (axes.length != rank) {
      throw new IllegalRankException("axes don't match array: " + axes.length
          + " axes given for an array of dimension " + rank);
    }
    long[] s = new long[rank];
    long[] st = new long[rank];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < rank; i++) {
      int axis = axis(axes[i]);
      if (seen[axis]) {
        throw new IllegalArgumentException("repeated axis in transpose: axes " + tuple(axes)
            + " name axis " + axis + " more than once");
      }
      seen[axis] = true;
      s[i] = shape[axis];
      st[i] = strides[axis];
    }
    return new Layout(offset, s, st);
  }

  /**
   * {@return a view of the same elements in C order with another shape, NumPy's
   * {@code a.reshape(shape, copy=False)}} The result is the same layout if the shape is
   * unchanged; C-order strides if this layout is C-contiguous (which includes every empty
   * layout); otherwise the strides NumPy's {@code _attempt_nocopy_reshape} finds, which exist
   * when each group of input axes merged into or split from output axes is contiguous within
   * itself (axes of length 1 never matter). It never copies: when no strides fit, it fails and
   * the caller copies ({@link #reshapeIfView} says which without an exception).
   *
   * @param newShape the shape of the result, of the same size
   * @throws IllegalArgumentException if the sizes differ, NumPy's text "cannot reshape array of
   *     size 12 into shape (5,3)"; or if a view is impossible, naming the axes whose strides do
   *     not merge ("cannot reshape array of shape (3, 4) with strides (1, 3) into shape (12,)
   *     without copying: axes 0 and 1 (lengths 3 and 4, strides 1 and 3) are not contiguous
   *     with each other; reshape(...) copies")
   */
  public Layout reshape(Shape newShape) {
    Layout view = reshapeIfView(newShape);
    if (view == null) {
      throw new IllegalArgumentException("cannot reshape array of shape " + shape()
          + " with strides " + Shape.tupleString(strides) + " into shape " + newShape
          + " without copying: " + whyNoView(newShape.asArray()) + "; reshape(...) copies");
    }
    return view;
  }

  /**
   * {@return the layout {@link #reshape(Shape)} gives, or null when the strides allow no view
   * and NumPy's {@code a.reshape(shape)} copies} The same no-copy rule, without an exception:
   * what an array's {@code reshape} asks before it decides to copy.
   *
   * @param newShape the shape of the result, of the same size
   * @throws IllegalArgumentException if the sizes differ, NumPy's text "cannot reshape array of
   *     size 12 into shape (5,3)"
   */
  public Layout reshapeIfView(Shape newShape) {
    long[] dims = newShape.asArray();
    if (Arrays.equals(dims, shape)) {
      return this;
    }
    long newSize;
    try {
      newSize = newShape.size();
    } catch (ArithmeticException e) {
      newSize = -1; // cannot equal this layout's size
    }
    if (newSize != size) {
      throw new IllegalArgumentException("cannot reshape array of size " + size + " into shape "
          + numpyTuple(dims));
    }
    long[] newStrides = isContiguous() ? cOrderStrides(dims, size) : noCopyStrides(dims);
    return newStrides == null ? null : new Layout(offset, dims, newStrides);
  }

  /**
   * Resolves the one unknown dimension of a requested shape as NumPy's
   * {@code _fix_unknown_dimension}: a negative entry (NumPy writes {@code -1}) is the size
   * divided by the product of the others.
   *
   * @param size the number of elements of the array being reshaped
   * @param dims the requested dimensions, at most one of them negative
   * @return the shape, every dimension known
   * @throws IllegalArgumentException if more than one entry is negative ("can only specify one
   *     unknown dimension"), or the sizes cannot match (NumPy's "cannot reshape array of size 12
   *     into shape (5,newaxis)", the unknown printed as NumPy prints it)
   */
  public static Shape resolveShape(long size, long... dims) {
    Objects.requireNonNull(dims, "dims");
    int unknown = -1;
    long known = 1;
    boolean overflow = false;
    for (int i = 0; i < dims.length; i++) {
      if (dims[i] < 0) {
        if (unknown >= 0) {
          throw new IllegalArgumentException("can only specify one unknown dimension");
        }
        unknown = i;
      } else if (!overflow) {
        long hi = Math.multiplyHigh(known, dims[i]);
        long lo = known * dims[i];
        overflow = hi != (lo >> 63) || lo < 0;
        known = lo;
      }
    }
    if (unknown < 0) {
      if (overflow || known != size) {
        throw new IllegalArgumentException("cannot reshape array of size " + size
            + " into shape " + numpyShapeRequest(dims));
      }
      return Shape.of(dims);
    }
    if (overflow || known == 0 || size % known != 0) {
      throw new IllegalArgumentException("cannot reshape array of size " + size + " into shape "
          + numpyShapeRequest(dims));
    }
    long[] resolved = dims.clone();
    resolved[unknown] = size / known;
    return Shape.of(resolved);
  }

  /**
   * NumPy's {@code convert_shape_to_string} of a requested shape: leading unknown entries are
   * left out, later ones print as {@code newaxis}, no spaces; {@code (5,)} for one entry printed.
   */
  private static String numpyShapeRequest(long[] dims) {
    int i = 0;
    while (i < dims.length && dims[i] < 0) {
      i++;
    }
    if (i == dims.length) {
      return "()";
    }
    StringBuilder sb = new StringBuilder().append(dims[i++]);
    for (; i < dims.length; i++) {
      sb.append(',').append(dims[i] < 0 ? "newaxis" : Long.toString(dims[i]));
    }
    return dims.length == 1 ? "(" + sb + ",)" : "(" + sb + ")";
  }

  /**
   * Why {@link #noCopyStrides} found no strides: the first pair of axes (length 1 ignored) that
   * must merge for the new shape but are not contiguous with each other.
   */
  private String whyNoView(long[] newDims) {
    int[] old = new int[shape.length];
    int oldRank = 0;
    for (int axis = 0; axis < shape.length; axis++) {
      if (shape[axis] != 1) {
        old[oldRank++] = axis;
      }
    }
    int oi = 0;
    int oj = 1;
    int ni = 0;
    int nj = 1;
    while (ni < newDims.length && oi < oldRank) {
      long np = newDims[ni];
      long op = shape[old[oi]];
      while (np != op) {
        if (np < op) {
          np *= newDims[nj++];
        } else {
          op *= shape[old[oj++]];
        }
      }
      for (int ok = oi; ok < oj - 1; ok++) {
        int a = old[ok];
        int b = old[ok + 1];
        if (!isProduct(strides[a], shape[b], strides[b])) {
          return "axes " + a + " and " + b + " (lengths " + shape[a] + " and " + shape[b]
              + ", strides " + strides[a] + " and " + strides[b] + ") would merge but are not"
              + " contiguous with each other (stride " + strides[a] + " is not " + shape[b]
              + " * " + strides[b] + ")";
        }
      }
      ni = nj++;
      oi = oj++;
    }
    return "no strides give a view";
  }

  /**
   * NumPy's {@code _attempt_nocopy_reshape} for C order ({@code numpy/_core/src/multiarray/
   * shape.c}), in elements; null when no view exists. Only called for a non-empty layout that
   * is not C-contiguous, with sizes already equal.
   */
  private long[] noCopyStrides(long[] newDims) {
    // Axes of length 1 have no effect on the elements but would need special cases.
    long[] oldDims = new long[shape.length];
    long[] oldStrides = new long[shape.length];
    int oldRank = 0;
    for (int axis = 0; axis < shape.length; axis++) {
      if (shape[axis] != 1) {
        oldDims[oldRank] = shape[axis];
        oldStrides[oldRank++] = strides[axis];
      }
    }
    int newRank = newDims.length;
    long[] newStrides = new long[newRank];
    int oi = 0;
    int oj = 1;
    int ni = 0;
    int nj = 1;
    while (ni < newRank && oi < oldRank) {
      // grow the smaller side until both groups hold the same number of elements
      long np = newDims[ni];
      long op = oldDims[oi];
      while (np != op) {
        if (np < op) {
          np *= newDims[nj++]; // partial products never exceed the size
        } else {
          op *= oldDims[oj++];
        }
      }
      for (int ok = oi; ok < oj - 1; ok++) {
        if (!isProduct(oldStrides[ok], oldDims[ok + 1], oldStrides[ok + 1])) {
          return null; // the old group is not contiguous within itself
        }
      }
      newStrides[nj - 1] = oldStrides[oj - 1];
      for (int nk = nj - 1; nk > ni; nk--) {
        newStrides[nk - 1] = Math.multiplyExact(newStrides[nk], newDims[nk]);
      }
      ni = nj++;
      oi = oj++;
    }
    // trailing axes of length 1 of the new shape
    long last = ni >= 1 ? newStrides[ni - 1] : 1;
    for (int nk = ni; nk < newRank; nk++) {
      newStrides[nk] = last;
    }
    return newStrides;
  }

  /** Whether {@code value == a * b} exactly (false when the product overflows). */
  private static boolean isProduct(long value, long a, long b) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    return lo == value && hi == (lo >> 63);
  }

  /**
   * {@return the diagonal of two axes as a view, NumPy's {@code a.diagonal(k, axis1, axis2)}:
   * the two axes are removed and one axis of the diagonal's length appended last, its stride
   * the sum of theirs} Element {@code i} of the diagonal is {@code (i, i + k)} of the two axes
   * for {@code k >= 0}, {@code (i - k, i)} otherwise; a {@code k} past the edge gives length 0.
   *
   * @param k the offset of the diagonal above the main one (negative: below)
   * @param axis1 the first axis (rows); negative counts from the end
   * @param axis2 the second axis (columns); negative counts from the end
   * @throws IndexOutOfBoundsException if an axis is out of range (NumPy's {@code AxisError}
   *     text, prefixed {@code axis1: } or {@code axis2: })
   * @throws IllegalArgumentException if the axes are the same ("axis1 and axis2 cannot be the
   *     same", NumPy's text)
   */
  public Layout diagonal(long k, int axis1, int axis2) {
    int rank = shape.length;
    int a1;
    int a2;
    try {
      a1 = Shape.normalizeAxis(axis1, rank);
    } catch (IndexOutOfBoundsException e) {
      throw new IndexOutOfBoundsException("axis1: " + e.getMessage());
    }
    try {
      a2 = Shape.normalizeAxis(axis2, rank);
    } catch (IndexOutOfBoundsException e) {
      throw new IndexOutOfBoundsException("axis2: " + e.getMessage());
    }
    if (a1 == a2) {
      throw new IllegalArgumentException("axis1 and axis2 cannot be the same");
    }
    long rows = shape[a1];
    long cols = shape[a2];
    long start = offset;
    long length;
    if (k >= 0) {
      length = k >= cols ? 0 : Math.min(rows, cols - k);
      start += length > 0 ? k * strides[a2] : 0;
    } else {
      length = k <= -rows ? 0 : Math.min(rows + k, cols);
      start += length > 0 ? -k * strides[a1] : 0;
    }
    long[] s = new long[rank - 1];
    long[] st = new long[rank - 1];
    int j = 0;
    for (int axis = 0; axis < rank; axis++) {
      if (axis != a1 && axis != a2) {
        s[j] = shape[axis];
        st[j++] = strides[axis];
      }
    }
    s[j] = length;
    st[j] = Math.addExact(strides[a1], strides[a2]);
    return new Layout(length == 0 ? offset : start, s, st);
  }

  /**
   * {@return the layout broadcast to a shape by NumPy's rules, as {@code np.broadcast_to}: the
   * shapes are aligned at their trailing axes; each axis of this layout must have the target
   * length or length 1} Stretched axes and new leading axes get stride 0, so many coordinates
   * share one storage element (see {@link #hasStrideZero()}; generated arrays make such views
   * read-only).
   *
   * @param target the shape to broadcast to
   * @throws IllegalArgumentException naming both shapes, if this layout has more axes than the
   *     target or an axis length is neither 1 nor the target's
   * @throws ArithmeticException if the target size overflows a {@code long}
   */
  public Layout broadcastTo(Shape target) {
    long[] dims = target.asArray();
    int rank = shape.length;
    int lead = dims.length - rank;
    if (lead < 0) {
      throw new IllegalArgumentException("cannot broadcast array of shape " + shape()
          + " to shape " + target + ": the array has more dimensions than the requested shape");
    }
    long[] st = new long[dims.length];
    for (int axis = 0; axis < rank; axis++) {
      long d = shape[axis];
      long want = dims[lead + axis];
      if (d == want) {
        st[lead + axis] = strides[axis];
      } else if (d != 1) {
        throw new IllegalArgumentException("cannot broadcast array of shape " + shape()
            + " to shape " + target + ": axis " + axis + " has length " + d + ", not 1 or "
            + want);
      } // else stretched: stride 0
    }
    return new Layout(offset, dims, st);
  }

  /**
   * {@return whether distinct coordinates are sure to have distinct storage offsets} A sufficient
   * test, as NumPy's quick one before its exact solver ({@code solve_may_have_internal_overlap}):
   * the axes of length greater than 1, ordered by the magnitude of their strides, each step
   * further than the whole extent of the smaller ones. Every C-order, Fortran-order, transposed,
   * reversed or sliced layout passes; a broadcast one (stride 0) or one from {@code as_strided}
   * whose elements alias fails, and so may a rare layout without aliasing. Splitting a write
   * across threads needs it: two threads must never write one element.
   */
  public boolean hasDistinctOffsets() {
    long[] steps = new long[shape.length];
    long[] dims = new long[shape.length];
    int n = 0;
    for (int axis = 0; axis < shape.length; axis++) {
      if (shape[axis] > 1) {
        steps[n] = Math.abs(strides[axis]);
        dims[n++] = shape[axis];
      }
    }
    long extent = 0;
    for (int done = 0; done < n; done++) {
      int min = done; // selection sort: ranks are small
      for (int i = done + 1; i < n; i++) {
        if (steps[i] < steps[min]) {
          min = i;
        }
      }
      long st = steps[min];
      long d = dims[min];
      steps[min] = steps[done];
      dims[min] = dims[done];
      if (st <= extent) {
        return false;
      }
      extent += st * (d - 1); // at most maxOffset - minOffset, a long
    }
    return true;
  }

  /**
   * {@return whether some axis of length greater than 1 has stride 0, so distinct coordinates
   * share a storage element (a broadcast)} A write through such a layout would change several
   * elements at once.
   */
  public boolean hasStrideZero() {
    for (int axis = 0; axis < shape.length; axis++) {
      if (strides[axis] == 0 && shape[axis] > 1) {
        return true;
      }
    }
    return false;
  }

  /** {@return the layout without its axes of length 1, NumPy's {@code np.squeeze(a)}} */
  public Layout squeeze() {
    int count = 0;
    for (long d : shape) {
      if (d != 1) {
        count++;
      }
    }
    long[] s = new long[count];
    long[] st = new long[count];
    for (int axis = 0, k = 0; axis < shape.length; axis++) {
      if (shape[axis] != 1) {
        s[k] = shape[axis];
        st[k++] = strides[axis];
      }
    }
    return new Layout(offset, s, st);
  }

  /**
   * {@return the layout without one axis of length 1, NumPy's {@code np.squeeze(a, axis)}} As
   * NumPy (a backward-compatibility special case of its axis check), axis 0 or -1 of a rank-0
   * layout is accepted and returns the layout unchanged.
   *
   * @param axis the axis; a negative value counts from the end
   * @throws IndexOutOfBoundsException if the axis is out of range ("axis 3 is out of bounds for
   *     array of dimension 2")
   * @throws IllegalArgumentException if its length is not 1, NumPy's text "cannot select an axis
   *     to squeeze out which has size not equal to one"
   */
  public Layout squeeze(int axis) {
    if (shape.length == 0 && (axis == 0 || axis == -1)) {
      return this;
    }
    int a = axis(axis);
    if (shape[a] != 1) {
      throw new IllegalArgumentException(
          "cannot select an axis to squeeze out which has size not equal to one");
    }
    return new Layout(offset, remove(shape, a), remove(strides, a));
  }

  private static long[] remove(long[] values, int index) {
    long[] out = new long[values.length - 1];
    System.arraycopy(values, 0, out, 0, index);
    System.arraycopy(values, index + 1, out, index, out.length - index);
    return out;
  }

  /**
   * {@return the layout with a new axis of length 1 (stride 0, as NumPy's {@code None}) at
   * position {@code axis} of the result, NumPy's {@code np.expand_dims(a, axis)}}
   *
   * @param axis the position in the result, in {@code [-rank-1, rank]}; a negative value counts
   *     from the end of the result ({@code -1} appends)
   * @throws IndexOutOfBoundsException if the axis is out of range, NumPy's text naming the
   *     result's rank ("axis 4 is out of bounds for array of dimension 3")
   */
  public Layout expandDims(int axis) {
    int outRank = shape.length + 1;
    int a = Shape.normalizeAxis(axis, outRank);
    long[] s = new long[outRank];
    long[] st = new long[outRank];
    System.arraycopy(shape, 0, s, 0, a);
    System.arraycopy(strides, 0, st, 0, a);
    s[a] = 1;
    System.arraycopy(shape, a, s, a + 1, shape.length - a);
    System.arraycopy(strides, a, st, a + 1, shape.length - a);
    return new Layout(offset, s, st);
  }

  /**
   * {@return the first {@code k} positions of the leading axis, as Swift's
   * {@code Collection.prefix(k)} on a {@code ShapedArray}: the rank is kept and {@code k} beyond
   * the length clamps to the length} Same as NumPy's {@code a[:k]} for {@code k >= 0}.
   *
   * @param k how many leading positions
   * @throws IllegalArgumentException if {@code k < 0}
   * @throws IllegalRankException if the layout has rank 0
   */
  public Layout prefix(long k) {
    if (k < 0) {
      throw new IllegalArgumentException("cannot take a prefix of negative length " + k);
    }
    return BasicIndexing.leading(this, null, k);
  }

  /**
   * {@return the last {@code k} positions of the leading axis, as Swift's
   * {@code Collection.suffix(k)}: the rank is kept and {@code k} beyond the length clamps to the
   * length (all positions)}
   *
   * @param k how many trailing positions
   * @throws IllegalArgumentException if {@code k < 0}
   * @throws IllegalRankException if the layout has rank 0
   */
  public Layout suffix(long k) {
    if (k < 0) {
      throw new IllegalArgumentException("cannot take a suffix of negative length " + k);
    }
    if (shape.length == 0) {
      throw BasicIndexing.tooManyIndices(0, 1);
    }
    long n = shape[0];
    return BasicIndexing.leading(this, k >= n ? 0 : n - k, null);
  }

  /**
   * {@return positions {@code start} (inclusive) to {@code end} (exclusive) of the leading axis,
   * keeping the rank: a Swift subarray {@code a[start..<end]} with NumPy's slice rules for
   * {@code a[start:end]} (a negative bound counts from the end once; bounds clamp to
   * {@code [0, n]}; {@code start >= end} gives an empty axis, not an error)} Positions in the
   * result start at 0 (NumPy's convention, not Swift's base-relative indices).
   *
   * @param start the first position
   * @param end the position after the last
   * @throws IllegalRankException if the layout has rank 0
   */
  public Layout range(long start, long end) {
    return BasicIndexing.leading(this, start, end);
  }

  /**
   * {@return the view of a TF {@code StridedSlice} with every mask 0} See
   * {@link #stridedSlice(long[], long[], long[], StridedSliceOptions)} for the rules and errors.
   *
   * @param begin the begin of each entry
   * @param end the end of each entry (exclusive)
   * @param strides the stride of each entry
   */
  public Layout stridedSlice(long[] begin, long[] end, long[] strides) {
    return stridedSlice(begin, end, strides, StridedSliceOptions.none());
  }

  /**
   * {@return the view selected by a TF {@code StridedSlice}, as TF's kernel computes it
   * ({@code tensorflow/core/util/strided_slice_op.cc}: {@code ValidateStridedSliceOp} and
   * {@code BuildDenseSpec}; SEMANTICS.md, "TF StridedSlice")}
   *
   * <p>Entry {@code i} is {@code begin[i]}, {@code end[i]}, {@code strides[i]} and bit {@code i}
   * of each mask. When several masks set the same bit, the precedence is TF's: ellipsis, then
   * new axis, then the others, i.e.
   *
   * <ul>
   *   <li>{@code ellipsis_mask}: the entry stands for as many full axes as the entries after it
   *       leave (possibly none), whatever its other bits; at most one bit may be set. Without
   *       one, an ellipsis is implied after the last entry.
   *   <li>{@code new_axis_mask}: the entry inserts an output axis of length 1 and consumes no
   *       input axis; begin, end, stride and the other bits are ignored ({@code new_axis|shrink}
   *       is a new axis).
   *   <li>{@code shrink_axis_mask}: the entry is the integer index {@code begin[i]} (a negative
   *       value wraps once) and removes the axis; {@code begin_mask} and {@code end[i]} are
   *       ignored, the stride must be positive.
   *   <li>otherwise a range, as NumPy's slice {@code begin:end:stride} (wrap once, clamp to
   *       {@code [0, n]} for a positive stride or {@code [-1, n-1]} for a negative one, ceiling
   *       count): {@code begin_mask} starts at the first position of the walk ({@code 0} or
   *       {@code n-1}), {@code end_mask} runs to the end ({@code n}, or "before index 0" for a
   *       negative stride: this end is never wrapped).
   * </ul>
   *
   * <p>The output shape is computed as TF does, from the "processing shape" (one entry per
   * input axis, shrunk axes kept as length 1), then gathered with new axes inserted and shrunk
   * axes dropped. Checks in TF's order: the array lengths, the ellipsis mask, too many entries,
   * then each input axis in turn (stride, shrink stride, shrink bounds). Messages are TF's.
   *
   * @param begin the begin of each entry
   * @param end the end of each entry (exclusive)
   * @param strides the stride of each entry
   * @param options the five masks
   * @throws IllegalArgumentException "Expected begin, end, and strides to be 1D equal size
   *     tensors, ..." if the lengths differ or are 32 or more (TF's masks are 32-bit)
   * @throws IllegalArgumentException "Multiple ellipses in slice spec not allowed"
   * @throws IllegalRankException "Index out of range using input dim 1; input has only 1 dims"
   *     when the entries consume more axes than the rank
   * @throws IllegalArgumentException "strides[0] must be non-zero" (the input axis)
   * @throws IllegalArgumentException "only stride 1 allowed on non-range indexing." for a shrink
   *     entry with a stride of 0 or less
   * @throws IndexOutOfBoundsException "slice index 5 of dimension 0 out of bounds." for a shrink
   *     index outside its axis (TF prints the index after wrapping a negative value once)
   */
  public Layout stridedSlice(long[] begin, long[] end, long[] strides,
      StridedSliceOptions options) {
    return StridedSliceLowering.lower(this, begin, end, strides, options);
  }

  /**
   * Returns the layout of one part of each element when every element occupies {@code parts}
   * consecutive storage slots: offsets and strides multiplied by {@code parts}, plus
   * {@code part}. For a complex layout ({@code parts = 2}), part 0 is NumPy's {@code .real} and
   * part 1 its {@code .imag}: views over the same storage, as in NumPy.
   *
   * @param parts slots per element, at least 1
   * @param part which slot, in {@code [0, parts)}
   * @return the layout in slot units, of the same shape
   * @throws IllegalArgumentException if {@code part} is not in {@code [0, parts)}
   * @throws ArithmeticException if an offset or stride overflows a {@code long}
   */
  public Layout part(int parts, int part) {
    if (parts < 1 || part < 0 || part >= parts) {
      throw new IllegalArgumentException("part " + part + " of " + parts + " slots per element");
    }
    long[] scaled = new long[strides.length];
    for (int axis = 0; axis < strides.length; axis++) {
      scaled[axis] = Math.multiplyExact(strides[axis], (long) parts);
    }
    long start = Math.addExact(Math.multiplyExact(offset, (long) parts), part);
    return new Layout(start, shape, scaled);
  }

  /** {@return the lowest storage offset of any element ({@link #offset()} for an empty layout)} */
  public long minOffset() {
    return minOffset;
  }

  /** {@return the highest storage offset of any element ({@link #offset()} for an empty layout)} */
  public long maxOffset() {
    return maxOffset;
  }

  /**
   * {@return whether the offset ranges {@code [minOffset, maxOffset]} of two non-empty layouts
   * intersect} This is conservative (interleaved views such as {@code ::2} and {@code 1::2}
   * report an overlap), which is what an overlap-safe copy over the same storage needs.
   *
   * @param other a layout over the same storage
   */
  public boolean overlaps(Layout other) {
    return size > 0 && other.size > 0
        && minOffset <= other.maxOffset && other.minOffset <= maxOffset;
  }

  /**
   * {@return whether the layout is C-contiguous: element {@code k} in C order is at
   * {@code offset() + k} (axes of length 1 ignored; an empty layout is contiguous), NumPy's
   * {@code C_CONTIGUOUS} flag}
   */
  public boolean isContiguous() {
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
   * {@return whether this non-empty layout is one run: its elements in C order are
   * {@code offset() + k * runStride()} for {@code k} in {@code [0, size())}} For a kernel's fast
   * path over a row view (one field read; no cursor).
   */
  public boolean isSingleRun() {
    return singleRun != Axes.NOT_SINGLE;
  }

  /**
   * {@return the stride of the one run this layout is (0 for a run of one element)}
   *
   * @throws IllegalStateException if {@link #isSingleRun()} is false
   */
  public long runStride() {
    if (singleRun == Axes.NOT_SINGLE) {
      throw new IllegalStateException("layout " + this + " is not a single run");
    }
    return singleRun;
  }

  /**
   * {@return a cursor over this layout in logical C order, as runs along the last axis; see
   * {@link RunCursor}}
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
        + Shape.tupleString(strides) + "]";
  }

  private static String tuple(int[] values) {
    return Shape.tupleString(Arrays.stream(values).asLongStream().toArray());
  }

  /** NumPy's shape text in messages such as reshape's: {@code (5,3)}, {@code (5,)}, {@code ()}. */
  private static String numpyTuple(long[] values) {
    return Shape.tupleString(values).replace(", ", ",");
  }
}
