package org.ndprim;

/**
 * Built-in spec of {@code LongNdArray}: {@code long} elements, NumPy dtype {@code <i8}. The ndprim
 * processor generates {@code LongNdArray} and its implementations over a Java array, a buffer and
 * buffer chunks ({@code LongArrayNdArray}, {@code LongBufferNdArray}, {@code LongChunkedNdArray})
 * from this declaration.
 */
@NdScalar(name = "Long", storage = long.class, dtype = "<i8")
final class LongScalar {
  private LongScalar() {}
}
