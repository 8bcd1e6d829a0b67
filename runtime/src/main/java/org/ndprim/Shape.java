package org.ndprim;

import java.util.Arrays;

/**
 * The immutable shape of an n-dimensional array: its rank and the length of every axis.
 *
 * <p>Axis 0 is the outermost (slowest varying in C order), axis {@code rank() - 1} the innermost.
 * A shape of rank 0 ({@link #scalar()}) describes a single element. Lengths may be zero; the size
 * of such a shape is zero.
 */
public final class Shape {
  private static final Shape SCALAR = new Shape(new long[0]);

  private final long[] dims;
  /** The element count, or -1 when it does not fit a {@code long} ({@link #size()} then throws). */
  private final long size;

  private Shape(long[] dims) {
    this.dims = dims;
    this.size = computeSize(dims);
  }

  private static long computeSize(long[] dims) {
    for (long d : dims) {
      if (d == 0) {
        return 0;
      }
    }
    long size = 1;
    for (long d : dims) {
      if (size > Long.MAX_VALUE / d) {
        return -1;
      }
      size *= d;
    }
    return size;
  }

  /**
   * {@return the shape with the given axis lengths (copied)}
   *
   * @param dims axis lengths, outermost first; none may be negative
   * @throws IllegalArgumentException if a length is negative
   */
  public static Shape of(long... dims) {
    if (dims.length == 0) {
      return SCALAR;
    }
    long[] copy = dims.clone();
    for (int axis = 0; axis < copy.length; axis++) {
      if (copy[axis] < 0) {
        throw new IllegalArgumentException(
            "negative dimensions are not allowed: axis " + axis + " has length " + copy[axis]
                + " in " + Arrays.toString(copy));
      }
    }
    return new Shape(copy);
  }

  /** {@return the shape of rank 0, {@code ()}, whose size is 1} */
  public static Shape scalar() {
    return SCALAR;
  }

  /** {@return the number of axes} */
  public int rank() {
    return dims.length;
  }

  /**
   * {@return the length of one axis}
   *
   * @param axis the axis; a negative value counts from the end ({@code -1} is the last axis)
   * @throws IndexOutOfBoundsException if the axis is not in {@code [-rank, rank)}
   */
  public long dim(int axis) {
    return dims[normalizeAxis(axis, dims.length)];
  }

  /**
   * {@return the number of elements, the product of all axis lengths (1 for rank 0, 0 when any
   * length is 0)}
   *
   * @throws ArithmeticException if the product does not fit a {@code long}
   */
  public long size() {
    if (size < 0) {
      throw new ArithmeticException("size of shape " + this + " overflows a long");
    }
    return size;
  }

  /**
   * Returns the coordinates of the element at flat C-order index {@code flatIndex} (the last axis
   * varies fastest), as NumPy's {@code np.unravel_index(flatIndex, shape)}: the inverse of
   * counting elements in C order, e.g. to locate the index {@code argMin()} returns. Rank 0 has
   * one element, index 0, with no coordinates.
   *
   * @param flatIndex the index, in {@code [0, size())}
   * @return a new array of {@code rank()} coordinates, each in {@code [0, dim(axis))}
   * @throws IndexOutOfBoundsException if the index is outside {@code [0, size())}, with NumPy's
   *     text, e.g. "index 12 is out of bounds for array with size 12"
   */
  public long[] unravel(long flatIndex) {
    // size < 0: the size overflows a long, so every non-negative long is in bounds.
    if (flatIndex < 0 || (size >= 0 && flatIndex >= size)) {
      throw new IndexOutOfBoundsException("index " + flatIndex
          + " is out of bounds for array with size " + (size >= 0 ? size : "beyond a long"));
    }
    long[] coords = new long[dims.length];
    for (int axis = dims.length - 1; axis >= 0; axis--) {
      coords[axis] = flatIndex % dims[axis];
      flatIndex /= dims[axis];
    }
    return coords;
  }

  /**
   * Returns the flat C-order index of the element at {@code coords} (the last axis varies
   * fastest), as NumPy's {@code np.ravel_multi_index(coords, shape)}: the inverse of
   * {@link #unravel}, {@code ravel(unravel(k)) == k}. Rank 0 has one element, index 0, with no
   * coordinates. Coordinates are not wrapped: a negative one is out of bounds, as in
   * {@code ravel_multi_index}'s default {@code mode='raise'}.
   *
   * @param coords one coordinate per axis, outermost first, each in {@code [0, dim(axis))}
   * @return the index, in {@code [0, size())}
   * @throws IllegalArgumentException if there are not {@code rank()} coordinates
   * @throws IndexOutOfBoundsException naming the axis if a coordinate is outside
   *     {@code [0, dim(axis))}, e.g. "index 4 is out of bounds for axis 1 with size 4"
   * @throws ArithmeticException if the index does not fit a {@code long} (possible only when
   *     {@link #size()} does not)
   */
  public long ravel(long... coords) {
    if (coords.length != dims.length) {
      throw new IllegalArgumentException(coords.length + " coordinates "
          + tupleString(coords) + " for shape " + this + " of rank " + dims.length);
    }
    long flat = 0;
    for (int axis = 0; axis < dims.length; axis++) {
      long c = coords[axis];
      long d = dims[axis];
      if (c < 0 || c >= d) {
        throw new IndexOutOfBoundsException(
            "index " + c + " is out of bounds for axis " + axis + " with size " + d);
      }
      // flat * d + c <= Long.MAX_VALUE; d > c >= 0, so d > 0
      if (flat > (Long.MAX_VALUE - c) / d) {
        throw new ArithmeticException("the flat index of " + tupleString(coords)
            + " in shape " + this + " overflows a long");
      }
      flat = flat * d + c;
    }
    return flat;
  }

  /** {@return a fresh copy of the axis lengths, outermost first} */
  public long[] asArray() {
    return dims.clone();
  }

  /** Two shapes are equal when they have the same rank and the same length on every axis. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Shape && Arrays.equals(dims, ((Shape) o).dims);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(dims);
  }

  /** Returns the shape in NumPy (Python tuple) syntax: {@code ()}, {@code (5,)}, {@code (2, 3, 4)}. */
  @Override
  public String toString() {
    return tupleString(dims);
  }

  /**
   * Formats numbers as a Python tuple, as NumPy's messages print shapes and strides:
   * {@code ()}, {@code (5,)}, {@code (2, -3)}. The one tuple formatter of ndprim's messages.
   *
   * @param values the numbers, e.g. a shape or strides
   * @return the text
   */
  public static String tupleString(long... values) {
    if (values.length == 1) {
      return "(" + values[0] + ",)";
    }
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(values[i]);
    }
    return sb.append(')').toString();
  }

  /**
   * Checks an axis of an array of rank {@code rank} and wraps a negative one once, as NumPy's
   * {@code normalize_axis_index}: the one axis normaliser of ndprim.
   *
   * @param axis the axis; a negative value counts from the end
   * @param rank the number of axes
   * @return the axis in {@code [0, rank)}
   * @throws IndexOutOfBoundsException NumPy's {@code AxisError} text if the axis is not in
   *     {@code [-rank, rank)}, e.g. "axis 3 is out of bounds for array of dimension 2"
   */
  public static int normalizeAxis(int axis, int rank) {
    if (axis < -rank || axis >= rank) {
      throw new IndexOutOfBoundsException(
          "axis " + axis + " is out of bounds for array of dimension " + rank);
    }
    return axis < 0 ? axis + rank : axis;
  }
}
