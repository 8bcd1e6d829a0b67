package org.ndprim;

/**
 * Built-in spec of {@code DoubleNdArray}: {@code double} elements, NumPy dtype {@code <f8}. The
 * ndprim processor generates {@code DoubleNdArray} and its implementations over a Java array, a
 * buffer and buffer chunks ({@code DoubleArrayNdArray}, {@code DoubleBufferNdArray},
 * {@code DoubleChunkedNdArray}) from this declaration.
 */
@NdScalar(name = "Double", storage = double.class, dtype = "<f8")
final class DoubleScalar {
  private DoubleScalar() {}
}
