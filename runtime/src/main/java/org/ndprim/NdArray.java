package org.ndprim;

import org.ndprim.layout.Layout;

/**
 * The root of every ndprim array type, whatever its element type: a strided {@link Layout} over
 * one primitive Java array (the storage), shared by every view of it.
 *
 * <p>Element order is always logical C (row-major) order, whatever the strides: the last axis
 * varies fastest. Views ({@link #get}, {@link #slice}) share the storage, so writes through a
 * view reach the base, as NumPy views. Typed subinterfaces (e.g. {@code ShortNdArray}) narrow the
 * return types and add unboxed accessors.
 */
public interface NdArray {
  /** Returns the shape of this array (or view). */
  Shape shape();

  /** Returns the number of axes, {@code shape().rank()}. */
  default int rank() {
    return layout().rank();
  }

  /** Returns the number of elements, {@code shape().size()}. */
  default long size() {
    return layout().size();
  }

  /**
   * Returns one element as a boxed logical value (e.g. a {@code Float} for a {@code Float16}
   * array).
   *
   * @param coords one coordinate per axis; a negative coordinate counts from the end of its axis
   * @throws IllegalRankException if {@code coords.length != rank()}
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  Object getObject(long... coords);

  /**
   * Returns the view selected by integer indices on the leading axes: {@code a.get(i, j)} is
   * NumPy's {@code a[i, j]}, of rank {@code rank() - coords.length} (a rank-0 view when every axis
   * is indexed).
   *
   * @throws IllegalRankException if more coordinates than axes are given
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  NdArray get(long... coords);

  /**
   * Returns the view selected by a basic-indexing spec, as NumPy basic slicing
   * ({@link Layout#slice(Index...)} describes the rules and errors).
   */
  NdArray slice(Index... indices);

  /**
   * Returns the view selected by a spec in NumPy syntax, e.g. {@code a.slice("::-1, 1:, None")};
   * equivalent to {@code slice(Indices.parse(spec))}.
   *
   * @throws IndexSyntaxException if the spec is malformed
   */
  default NdArray slice(String spec) {
    return slice(Indices.parse(spec));
  }

  /** Returns the descriptor of this array's element type. */
  ScalarType<?> scalarType();

  /** Returns the layout (offset, shape and strides into the storage) of this array. */
  Layout layout();

  /**
   * Returns a fresh array of the storage primitive (e.g. {@code short[]} for {@code Float16})
   * holding this array's elements in C order; its length is {@code size()}.
   */
  Object toStorageArray();

  /** Returns a C-order copy with its own storage, equal to this array. */
  NdArray copy();
}
