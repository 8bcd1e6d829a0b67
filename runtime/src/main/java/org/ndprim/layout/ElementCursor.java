package org.ndprim.layout;

import java.util.Arrays;
import org.ndprim.Shape;

/**
 * Walks the elements of a {@link Layout} along its leading axes: for {@code axis} {@code k}, each
 * C-order combination {@code (i0, ..., ik)} of the first {@code k + 1} coordinates, with the
 * sub-layout {@code layout.get(i0, ..., ik)} of rank {@code rank - k - 1} (TF-Java's
 * {@code elements(k)}). The sub-layout is made on request by {@link #view()} and is a fresh,
 * immutable layout, safe to keep; the coordinates array is reused.
 *
 * <pre>{@code
 * for (ElementCursor c = ElementCursor.of(layout, 0); c.next(); ) {
 *   T row = factory.apply(c.view());   // c.coords() is {i0}
 * }
 * }</pre>
 *
 * <p>The walk is empty when a leading axis has length 0; when only a trailing axis has length 0
 * the elements exist and are empty. Not thread-safe.
 */
public final class ElementCursor {
  private final CoordinateCursor cursor;
  private final long size;
  /**
   * The first element's layout, moved along for every element (shape and strides shared); null
   * when the walk is empty.
   */
  private final Layout element;

  private ElementCursor(Layout layout, int leading) {
    long[] dims = Arrays.copyOf(Axes.dims(layout), leading);
    long[] strides = Arrays.copyOf(layout.strides(), leading);
    boolean empty = false;
    for (long d : dims) {
      empty |= d == 0;
    }
    long n = 1;
    for (int a = 0; a < leading && !empty && n >= 0; a++) {
      n = n > Long.MAX_VALUE / dims[a] ? -1 : n * dims[a]; // -1: overflow, reported by size()
    }
    this.size = empty ? 0 : n;
    this.cursor = new CoordinateCursor(layout.offset(), dims, strides, empty);
    this.element = empty ? null : layout.get(new long[leading]);
  }

  /**
   * {@return a cursor over the elements along axes {@code 0..axis} of {@code layout}: each is the
   * view fixing the first {@code axis + 1} coordinates}
   *
   * @param layout the layout to walk
   * @param axis the last leading axis; a negative value counts from the end ({@code -1}: the
   *     scalars, as rank-0 views)
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}, e.g. "axis
   *     2 is out of bounds for array of dimension 2" (NumPy's text)
   */
  public static ElementCursor of(Layout layout, int axis) {
    return new ElementCursor(layout, Shape.normalizeAxis(axis, layout.rank()) + 1);
  }

  /**
   * {@return a cursor over every scalar of {@code layout} as a rank-0 view, in C order; a rank-0
   * layout has one, itself (coordinates empty)}
   *
   * @param layout the layout to walk
   */
  public static ElementCursor scalars(Layout layout) {
    return new ElementCursor(layout, layout.rank());
  }

  /**
   * Advances to the next element.
   *
   * @return true if there is one, false when all have been visited
   */
  public boolean next() {
    return cursor.next();
  }

  /**
   * {@return the leading coordinates of the current element: always the same array, of length
   * {@code axis + 1}, updated in place by {@link #next()}} Do not modify it; copy it to keep it.
   */
  public long[] coords() {
    return cursor.coords();
  }

  /**
   * {@return the storage offset of the current element's first scalar (its view's
   * {@link Layout#offset()})}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset() {
    cursor.offset(); // state check
    return cursor.currentOffset();
  }

  /**
   * {@return the current element as a fresh layout, equal to {@code layout.get(coords())}}
   *
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public Layout view() {
    cursor.offset(); // state check
    // One allocation site and no merge with a cached object: the loop that asks for the view
    // then allocates nothing once compiled (see Layout.atOffset).
    return element.atOffset(cursor.currentOffset());
  }

  /**
   * {@return the number of elements of the walk: the product of the leading axis lengths}
   *
   * @throws ArithmeticException if it overflows a long (possible only when a trailing axis has
   *     length 0)
   */
  public long size() {
    if (size < 0) {
      throw new ArithmeticException("more than Long.MAX_VALUE elements");
    }
    return size;
  }
}
