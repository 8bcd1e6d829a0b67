package org.ndprim;

/**
 * Built-in spec of {@code DoubleNdArray}: {@code double} elements, NumPy dtype {@code <f8}. The ndprim
 * processor generates {@code DoubleNdArray} and {@code DoubleDenseNdArray} from this declaration.
 */
@NdScalar(name = "Double", storage = double.class, dtype = "<f8")
final class DoubleScalar {
  private DoubleScalar() {}
}
