package org.ndprim;

import org.ndprim.layout.Layout;

/**
 * The root of every ndprim array type, whatever its element type: a strided {@link Layout} over
 * storage shared by every view of it: a primitive Java array, or memory in byte buffers (heap,
 * direct or memory-mapped, in one or more chunks, so beyond 2^31 elements).
 *
 * <p>Element order is always logical C (row-major) order, whatever the strides: the last axis
 * varies fastest. Views ({@link #get}, {@link #slice}, {@link #transpose}, {@link #reshape}, ...)
 * share the storage, so writes through a view reach the base, as NumPy views; broadcast and
 * {@link #readOnly()} views refuse writes. Typed subinterfaces (e.g. {@code ShortNdArray})
 * narrow the return types and add unboxed accessors.
 */
public interface NdArray {
  /** {@return the shape of this array (or view)} */
  Shape shape();

  /** {@return the number of axes, {@code shape().rank()}} */
  default int rank() {
    return layout().rank();
  }

  /** {@return the number of elements, {@code shape().size()}} */
  default long size() {
    return layout().size();
  }

  /**
   * {@return one element as a boxed logical value (e.g. a {@code Float} for a {@code Float16}
   * array)}
   *
   * @param coords one coordinate per axis; a negative coordinate counts from the end of its axis
   * @throws IllegalRankException if {@code coords.length != rank()}
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  Object getObject(long... coords);

  /**
   * {@return the view selected by integer indices on the leading axes: {@code a.get(i, j)} is
   * NumPy's {@code a[i, j]}, of rank {@code rank() - coords.length} (a rank-0 view when every axis
   * is indexed)}
   *
   * @param coords one coordinate for each leading axis indexed; a negative one counts from the end
   * @throws IllegalRankException if more coordinates than axes are given
   * @throws IndexOutOfBoundsException if a coordinate is outside its axis
   */
  NdArray get(long... coords);

  /**
   * Returns NumPy's {@code a[indices]}. With basic entries only it is a view, as NumPy basic
   * slicing ({@link Layout#slice(Index...)} describes the rules and errors). With an array entry
   * ({@link Indices#take}, {@link Indices#mask}) it is NumPy's advanced indexing and the result is
   * a new, writable C-order array (a copy, never a view): integer arrays broadcast together and
   * their broadcast shape replaces the axes they index, in place when the array entries (and the
   * integers among them) are adjacent, else at the front; a boolean array is its
   * {@code nonzero()}.
   *
   * @param indices the entries, from {@link Indices}
   * @return the view, or the gathered copy
   * @throws IllegalRankException if the entries index more axes than there are
   * @throws IndexOutOfBoundsException if an integer or array position is outside its axis
   *     ("index 5 is out of bounds for axis 0 with size 3")
   * @throws IllegalArgumentException for two ellipses, a zero step, integer arrays that do not
   *     broadcast ("shape mismatch: indexing arrays could not be broadcast together with shapes
   *     (2,) (3,)"), or a boolean array whose shape differs from the axes it indexes
   */
  NdArray slice(Index... indices);

  /**
   * {@return {@code slice(Indices.parse(spec))}: a view for a basic spec such as
   * {@code "::-1, 1:, None"}, a copy when the spec holds a list ({@code "[0, 2], ::-1"},
   * {@code "[True, False, True]"})}
   *
   * @param spec the text between the brackets of NumPy's {@code a[...]}
   * @throws IndexSyntaxException if the spec is malformed
   */
  default NdArray slice(String spec) {
    return slice(Indices.parse(spec));
  }

