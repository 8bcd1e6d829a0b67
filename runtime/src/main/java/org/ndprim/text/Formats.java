package org.ndprim.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Default element text used by generated {@code toString} methods, as NumPy prints array
 * elements.
 *
 * <p>{@link #formatDouble} and {@link #formatFloat} give exactly the element text of
 * {@code str(np.array([v]))} (numpy 2.x defaults: {@code floatmode='maxprec'},
 * {@code precision=8}): the shortest digits that round-trip, at most 8 fractional digits
 * (rounded half-even from the exact binary value), trailing zeros trimmed down to the point
 * ({@code 1.}, {@code 0.5}, {@code -0.}), and {@code nan}, {@code inf}, {@code -inf}. Scientific
 * notation ({@code 1.e+08}, {@code 1.5e-05}) is used when the magnitude is at least 1e8 (1e6 for
 * float, NumPy's {@code 10**min(8, finfo.precision)}) or below 1e-4. <b>Difference from NumPy:</b>
 * NumPy chooses scientific notation once per array (also when the largest and smallest nonzero
 * magnitudes differ by more than 1000x) and then pads all mantissas to equal precision; here the
 * choice is made per element. {@link NdFormat} restores NumPy's padding when every shown element
 * uses the same notation.
 */
public final class Formats {
  private static final int PRECISION = 8;

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
   * {@return a char as its unsigned 16-bit code in decimal (NumPy dtype {@code <u2}), e.g.
   * {@code 65}}
   *
   * @param value the element
   */
  public static String formatChar(char value) {
    return Integer.toString(value);
  }

  /**
   * {@return NumPy's element text of a {@code float64}, e.g. {@code 1.}, {@code 0.5},
   * {@code 1.e+08}}
   *
   * @param value the element
   */
  public static String formatDouble(double value) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return Double.doubleToRawLongBits(value) < 0 ? "-0." : "0.";
    }
    double magnitude = Math.abs(value);
    BigDecimal exact = new BigDecimal(value);
    BigDecimal shortest = shortestDouble(value, exact);
    if (magnitude >= 1e8 || magnitude < 1e-4) {
      return scientific(exact, shortest);
    }
    return positional(exact, shortest);
  }

  /**
   * {@return NumPy's element text of a {@code float32}, e.g. {@code 0.1}, {@code 0.33333334}}
   *
   * @param value the element
   */
  public static String formatFloat(float value) {
    if (Float.isNaN(value)) {
      return "nan";
    }
    if (Float.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return Float.floatToRawIntBits(value) < 0 ? "-0." : "0.";
    }
    float magnitude = Math.abs(value);
    BigDecimal exact = new BigDecimal((double) value);
    BigDecimal shortest = shortestFloat(value, exact);
    // NumPy compares in float32: float32(1e-4) itself prints positionally.
    if (magnitude >= 1e6f || magnitude < 1e-4f) {
      return scientific(exact, shortest);
    }
    return positional(exact, shortest);
  }

  /** The fewest significant digits that parse back to the same double. */
  private static BigDecimal shortestDouble(double value, BigDecimal exact) {
    for (int digits = 1; digits < 17; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (Double.parseDouble(candidate.toString()) == value) {
        return candidate;
      }
    }
    return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
  }

  /** The fewest significant digits that parse back to the same float. */
  private static BigDecimal shortestFloat(float value, BigDecimal exact) {
    for (int digits = 1; digits < 9; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (Float.parseFloat(candidate.toString()) == value) {
        return candidate;
      }
    }
    return exact.round(new MathContext(9, RoundingMode.HALF_EVEN));
  }

  private static String positional(BigDecimal exact, BigDecimal shortest) {
    BigDecimal digits = shortest.stripTrailingZeros();
    if (digits.scale() > PRECISION) {
      digits = exact.setScale(PRECISION, RoundingMode.HALF_EVEN).stripTrailingZeros();
    }
    String text = digits.scale() <= 0 ? digits.toBigInteger().toString() : digits.toPlainString();
    return text.indexOf('.') < 0 ? text + "." : text;
  }

  private static String scientific(BigDecimal exact, BigDecimal shortest) {
    BigDecimal digits = shortest.stripTrailingZeros();
    if (digits.precision() > PRECISION + 1) {
      digits = exact.round(new MathContext(PRECISION + 1, RoundingMode.HALF_EVEN))
          .stripTrailingZeros();
    }
    String unscaled = digits.unscaledValue().abs().toString();
    long exponent = (long) unscaled.length() - 1 - digits.scale();
    StringBuilder sb = new StringBuilder();
    if (digits.signum() < 0) {
      sb.append('-');
    }
    sb.append(unscaled.charAt(0)).append('.').append(unscaled, 1, unscaled.length());
    sb.append('e').append(exponent < 0 ? '-' : '+');
    String e = Long.toString(Math.abs(exponent));
    if (e.length() < 2) {
      sb.append('0');
    }
    return sb.append(e).toString();
  }
}
