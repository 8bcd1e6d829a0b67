package org.ndprim;

/**
 * Built-in spec of {@code IntNdArray}: {@code int} elements, NumPy dtype {@code <i4}. The ndprim
 * processor generates {@code IntNdArray} and {@code IntDenseNdArray} from this declaration.
 */
@NdScalar(name = "Int", storage = int.class, dtype = "<i4")
final class IntScalar {
  private IntScalar() {}
}
