package org.ndprim;

/**
 * Built-in spec of {@code ShortNdArray}: {@code short} elements, NumPy dtype {@code <i2}. The
 * ndprim processor generates {@code ShortNdArray} and its implementations over a Java array, a
 * buffer and buffer chunks ({@code ShortArrayNdArray}, {@code ShortBufferNdArray},
 * {@code ShortChunkedNdArray}) from this declaration.
 */
@NdScalar(name = "Short", storage = short.class, dtype = "<i2")
final class ShortScalar {
  private ShortScalar() {}
}