  /**
   * NumPy's {@code a[indices] = value}: {@code value} is cast to this array's type as NumPy's
   * {@code __setitem__} casts (unsafe: floats truncate into integers, complex drops the
   * imaginary part) and broadcast to the shape of {@code slice(indices)} (leading axes of length
   * 1 of the value may be dropped, as NumPy's). Basic indices write through the view; array
   * entries scatter, in C order of the index, so a repeated position keeps the last value.
   * Overlapping storage is safe: as if {@code value} were copied first. Every check runs before
   * anything is written. (The typed {@code set(src, indices)} forms keep Swift's rule for basic
   * indices: {@code src} of exactly the view's shape and type, no broadcasting.)
   *
   * @param value the elements, e.g. {@code DoubleNdArray.scalar(0)} or an array
   * @param indices the entries, as {@link #slice(Index...)}
   * @return this array
   * @throws ReadOnlyArrayException if this array is read-only
   * @throws IllegalArgumentException if {@code value} does not broadcast to the indexed shape
   *     (the message names both shapes and the axis), or the spec is invalid as for
   *     {@link #slice(Index...)}
   * @throws IndexOutOfBoundsException if a position is outside its axis
   * @throws IllegalRankException if the entries index more axes than there are
   */
  NdArray assign(NdArray value, Index... indices);

  /**
   * {@return {@code assign(value, Indices.parse(spec))}, NumPy's {@code a[spec] = value}}
   *
   * @param value the elements
   * @param spec the text between the brackets of NumPy's {@code a[...]}
   * @throws IndexSyntaxException if the spec is malformed
   */
  default NdArray assign(NdArray value, String spec) {
    return assign(value, Indices.parse(spec));
  }

  /**
   * {@return the view selected by a TF {@code StridedSlice} with every mask 0, i.e.
   * {@code stridedSlice(begin, end, strides, StridedSliceOptions.none())}}
   *
   * @param begin the begin of each entry
   * @param end the end of each entry (exclusive)
   * @param strides the stride of each entry
   * @throws IllegalArgumentException if the arrays differ in length or hold 32 or more entries,
   *     or a stride is 0
   * @throws IllegalRankException if the entries consume more axes than the rank
   */
  default NdArray stridedSlice(long[] begin, long[] end, long[] strides) {
    return stridedSlice(begin, end, strides, StridedSliceOptions.none());
  }

  /**
   * {@return the view selected by a TF {@code StridedSlice} ({@code begin}, {@code end},
   * {@code strides} and the five masks), as TF's kernel computes it; see
   * {@link Layout#stridedSlice(long[], long[], long[], StridedSliceOptions)} for the semantics,
   * the mask precedence and TF's error texts}
   *
   * @param begin the begin of each entry
   * @param end the end of each entry (exclusive)
   * @param strides the stride of each entry
   * @param options the five masks
   * @throws IllegalArgumentException if the arrays differ in length or hold 32 or more entries,
   *     more than one ellipsis bit is set, a stride is 0, or a shrink entry has a stride below 1
   * @throws IllegalRankException if the entries consume more axes than the rank
   * @throws IndexOutOfBoundsException if a shrink index is outside its axis
   */
  NdArray stridedSlice(long[] begin, long[] end, long[] strides, StridedSliceOptions options);

  /**
   * {@return positions {@code start} (inclusive) to {@code end} (exclusive) of the leading axis as
   * a view of the same rank: a Swift subarray {@code a[start..<end]} with NumPy's clamping of
   * {@code a[start:end]} (a negative bound counts from the end once; bounds clamp; an empty range
   * is allowed)} Positions in the view start at 0.
   *
   * @param start the first position
   * @param end the position after the last
   * @throws IllegalRankException if this array has rank 0
   */
  NdArray subarray(long start, long end);

  /**
   * {@return the first {@code k} positions of the leading axis as a view of the same rank, as
   * Swift's {@code ShapedArraySlice.prefix(k)}; {@code k} beyond the length clamps to it}
   *
   * @param k how many leading positions
   * @throws IllegalArgumentException if {@code k < 0}
   * @throws IllegalRankException if this array has rank 0
   */
  NdArray prefix(long k);

