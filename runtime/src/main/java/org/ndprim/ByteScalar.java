package org.ndprim;

/**
 * Built-in spec of {@code ByteNdArray}: {@code byte} elements, NumPy dtype {@code |i1}. The ndprim
 * processor generates {@code ByteNdArray} and its implementations over a Java array, a buffer and
 * buffer chunks ({@code ByteArrayNdArray}, {@code ByteBufferNdArray}, {@code ByteChunkedNdArray})
 * from this declaration.
 */
@NdScalar(name = "Byte", storage = byte.class, dtype = "|i1")
final class ByteScalar {
  private ByteScalar() {}
}
