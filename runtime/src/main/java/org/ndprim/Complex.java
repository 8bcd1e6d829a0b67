package org.ndprim;

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
   * Returns the value as Python prints a complex number ({@code repr(complex)}): {@code (1+2j)},
   * {@code (-0.5-1e-05j)}, {@code 2j} when the real part is {@code +0.0}, {@code (nan+infj)}.
   */
  @Override
  public String toString() {
    String im = part(imag);
    if (real == 0 && Double.doubleToRawLongBits(real) == 0) {
      return im + "j";
    }
    String sign = imag < 0 || Double.doubleToRawLongBits(imag) < 0 && !Double.isNaN(imag)
        ? "" : "+";
    return "(" + part(real) + sign + im + "j)";
  }

  /** Python's {@code repr(float)} of a part, without a trailing {@code .0}. */
  private static String part(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    String s = new java.math.BigDecimal(shortest(v)).stripTrailingZeros().toString();
    // BigDecimal's scientific form is 1E+20; Python's repr switches at 1e16 and below 1e-4.
    double a = Math.abs(v);
    if (a != 0 && (a >= 1e16 || a < 1e-4)) {
      java.math.BigDecimal d = new java.math.BigDecimal(shortest(v)).stripTrailingZeros();
      String digits = d.unscaledValue().abs().toString();
      int exponent = digits.length() - 1 - d.scale();
      String mantissa = digits.length() == 1 ? digits
          : digits.charAt(0) + "." + digits.substring(1);
      return (v < 0 ? "-" : "") + mantissa + "e" + (exponent < 0 ? "-" : "+")
          + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
    }
    s = new java.math.BigDecimal(shortest(v)).stripTrailingZeros().toPlainString();
    if (v == 0 && Double.doubleToRawLongBits(v) < 0) {
      return "-0";
    }
    return s;
  }

  /** The shortest decimal text that parses back to {@code v}. */
  private static String shortest(double v) {
    java.math.BigDecimal exact = new java.math.BigDecimal(v);
    for (int digits = 1; digits <= 17; digits++) {
      for (java.math.RoundingMode mode : new java.math.RoundingMode[] {
          java.math.RoundingMode.HALF_EVEN, java.math.RoundingMode.FLOOR,
          java.math.RoundingMode.CEILING}) {
        String candidate = exact.round(new java.math.MathContext(digits, mode)).toString();
        if (Double.parseDouble(candidate) == v) {
          return candidate;
        }
      }
    }
    return exact.toString();
  }
}
