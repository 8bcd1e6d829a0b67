/**
 * N-dimensional arrays of unboxed scalars: {@link org.ndprim.Shape}, the index entries of
 * NumPy's basic indexing ({@link org.ndprim.Index}, {@link org.ndprim.Indices}), the root
 * {@link org.ndprim.NdArray}, the element types ({@link org.ndprim.ScalarType}, NumPy's dtype),
 * the spec annotation {@link org.ndprim.NdScalar} and the typed arrays the processor generates
 * from the built-in specs, one interface per element type: Java's primitives
 * ({@code BooleanNdArray}, {@code ByteNdArray}, {@code ShortNdArray}, {@code CharNdArray},
 * {@code IntNdArray}, {@code LongNdArray}, {@code FloatNdArray}, {@code DoubleNdArray}), NumPy's
 * unsigned integers ({@code UInt8NdArray}, {@code UInt16NdArray}, {@code UInt32NdArray},
 * {@code UInt64NdArray}), 16-bit floats ({@code Float16NdArray}, {@code BFloat16NdArray}) and
 * complex numbers ({@code Complex64NdArray}, {@code Complex128NdArray}). Each real type's
 * interface has implementations over a Java array, a buffer and buffer chunks
 * ({@code <name>ArrayNdArray}, {@code <name>BufferNdArray}, {@code <name>ChunkedNdArray}); a
 * complex type's has one over its parts ({@code <name>PartsNdArray}).
 *
 * <p>Indexing, views and their errors follow NumPy's basic indexing; {@code stridedSlice} follows
 * TF's {@code StridedSlice}; {@code subarray}, {@code prefix} and {@code suffix} follow Swift's
 * {@code ShapedArraySlice}. Every view shares its array's storage; {@code copy()} makes a C-order
 * copy.
 */
package org.ndprim;