  /**
   * {@return the last {@code k} positions of the leading axis as a view of the same rank, as
   * Swift's {@code ShapedArraySlice.suffix(k)}; {@code k} beyond the length clamps to it}
   *
   * @param k how many trailing positions
   * @throws IllegalArgumentException if {@code k < 0}
   * @throws IllegalRankException if this array has rank 0
   */
  NdArray suffix(long k);

  /** {@return the view with the axes in reverse order, NumPy's {@code a.T}} */
  NdArray transpose();

  /**
   * {@return the view with the axes reordered, NumPy's {@code a.transpose(axes)}: axis {@code i}
   * of the view is axis {@code axes[i]} of this array (negative axes count from the end)}
   *
   * @param axes a permutation of the axes, one entry per axis
   * @throws IllegalRankException if {@code axes.length != rank()}
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is repeated
   */
  NdArray permute(int... axes);

  /**
   * {@return the same elements, in C order, with another shape, as NumPy's
   * {@code a.reshape(shape)}: a view when the strides allow one (always for a C-contiguous
   * array; see {@link Layout#reshape}), else a new C-order copy} Use {@link #reshapeView(Shape)}
   * where a copy must not happen.
   *
   * @param shape the new shape, of the same size
   * @throws IllegalArgumentException if the sizes differ ("cannot reshape array of size 12 into
   *     shape (5,3)", NumPy's text)
   */
  NdArray reshape(Shape shape);

  /**
   * {@return {@link #reshape(Shape)} of {@code dims} with one negative entry inferred from the
   * size, as NumPy's {@code a.reshape(-1, 3)}: a view when the strides allow one, else a copy}
   *
   * @param dims the new dimensions; at most one negative (NumPy writes {@code -1})
   * @throws IllegalArgumentException if more than one is negative ("can only specify one unknown
   *     dimension") or the sizes cannot match ("cannot reshape array of size 12 into shape
   *     (5,newaxis)", NumPy's texts)
   */
  NdArray reshape(long... dims);

  /**
   * {@return a view of the same elements, in C order, with another shape, as NumPy's
   * {@code a.reshape(shape, copy=False)}: always a view or an error, never a copy}
   *
   * @param shape the new shape, of the same size
   * @throws IllegalArgumentException if the sizes differ, or if no strides give a view (the
   *     message names the two axes that would have to merge and their strides)
   */
  NdArray reshapeView(Shape shape);

  /**
   * {@return {@link #reshapeView(Shape)} of {@code dims} with one negative entry inferred, as
   * NumPy's {@code a.reshape(-1, 3, copy=False)}}
   *
   * @param dims the new dimensions; at most one negative
   * @throws IllegalArgumentException if more than one is negative, the sizes cannot match, or
   *     no strides give a view
   */
  NdArray reshapeView(long... dims);

  /**
   * {@return a read-only view broadcast to {@code shape}, as {@code numpy.broadcast_to}: new
   * leading axes and stretched axes of length 1 get stride 0, so writes through it throw
   * {@link ReadOnlyArrayException}}
   *
   * @param shape the shape to broadcast to
   * @throws IllegalArgumentException if the shapes are not compatible (the message names both)
   */
  NdArray broadcastTo(Shape shape);

  /** {@return the view without its axes of length 1, NumPy's {@code np.squeeze(a)}} */
  NdArray squeeze();

  /**
   * {@return the view without one axis of length 1, NumPy's {@code np.squeeze(a, axis)}}
   *
   * @param axis the axis to remove; a negative one counts from the end
   * @throws IndexOutOfBoundsException if the axis is out of range
   * @throws IllegalArgumentException if its length is not 1
   */
  NdArray squeeze(int axis);

  /**
   * {@return the view with a new axis of length 1 at position {@code axis} of the result, NumPy's
   * {@code np.expand_dims(a, axis)} (a negative axis counts from the end of the result)}
   *
   * @param axis the position of the new axis in the result
   * @throws IndexOutOfBoundsException if the axis is outside {@code [-rank()-1, rank()]}
   */
  NdArray expandDims(int axis);

