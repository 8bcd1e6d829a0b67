package org.ndprim;

/**
 * Built-in spec of {@code ByteNdArray}: {@code byte} elements, NumPy dtype {@code |i1}. The ndprim
 * processor generates {@code ByteNdArray} and {@code ByteDenseNdArray} from this declaration.
 */
@NdScalar(name = "Byte", storage = byte.class, dtype = "|i1")
final class ByteScalar {
  private ByteScalar() {}
}
