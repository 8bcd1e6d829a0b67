package org.ndprim.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Text of single values as NumPy 2.x prints them: scalars ({@code str(np.float32(v))}), the
 * elements of {@link NdFormat#format}, and C's {@code %g} for dtypes NumPy prints through their
 * own {@code repr}.
 *
 * <p>Floating-point digits are Dragon4's shortest unique digits for the value's format
 * ({@code numpy/_core/src/multiarray/dragon4.c}, unique mode): the shortest decimal inside the
 * value's rounding interval, the closer one to the exact value if there are two, computed
 * exactly; correct at powers of two (whose interval below is half as wide as above, e.g.
 * {@code 2^87} as float32 is {@code 1.5474251e+26}) and for subnormals.
 *
 * <p>Differences from NumPy: none known for the values and options covered (NumPy's default
 * print options, legacy off). {@link #formatDouble} and {@link #formatFloat} give the text of a
 * one-element array; in a larger array NumPy pads and may change notation per array, which only
 * {@link NdFormat#formatFloats} reproduces.
 */
public final class Formats {
  private Formats() {}

  /**
   * {@return {@code True} or {@code False}, as NumPy prints booleans}
   *
   * @param value the element
   */
  public static String formatBoolean(boolean value) {
    return value ? "True" : "False";
  }

  /**
   * {@return the decimal text of an integer, e.g. {@code -12}; used for all signed integer types}
   *
   * @param value the element, widened to {@code long}
   */
  public static String formatLong(long value) {
    return Long.toString(value);
  }

  /**
   * {@return the 64 bits of a NumPy {@code uint64} as its unsigned decimal text, e.g.
   * {@code 18446744073709551615} for {@code -1L} ({@link Long#toUnsignedString(long)})}
   *
   * @param bits the element's 64 bits
   */
  public static String formatUnsignedLong(long bits) {
    return Long.toUnsignedString(bits);
  }

  /**
   * {@return a char as its unsigned 16-bit code in decimal (NumPy dtype {@code <u2}), e.g.
   * {@code 65}}
   *
   * @param value the element
   */
  public static String formatChar(char value) {
    return Integer.toString(value);
  }

  /**
   * {@return the element text of {@code str(np.array([value]))} for a float64: e.g. {@code 1.},
   * {@code 0.5}, {@code 1.e+08}, {@code -0.}, {@code nan}, {@code -inf} (NumPy's
   * {@code FloatingFormat} of a one-element array: scientific at {@code |v| >= 1e8} or below
   * {@code 1e-4})}
   *
   * @param value the element
   */
  public static String formatDouble(double value) {
    return new FloatingFormat(new double[] {value}, FloatFormat.BINARY64, false).format(0);
  }

  /**
   * {@return the element text of {@code str(np.array([value], np.float32))}: e.g. {@code 0.1},
   * {@code 0.33333334}, {@code 1.e+06} (scientific at {@code |v| >= 1e6} or below
   * {@code float32(1e-4)})}
   *
   * @param value the element
   */
  public static String formatFloat(float value) {
    return new FloatingFormat(new double[] {value}, FloatFormat.BINARY32, false).format(0);
  }

  /**
   * Returns NumPy's {@code str()} of a floating-point scalar, which is also its {@code str()} of
   * a 0-d array: {@code str(np.float16(v))}, {@code str(np.float32(v))} or
   * {@code str(np.float64(v))} for the three IEEE formats.
   *
   * <p>From {@code floattype_str} / {@code halftype_str} in
   * {@code numpy/_core/src/multiarray/scalartypes.c.src}: positional when the value is zero or
   * {@code 1e-4 <= |v| <} {@link FloatFormat#scalarPositionalLimit()} (1e3, 1e6, 1e16), with at
   * least one digit after the point ({@code 1.0}, {@code 0.0001}, {@code -0.0}); otherwise
   * scientific without a trailing point ({@code 1e+16}, {@code 1.5e-05}, {@code 1e-04} for the
   * float32 nearest to 1e-4, which is below it); {@code nan}, {@code inf}, {@code -inf}. Digits
   * are the shortest unique ones, without any precision limit.
   *
   * @param value a value of {@code format}, as a double
   * @param format its floating-point format
   * @return the text
   * @throws IllegalArgumentException if {@code value} is not a value of {@code format}
   */
  public static String format(double value, FloatFormat format) {
    return scalar(value, format, Dragon4.Trim.LEAVE_ONE_ZERO, Dragon4.Trim.DPT_ZEROS, false);
  }

  /**
   * Returns NumPy's {@code str()} of a complex scalar (and so of a 0-d complex array), e.g.
   * {@code str(np.complex64(1+2j))} is {@code (1+2j)}, and {@code 1j}, {@code -0j},
   * {@code (-0-0j)}, {@code (1.5+0j)}, {@code (nan+nanj)}, {@code (inf-infj)}, {@code nanj}.
   *
   * <p>From {@code cfloattype_str} in {@code scalartypes.c.src}: a real part of {@code +0.0}
   * prints only the imaginary part and {@code j}; otherwise {@code (re±imj)}, both parts as the
   * scalar {@link #format} of their format but without a trailing point or zero ({@code 1}, not
   * {@code 1.0}), the imaginary part with its sign always, {@code nan}/{@code inf} as such.
   *
   * @param re the real part, a value of {@code partFormat}
   * @param im the imaginary part, a value of {@code partFormat}
   * @param partFormat the format of both parts: {@link FloatFormat#BINARY32} for complex64,
   *     {@link FloatFormat#BINARY64} for complex128
   * @return the text
   * @throws IllegalArgumentException if a part is not a value of {@code partFormat}
   */
  public static String formatComplex(double re, double im, FloatFormat partFormat) {
    Dragon4.Trim trim = Dragon4.Trim.DPT_ZEROS;
    if (re == 0 && Double.doubleToRawLongBits(re) == 0) {
      return scalar(im, partFormat, trim, trim, false) + "j";
    }
    String real = scalar(re, partFormat, trim, trim, false);
    String imag = Double.isNaN(im) ? "+nan" : scalar(im, partFormat, trim, trim, true);
    return "(" + real + imag + "j)";
  }

  /** NumPy's {@code @name@type_@kind@_either}: positional or scientific by magnitude. */
  private static String scalar(double value, FloatFormat format, Dragon4.Trim positional,
      Dragon4.Trim scientific, boolean plus) {
    boolean negative = Double.doubleToRawLongBits(value) < 0;
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return negative ? "-inf" : plus ? "+inf" : "inf";
    }
    Dragon4 digits = Dragon4.of(value, format);
    double magnitude = Math.abs(value);
    // 1e-4 as a double: no value of a format lies between it and the exact 1e-4 that NumPy
    // compares with (in long double or double)
    if (magnitude == 0 || (magnitude < format.scalarPositionalLimit() && magnitude >= 1e-4)) {
      return Dragon4.positional(digits, negative, plus, false, -1, -1, positional, -1, -1);
    }
    return Dragon4.scientific(digits, negative, plus, -1, -1, scientific, -1, -1);
  }

  /**
   * Returns C's {@code printf("%.<significantDigits>g", value)}, which is also C++'s
   * {@code std::ostream << value} with that precision (6 by default): how ml_dtypes prints its
   * types (bfloat16, float8_*), e.g. {@code formatGeneral(v, 6)} gives {@code 0.100098},
   * {@code 300}, {@code 1.54743e+26}, {@code 1.00136e-05}, {@code 999424}, {@code 1.23699e+06},
   * {@code -0}, {@code nan}, {@code inf}, {@code -inf}.
   *
   * <p>The value is rounded to {@code P} significant digits (half to even on the exact binary
   * value, as glibc); with {@code X} the decimal exponent of the rounded value, fixed notation
   * with {@code P - 1 - X} decimals if {@code P > X >= -4}, else {@code d.ddde±XX}; then trailing
   * zeros and a trailing point are removed. A precision of 0 is taken as 1 (as C does). A NaN
   * prints {@code nan} whatever its sign bit (ml_dtypes prints it so).
   *
   * @param value the value
   * @param significantDigits {@code P}, at least 0
   * @return the text
   * @throws IllegalArgumentException if {@code significantDigits} is negative
   */
  public static String formatGeneral(double value, int significantDigits) {
    if (significantDigits < 0) {
      throw new IllegalArgumentException("significantDigits must be >= 0, got "
          + significantDigits);
    }
    if (Double.isNaN(value)) {
      return "nan";
    }
    boolean negative = Double.doubleToRawLongBits(value) < 0;
    if (Double.isInfinite(value)) {
      return negative ? "-inf" : "inf";
    }
    if (value == 0) {
      return negative ? "-0" : "0";
    }
    int p = Math.max(significantDigits, 1);
    BigDecimal rounded = new BigDecimal(Math.abs(value))
        .round(new MathContext(p, RoundingMode.HALF_EVEN));
    int exponent = rounded.precision() - rounded.scale() - 1;
    String text;
    if (exponent < p && exponent >= -4) {
      text = trimFraction(rounded.setScale(p - 1 - exponent, RoundingMode.UNNECESSARY)
          .toPlainString());
    } else {
      String unscaled = rounded.unscaledValue().toString();
      String mantissa = unscaled.length() == 1
          ? unscaled : trimFraction(unscaled.charAt(0) + "." + unscaled.substring(1));
      String e = Integer.toString(Math.abs(exponent));
      text = mantissa + "e" + (exponent < 0 ? '-' : '+') + (e.length() < 2 ? "0" : "") + e;
    }
    return negative ? "-" + text : text;
  }

  private static String trimFraction(String s) {
    if (s.indexOf('.') < 0) {
      return s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    return s.substring(0, end);
  }
}
