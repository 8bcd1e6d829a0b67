package org.ndprim;

/**
 * Built-in spec of {@code FloatNdArray}: {@code float} elements, NumPy dtype {@code <f4}. The
 * ndprim processor generates {@code FloatNdArray} and its implementations over a Java array, a
 * buffer and buffer chunks ({@code FloatArrayNdArray}, {@code FloatBufferNdArray},
 * {@code FloatChunkedNdArray}) from this declaration.
 */
@NdScalar(name = "Float", storage = float.class, dtype = "<f4")
final class FloatScalar {
  private FloatScalar() {}
}
