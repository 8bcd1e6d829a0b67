package org.ndprim;

/**
 * Built-in spec of {@code BooleanNdArray}: {@code boolean} elements, NumPy dtype {@code |b1}. The
 * ndprim processor generates {@code BooleanNdArray} and its implementations over a Java array, a
 * buffer and buffer chunks ({@code BooleanArrayNdArray}, {@code BooleanBufferNdArray},
 * {@code BooleanChunkedNdArray}) from this declaration.
 */
@NdScalar(name = "Boolean", storage = boolean.class, dtype = "|b1")
final class BooleanScalar {
  private BooleanScalar() {}
}
