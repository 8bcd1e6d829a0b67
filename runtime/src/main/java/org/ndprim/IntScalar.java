package org.ndprim;

/**
 * Built-in spec of {@code IntNdArray}: {@code int} elements, NumPy dtype {@code <i4}. The ndprim
 * processor generates {@code IntNdArray} and its implementations over a Java array, a buffer and
 * buffer chunks ({@code IntArrayNdArray}, {@code IntBufferNdArray}, {@code IntChunkedNdArray})
 * from this declaration.
 */
@NdScalar(name = "Int", storage = int.class, dtype = "<i4")
final class IntScalar {
  private IntScalar() {}
}
