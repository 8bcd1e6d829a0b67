package org.ndprim;

/**
 * NumPy's {@code uint64} on Java's {@code long}: a {@code UInt64NdArray} stores and returns the
 * 64 bits of each element, and these methods read them as the unsigned value in
 * {@code [0, 2^64)}. Addition, subtraction and multiplication need nothing special (two's
 * complement wraps modulo 2^64 as {@code uint64} does); comparison, division, text and conversion
 * to and from floating point do.
 */
public final class Unsigned {
  private static final double TWO_63 = 0x1p63;

  private Unsigned() {}

  /**
   * Compares two {@code uint64} values, as {@link Long#compareUnsigned}.
   *
   * @param a the first value's bits
   * @param b the second value's bits
   * @return negative, zero or positive as {@code a} is below, equal to or above {@code b}
   */
  public static int compare(long a, long b) {
    return Long.compareUnsigned(a, b);
  }

  /**
   * Returns the decimal text of a {@code uint64} value, as NumPy prints it.
   *
   * @param bits the value's bits
   * @return e.g. {@code "18446744073709551615"} for {@code -1L}
   */
  public static String toString(long bits) {
    return Long.toUnsignedString(bits);
  }

  /**
   * Returns the {@code double} nearest to a {@code uint64} value (ties to even), as NumPy casts
   * {@code uint64} to {@code float64}: one rounding.
   *
   * @param bits the value's bits
   * @return the rounded value, in {@code [0, 2^64]}
   */
  public static double toDouble(long bits) {
    if (bits >= 0) {
      return bits;
    }
    // Halve with the lost bit kept as a sticky bit, so that the one rounding of the conversion
    // sees every bit that matters; doubling is then exact.
    return (double) ((bits >>> 1) | (bits & 1)) * 2.0;
  }

  /**
   * Returns the {@code float} nearest to a {@code uint64} value (ties to even), as NumPy casts
   * {@code uint64} to {@code float32}: one rounding, not through {@code double}.
   *
   * @param bits the value's bits
   * @return the rounded value, in {@code [0, 2^64]}
   */
  public static float toFloat(long bits) {
    if (bits >= 0) {
      return bits;
    }
    return (float) ((bits >>> 1) | (bits & 1)) * 2.0f;
  }

  /**
   * Returns the bits of the {@code uint64} a {@code double} truncates to, as NumPy casts
   * {@code float64} to {@code uint64} for values in {@code (-2^63, 2^64)}: toward zero, negative
   * values wrapping modulo 2^64 ({@code -1.0} gives {@code 2^64 - 1}), as NumPy does on x86-64.
   * Outside that range NumPy's result is left to the platform; here NaN gives 0, values of at
   * least {@code 2^64} (and {@code +inf}) give {@code 2^64 - 1}, and values of at most
   * {@code -2^63} (and {@code -inf}) give {@code 2^63}, Java's saturating conversion extended to
   * the unsigned range.
   *
   * @param value the value
   * @return the bits of the {@code uint64}
   */
  public static long fromDouble(double value) {
    if (value >= TWO_63) {
      return value >= 2 * TWO_63 ? -1L : (long) (value - TWO_63) ^ Long.MIN_VALUE;
    }
    return (long) value;
  }
}
