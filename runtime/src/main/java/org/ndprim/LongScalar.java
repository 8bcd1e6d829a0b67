package org.ndprim;

/**
 * Built-in spec of {@code LongNdArray}: {@code long} elements, NumPy dtype {@code <i8}. The ndprim
 * processor generates {@code LongNdArray} and {@code LongDenseNdArray} from this declaration.
 */
@NdScalar(name = "Long", storage = long.class, dtype = "<i8")
final class LongScalar {
  private LongScalar() {}
}
