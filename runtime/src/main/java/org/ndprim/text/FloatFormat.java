package org.ndprim.text;

/**
 * A binary floating-point format, as far as printing needs it: which values it holds (so the
 * rounding interval of each, for the shortest digits that identify it) and the few thresholds
 * NumPy derives from it.
 *
 * <p>A format holds the values {@code ±m · 2^(e - (p - 1))} for integers {@code 0 <= m < 2^p}
 * and {@code minExponent <= e <= maxExponent}, with {@code m >= 2^(p-1)} unless
 * {@code e == minExponent} (the subnormals): IEEE 754's binary formats, and also narrower ones
 * such as the 8-bit floats ({@code of("e5m2", 3, -14, 15)}). {@code p} is the number of
 * significand bits including the implicit leading bit (NumPy's {@code finfo.nmant + 1}).
 * Values are handed around as {@code double}, so {@code p <= 53} and the range must lie within
 * binary64's.
 *
 * <p>Thresholds, from NumPy 2.x:
 * <ul>
 *   <li>{@link #decimalPrecision()} is {@code finfo(dtype).precision},
 *       {@code floor((p - 1) · log10(2))}: 3, 6 and 15 for binary16, binary32 and binary64;
 *   <li>{@link #arrayExponentialCutoff()}: an array prints in scientific notation when its largest
 *       magnitude is at least {@code 10**min(8, precision)} ({@code FloatingFormat.fillFormat} in
 *       {@code numpy/_core/arrayprint.py}): 1e3, 1e6 and 1e8;
 *   <li>{@link #scalarPositionalLimit()}: a scalar prints positionally below this magnitude
 *       ({@code max_positional} in {@code numpy/_core/src/multiarray/scalartypes.c.src}): 1e3,
 *       1e6 and 1e16; for a format made by {@link #of(String, int, int, int)},
 *       {@code 10**precision}.
 * </ul>
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class FloatFormat {
  /** IEEE 754 binary16, NumPy {@code float16}: 11 significand bits, exponents -14 to 15. */
  public static final FloatFormat BINARY16 = new FloatFormat("binary16", 11, -14, 15, 1e3);
  /** IEEE 754 binary32, NumPy {@code float32}, Java {@code float}: 24 bits, -126 to 127. */
  public static final FloatFormat BINARY32 = new FloatFormat("binary32", 24, -126, 127, 1e6);
  /** IEEE 754 binary64, NumPy {@code float64}, Java {@code double}: 53 bits, -1022 to 1023. */
  public static final FloatFormat BINARY64 = new FloatFormat("binary64", 53, -1022, 1023, 1e16);

  private final String name;
  private final int significandBits;
  private final int minExponent;
  private final int maxExponent;
  private final int decimalPrecision;
  private final double scalarPositionalLimit;
  private final double maxFinite;
  private final double arrayExponentialCutoff;
  private final double arraySmallCutoff;

  private FloatFormat(String name, int significandBits, int minExponent, int maxExponent,
      double scalarPositionalLimit) {
    if (significandBits < 1 || significandBits > 53) {
      throw new IllegalArgumentException(
          "significandBits must be between 1 and 53, got " + significandBits);
    }
    if (minExponent > maxExponent || minExponent < -1022 || maxExponent > 1023) {
      throw new IllegalArgumentException("exponent range [" + minExponent + ", " + maxExponent
          + "] is empty or outside binary64's [-1022, 1023]");
    }
    if (minExponent - (significandBits - 1) < -1074) {
      throw new IllegalArgumentException("the smallest subnormal 2^"
          + (minExponent - (significandBits - 1)) + " is below binary64's 2^-1074");
    }
    this.name = name;
    this.significandBits = significandBits;
    this.minExponent = minExponent;
    this.maxExponent = maxExponent;
    this.scalarPositionalLimit = scalarPositionalLimit;
    this.maxFinite = Math.scalb(2 - Math.scalb(1.0, 1 - significandBits), maxExponent);
    // numpy: precision = int(-log10(eps)), eps = 2^-(p-1)
    this.decimalPrecision = (int) Math.floor((significandBits - 1) * Math.log10(2));
    // NEP 50: the Python float thresholds are converted to the array's dtype before comparing.
    this.arrayExponentialCutoff = round(Math.pow(10, Math.min(8, decimalPrecision)));
    this.arraySmallCutoff = round(1e-4);
  }

  /**
   * Returns a format with the given parameters; its scalars print positionally below
   * {@code 10**decimalPrecision()}.
   *
   * @param name a name for messages, e.g. {@code "float8_e5m2"}
   * @param significandBits {@code p}, the significand bits including the implicit one, 1 to 53
   * @param minExponent the exponent of the smallest normal value, e.g. -14 for binary16
   * @param maxExponent the exponent of the largest finite values, e.g. 15 for binary16
   * @return the format
   * @throws IllegalArgumentException if the format does not fit within binary64
   */
  public static FloatFormat of(String name, int significandBits, int minExponent,
      int maxExponent) {
    int precision = (int) Math.floor((significandBits - 1) * Math.log10(2));
    return new FloatFormat(name, significandBits, minExponent, maxExponent,
        Math.pow(10, Math.max(0, precision)));
  }

  /**
   * Returns a format with the given parameters and scalar positional limit.
   *
   * @param name a name for messages
   * @param significandBits {@code p}, 1 to 53
   * @param minExponent the exponent of the smallest normal value
   * @param maxExponent the exponent of the largest finite values
   * @param scalarPositionalLimit the magnitude from which a scalar prints in scientific notation
   * @return the format
   * @throws IllegalArgumentException if the format does not fit within binary64
   */
  public static FloatFormat of(String name, int significandBits, int minExponent,
      int maxExponent, double scalarPositionalLimit) {
    return new FloatFormat(name, significandBits, minExponent, maxExponent,
        scalarPositionalLimit);
  }

  /** {@return the name, e.g. {@code binary32}} */
  public String name() {
    return name;
  }

  /** {@return {@code p}, the significand bits including the implicit leading one} */
  public int significandBits() {
    return significandBits;
  }

  /** {@return the exponent of the smallest normal value (-126 for binary32)} */
  public int minExponent() {
    return minExponent;
  }

  /** {@return the exponent of the largest finite values (127 for binary32)} */
  public int maxExponent() {
    return maxExponent;
  }

  /** {@return NumPy's {@code finfo.precision}, {@code floor((p - 1) · log10(2))}} */
  public int decimalPrecision() {
    return decimalPrecision;
  }

  /** {@return the magnitude from which a scalar of this format prints in scientific notation} */
  public double scalarPositionalLimit() {
    return scalarPositionalLimit;
  }

  /** {@return {@code 10**min(8, decimalPrecision())} in this format (NumPy's array cutoff)} */
  public double arrayExponentialCutoff() {
    return arrayExponentialCutoff;
  }

  /** {@return the largest finite value} */
  public double maxFinite() {
    return maxFinite;
  }

  /**
   * {@return true if {@code value} is a value of this format (any NaN or infinity is)}
   *
   * @param value the value
   */
  public boolean holds(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
      return true;
    }
    return decompose(Math.abs(value)) != null;
  }

  /**
   * Rounds a double to this format: to nearest, ties to even, with gradual underflow, and to
   * infinity from {@code maxFinite} plus half its spacing on (IEEE 754 overflow).
   *
   * @param value any double
   * @return the nearest value of this format
   */
  public double round(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
      return value;
    }
    double magnitude = Math.abs(value);
    int exponent = Math.max(Math.getExponent(magnitude), minExponent);
    int quantum = exponent - (significandBits - 1);
    // magnitude / 2^quantum is exact (a power-of-two scaling staying within binary64)
    double units = Math.rint(Math.scalb(magnitude, -quantum));
    double rounded = Math.scalb(units, quantum);
    if (rounded > maxFinite) {
      rounded = Double.POSITIVE_INFINITY;
    }
    return Math.copySign(rounded, value);
  }

  /**
   * NumPy's {@code max / min} in this dtype: binary64 divides in double, narrower formats in
   * float (NumPy's float16 loops compute in float32 and round the result to float16).
   */
  double divide(double dividend, double divisor) {
    if (significandBits > 24) {
      return round(dividend / divisor);
    }
    return round((float) dividend / (float) divisor);
  }

  /** {@code 1e-4} in this format (NumPy compares {@code min < 0.0001} in the array's dtype). */
  double arraySmallCutoff() {
    return arraySmallCutoff;
  }

  /**
   * Splits a positive finite value into {@code m · 2^q} with {@code m < 2^p} as this format
   * stores it, or returns null if this format does not hold the value.
   *
   * @return {@code {m, q, unequal}} where unequal is 1 when the gap below the value is half the
   *     gap above it (an exact power of two above the smallest normal)
   */
  long[] decompose(double magnitude) {
    long bits = Double.doubleToRawLongBits(magnitude);
    int field = (int) (bits >>> 52) & 0x7FF;
    long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
    int exponent;
    if (field == 0) {
      exponent = -1074;
    } else {
      mantissa |= 1L << 52;
      exponent = field - 1075;
    }
    int log2 = exponent + 63 - Long.numberOfLeadingZeros(mantissa);
    if (log2 > maxExponent) {
      return null;
    }
    int quantum = Math.max(log2, minExponent) - (significandBits - 1);
    long m;
    if (exponent >= quantum) {
      m = mantissa << (exponent - quantum);
    } else {
      int shift = quantum - exponent;
      if (shift >= 64 || (mantissa & ((1L << shift) - 1)) != 0) {
        return null;
      }
      m = mantissa >>> shift;
    }
    boolean unequal = m == 1L << (significandBits - 1) && log2 > minExponent;
    return new long[] {m, quantum, unequal ? 1 : 0};
  }

  @Override
  public String toString() {
    return name + "(p=" + significandBits + ", e=" + minExponent + ".." + maxExponent + ")";
  }
}
