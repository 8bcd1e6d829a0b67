package org.ndprim;

/**
 * Built-in spec of {@code Complex128NdArray}: NumPy's {@code complex128} ({@code <c16}), each
 * element two {@code double} storage slots, the real part then the imaginary part, as NumPy lays
 * them out. {@code real()} and {@code imag()} are {@code DoubleNdArray} views of the parts, as
 * NumPy's {@code .real} and {@code .imag}.
 */
@NdScalar(name = "Complex128", storage = double.class, slots = 2, dtype = "<c16")
final class Complex128Scalar {
  private Complex128Scalar() {}
}
