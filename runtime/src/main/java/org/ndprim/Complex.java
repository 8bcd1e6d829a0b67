package org.ndprim;

import org.ndprim.text.FloatFormat;
import org.ndprim.text.Formats;

/**
 * One complex value, what {@code getObject} of the complex array types returns (a
 * {@code complex64} element's {@code float} parts are exact as {@code double}). The typed
 * accessors ({@code getReal}, {@code getImag}) read the parts without allocating.
 *
 * <p>Equality is that of the parts as {@link Double#equals} (NaN equals NaN, {@code -0.0}
 * differs from {@code 0.0}), consistent with the complex arrays' {@code equals}.
 *
 * @param real the real part
 * @param imag the imaginary part
 */
public record Complex(double real, double imag) {
  /**
   * Returns the value as NumPy prints a {@code complex128} scalar ({@code str(np.complex128(z))},
   * Python's {@code repr(complex)}): {@code (1+2j)}, {@code (-0.5-1e-05j)}, {@code 2j} when the
   * real part is {@code +0.0}, {@code (nan+infj)}.
   */
  @Override
  public String toString() {
    return Formats.formatComplex(real, imag, FloatFormat.BINARY64);
  }
}