  /**
   * {@return a view of this array's storage with another layout, as NumPy's
   * {@code numpy.lib.stride_tricks.as_strided} but checked} Every element offset must lie within
   * this array's extent {@code [layout().minOffset(), layout().maxOffset()]}.
   *
   * @param layout the view's offset, shape and strides, in storage elements
   * @throws IllegalArgumentException if the layout reaches outside this array's extent
   */
  NdArray asStrided(Layout layout);

  /**
   * {@return a read-only view of this array: the same elements, but every write through it (or a
   * view of it) throws {@link ReadOnlyArrayException}} Writes through other views of the storage
   * stay visible in it.
   */
  NdArray readOnly();

  /**
   * {@return whether writes through this array throw {@link ReadOnlyArrayException}: it is a
   * broadcast or read-only view, or a view of one}
   */
  boolean isReadOnly();

  /**
   * {@return whether the elements occupy consecutive storage positions in C order, NumPy's
   * {@code C_CONTIGUOUS} flag ({@link Layout#isContiguous()})}
   */
  default boolean isContiguous() {
    return layout().isContiguous();
  }

  /** {@return the descriptor of this array's element type} */
  ScalarType<?> scalarType();

  /** {@return the layout (offset, shape and strides into the storage) of this array} */
  Layout layout();

  /**
   * {@return a fresh array of the storage primitive (e.g. {@code short[]} for {@code Float16})
   * holding this array's elements in C order; its length is {@code size()}}
   *
   * @throws IllegalArgumentException if the array has more elements than a Java array holds or
   *     needs more than the heap (the message names the shape and the limit)
   */
  Object toStorageArray();

  /** {@return a C-order copy with its own storage, equal to this array} */
  NdArray copy();

  /**
   * Returns a new C-order array of {@code type} holding this array's elements cast as NumPy's
   * {@code astype(dtype)} (unsafe casting): integral, {@code char} and {@code boolean} elements are
   * read as {@code long} (booleans as 0 and 1) and floating-point ones as {@code double}, then
   * {@link ScalarType#fromLongs} or {@link ScalarType#fromDoubles} of {@code type} converts them
   * with one rounding. Narrowing integers wrap, floating point to an integer truncates toward zero,
   * anything to {@code boolean} is "nonzero" (NaN is true). Where NumPy's result is
   * platform-dependent (NaN, infinities or values out of the target's range cast to an integer)
   * this uses Java's narrowing cast: see {@link ScalarType#fromDoubles}. To its own type the
   * result is a copy of the storage, bit for bit (NaN payloads included), as NumPy's.
   *
   * @param type the target type, e.g. {@code DoubleNdArray.TYPE}
   * @param <A> the target array type
   * @return a new array of this shape with its own storage
   */
  <A extends NdArray> A astype(ScalarType<A> type);

  /**
   * Returns the flat C-order index of the first smallest element, as NumPy's {@code argmin()};
   * {@code shape().unravel(argMin())} are its coordinates. Elements compare as NumPy compares the
   * dtype: floating-point types propagate NaN (the first NaN is the result; {@code -0.0} and
   * {@code 0.0} compare equal), {@code char} is unsigned, and {@code false} orders before
   * {@code true}. The typed interfaces add {@code min()} and the per-axis forms.
   *
   * @return the index, in {@code [0, size())}
   * @throws IllegalStateException if the array is empty ("attempt to get argmin of an empty
   *     sequence", NumPy's text)
   */
  long argMin();

  /**
   * Returns the flat C-order index of the first largest element, as NumPy's {@code argmax()};
   * elements compare as for {@link #argMin()} (the first NaN, if any, is the result).
   *
   * @return the index, in {@code [0, size())}
   * @throws IllegalStateException if the array is empty ("attempt to get argmax of an empty
   *     sequence", NumPy's text)
   */
  long argMax();
}
