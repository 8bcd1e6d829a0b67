package org.ndprim;

/**
 * Built-in spec of {@code BooleanNdArray}: {@code boolean} elements, NumPy dtype {@code |b1}. The ndprim
 * processor generates {@code BooleanNdArray} and {@code BooleanDenseNdArray} from this declaration.
 */
@NdScalar(name = "Boolean", storage = boolean.class, dtype = "|b1")
final class BooleanScalar {
  private BooleanScalar() {}
}
