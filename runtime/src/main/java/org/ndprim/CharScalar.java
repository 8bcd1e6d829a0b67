package org.ndprim;

/**
 * Built-in spec of {@code CharNdArray}: {@code char} elements, NumPy dtype {@code <u2}. The ndprim
 * processor generates {@code CharNdArray} and its implementations over a Java array, a buffer and
 * buffer chunks ({@code CharArrayNdArray}, {@code CharBufferNdArray}, {@code CharChunkedNdArray})
 * from this declaration.
 */
@NdScalar(name = "Char", storage = char.class, dtype = "<u2")
final class CharScalar {
  private CharScalar() {}
}
