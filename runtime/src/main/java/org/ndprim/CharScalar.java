package org.ndprim;

/**
 * Built-in spec of {@code CharNdArray}: {@code char} elements, NumPy dtype {@code <u2}. The ndprim
 * processor generates {@code CharNdArray} and {@code CharDenseNdArray} from this declaration.
 */
@NdScalar(name = "Char", storage = char.class, dtype = "<u2")
final class CharScalar {
  private CharScalar() {}
}
