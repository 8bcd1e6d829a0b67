package org.ndprim;

/**
 * Built-in spec of {@code Complex64NdArray}: NumPy's {@code complex64} ({@code <c8}), each
 * element two {@code float} storage slots, the real part then the imaginary part, as NumPy lays
 * them out. {@code real()} and {@code imag()} are {@code FloatNdArray} views of the parts, as
 * NumPy's {@code .real} and {@code .imag}.
 */
@NdScalar(name = "Complex64", storage = float.class, slots = 2, dtype = "<c8")
final class Complex64Scalar {
  private Complex64Scalar() {}
}
