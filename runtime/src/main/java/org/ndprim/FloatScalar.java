package org.ndprim;

/**
 * Built-in spec of {@code FloatNdArray}: {@code float} elements, NumPy dtype {@code <f4}. The ndprim
 * processor generates {@code FloatNdArray} and {@code FloatDenseNdArray} from this declaration.
 */
@NdScalar(name = "Float", storage = float.class, dtype = "<f4")
final class FloatScalar {
  private FloatScalar() {}
}
