package org.ndprim.text;

/**
 * NumPy's {@code FloatingFormat} ({@code numpy/_core/arrayprint.py}) with the default print
 * options ({@code precision=8}, {@code floatmode='maxprec'}, {@code suppress=False},
 * {@code legacy=False}, {@code nanstr='nan'}, {@code infstr='inf'}): one notation and one padding
 * for all the values it is made from (the shown elements of an array), then the text of each.
 *
 * <p>{@code fillFormat}: scientific notation if, over the finite nonzero magnitudes (compared in
 * the array's dtype), the largest is at least {@link FloatFormat#arrayExponentialCutoff()}, the
 * smallest below {@code 1e-4}, or largest / smallest above 1000. Positional: every finite value is
 * printed with at most 8 digits after the point, unique digits, zeros trimmed; the integer and
 * fraction parts give {@code pad_left} and {@code pad_right}. Scientific: unique digits, at most 8
 * after the point; the longest fraction becomes the precision of every element (zero-padded), the
 * longest exponent the exponent width. {@code nan} and {@code inf} are right-aligned to the full
 * width, which grows to hold them (and {@code -inf}, or any sign with {@code sign='+'}).
 */
final class FloatingFormat {
  private static final int PRECISION = 8;

  private final double[] values;
  private final Dragon4[] generators;
  private final boolean plus;
  private final boolean exponential;
  private int padLeft;
  private int padRight;
  private int precision;
  private int expSize;

  /**
   * Makes the format of some values.
   *
   * @param values the values (the shown elements, in any order), each held by {@code format}
   * @param format their floating-point format
   * @param plus NumPy's {@code sign='+'} (used for imaginary parts) rather than {@code '-'}
   */
  FloatingFormat(double[] values, FloatFormat format, boolean plus) {
    this.values = values;
    this.generators = new Dragon4[values.length];
    this.plus = plus;
    double max = 0;
    double min = Double.POSITIVE_INFINITY;
    int finite = 0;
    boolean negativeInfinity = false;
    for (int i = 0; i < values.length; i++) {
      double v = values[i];
      if (Double.isNaN(v) || Double.isInfinite(v)) {
        negativeInfinity |= v == Double.NEGATIVE_INFINITY;
        continue;
      }
      finite++;
      generators[i] = Dragon4.of(v, format);
      double a = Math.abs(v);
      if (a != 0) {
        max = Math.max(max, a);
        min = Math.min(min, a);
      }
    }
    exponential = max != 0 && (max >= format.arrayExponentialCutoff()
        || min < format.arraySmallCutoff() || format.divide(max, min) > 1000);
    if (finite == 0) {
      padLeft = 0;
      padRight = 0;
      expSize = -1;
    } else if (exponential) {
      int fractionMax = 0;
      int exponentMax = 0;
      int intMax = 0;
      for (int i = 0; i < values.length; i++) {
        if (generators[i] == null) {
          continue;
        }
        int[] lengths = Dragon4.scientificLengths(generators[i], negative(values[i]) || plus,
            PRECISION);
        intMax = Math.max(intMax, lengths[0]);
        fractionMax = Math.max(fractionMax, lengths[1]);
        exponentMax = Math.max(exponentMax, lengths[2]);
      }
      expSize = exponentMax;
      precision = fractionMax;
      padLeft = intMax;
      padRight = expSize + 2 + precision;
    } else {
      int intMax = 0;
      int fractionMax = 0;
      for (int i = 0; i < values.length; i++) {
        if (generators[i] == null) {
          continue;
        }
        int[] lengths = Dragon4.positionalLengths(generators[i], negative(values[i]) || plus,
            PRECISION);
        intMax = Math.max(intMax, lengths[0]);
        fractionMax = Math.max(fractionMax, lengths[1]);
      }
      padLeft = intMax;
      padRight = fractionMax;
      expSize = -1;
    }
    if (finite != values.length) {
      int neginf = plus || negativeInfinity ? 1 : 0;
      int offset = padRight + 1;
      padLeft = Math.max(padLeft, Math.max(3 - offset, 3 + neginf - offset));
    }
  }

  private static boolean negative(double v) {
    return Double.doubleToRawLongBits(v) < 0;
  }

  /** Whether the values print in scientific notation. */
  boolean exponential() {
    return exponential;
  }

  /** The text of {@code values[index]}, padded as NumPy's {@code FloatingFormat.__call__}. */
  String format(int index) {
    double v = values[index];
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      String word;
      if (Double.isNaN(v)) {
        word = plus ? "+nan" : "nan";
      } else {
        word = v < 0 ? "-inf" : plus ? "+inf" : "inf";
      }
      int width = padLeft + padRight + 1;
      return word.length() >= width ? word : " ".repeat(width - word.length()) + word;
    }
    if (exponential) {
      return Dragon4.scientific(generators[index], negative(v), plus, precision, precision,
          Dragon4.Trim.KEEP, padLeft, expSize);
    }
    return Dragon4.positional(generators[index], negative(v), plus, true, PRECISION, 0,
        Dragon4.Trim.ZEROS, padLeft, padRight);
  }
}
