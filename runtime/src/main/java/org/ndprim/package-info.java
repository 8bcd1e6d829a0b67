/**
 * N-dimensional arrays of unboxed scalars: {@link org.ndprim.Shape}, the index entries of
 * NumPy's basic indexing ({@link org.ndprim.Index}, {@link org.ndprim.Indices}), the root
 * {@link org.ndprim.NdArray}, the element types ({@link org.ndprim.ScalarType}, NumPy's dtype),
 * the spec annotation {@link org.ndprim.NdScalar} and the generated typed arrays
 * ({@code BooleanNdArray}, {@code ByteNdArray}, {@code ShortNdArray}, {@code CharNdArray},
 * {@code IntNdArray}, {@code LongNdArray}, {@code FloatNdArray}, {@code DoubleNdArray}).
 *
 * <p>Indexing, views and their errors follow NumPy's basic indexing; {@code stridedSlice} follows
 * TF's {@code StridedSlice}; {@code subarray}, {@code prefix} and {@code suffix} follow Swift's
 * {@code ShapedArraySlice}. Every view shares its array's storage; {@code copy()} makes a C-order
 * copy.
 */
package org.ndprim;
