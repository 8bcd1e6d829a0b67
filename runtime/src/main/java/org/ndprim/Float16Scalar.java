package org.ndprim;

/**
 * Built-in spec of {@code Float16NdArray}: IEEE 754 binary16 ("half precision", NumPy
 * {@code float16}, {@code <f2}), declared exactly as a user of ndprim would: elements are stored
 * as their 16 bits in a {@code short} and read and written as {@code float}.
 *
 * <p>The conversions are hand-written because {@code Float.float16ToFloat} only exists from
 * JDK 20. They match NumPy's {@code npy_halfbits_to_floatbits}, {@code npy_floatbits_to_halfbits}
 * and {@code npy_doublebits_to_halfbits}: widening is exact; narrowing, from {@code float} or
 * directly from {@code double} (one rounding, so {@code astype} from {@code float64} does not
 * round twice), rounds to nearest, ties to even, produces subnormals, overflows to infinity, and
 * keeps the sign and the top payload bits of a NaN.
 *
 * <p>Elements print as NumPy prints {@code float16} (its per-array {@code FloatingFormat} with the
 * shortest digits that identify each binary16 value: {@code 0.1}, where the float itself would
 * print {@code 0.09997559}), because the dtype is NumPy's {@code f2}.
 */
@NdScalar(name = "Float16", storage = short.class, logical = float.class, dtype = "<f2")
final class Float16Scalar {
  private static final int SIGN = 0x8000;
  private static final int EXPONENT = 0x7C00;
  private static final int SIGNIFICAND = 0x03FF;
  /** binary32 bias 127 minus binary16 bias 15. */
  private static final int BIAS_DELTA = 112;
  /** binary64 bias 1023 minus binary16 bias 15. */
  private static final int DOUBLE_BIAS_DELTA = 1008;

  private Float16Scalar() {}

  /**
   * Widens binary16 bits to the {@code float} of exactly the same value.
   *
   * @param bits the binary16 bits
   * @return the value; a NaN keeps its sign and payload
   */
  static float toLogical(short bits) {
    int sign = (bits & SIGN) << 16;
    int exponent = (bits & EXPONENT) >>> 10;
    int significand = bits & SIGNIFICAND;
    if (exponent == 0x1F) {
      return Float.intBitsToFloat(sign | 0x7F80_0000 | significand << 13);
    }
    if (exponent == 0) {
      // Zero or subnormal: significand * 2^-24, exact in float.
      float magnitude = significand * 0x1p-24f;
      return sign == 0 ? magnitude : -magnitude;
    }
    return Float.intBitsToFloat(sign | (exponent + BIAS_DELTA) << 23 | significand << 13);
  }

  /**
   * Narrows a {@code float} to binary16 bits, rounding to nearest with ties to even.
   *
   * @param value the value
   * @return the bits: infinity beyond the binary16 range, a subnormal or signed zero below it
   */
  static short toStorage(float value) {
    if (Float.isNaN(value)) {
      // Before widening: float-to-double conversion quiets a signalling NaN's payload.
      int f = Float.floatToRawIntBits(value);
      int payload = (f & 0x7F_FFFF) >>> 13;
      return (short) ((f >>> 16) & SIGN | EXPONENT | (payload == 0 ? 1 : payload));
    }
    return bitsOf(value);
  }

  /**
   * NumPy's {@code float64} to {@code float16}: the nearest binary16 value, in one rounding (not
   * through {@code float}), as a {@code float} (which holds it exactly).
   *
   * @param value the value
   * @return the rounded value
   */
  static float fromDouble(double value) {
    return toLogical(bitsOf(value));
  }

  /**
   * NumPy's {@code int64} to {@code float16}: the nearest binary16 value. Through {@code double},
   * exact below 2^53; every larger magnitude is infinity in binary16 either way.
   *
   * @param value the value
   * @return the rounded value
   */
  static float fromLong(long value) {
    return fromDouble((double) value);
  }

  /** Rounds a {@code double} (every {@code float} is one exactly) to binary16 bits. */
  private static short bitsOf(double value) {
    long d = Double.doubleToRawLongBits(value);
    int sign = (int) (d >>> 48) & SIGN;
    int exponent = (int) (d >>> 52) & 0x7FF;
    long significand = d & 0xF_FFFF_FFFF_FFFFL;
    if (exponent == 0x7FF) {
      if (significand == 0) {
        return (short) (sign | EXPONENT);
      }
      // NaN: keep the top payload bits, and at least one so it stays a NaN.
      int payload = (int) (significand >>> 42);
      return (short) (sign | EXPONENT | (payload == 0 ? 1 : payload));
    }
    int halfExponent = exponent - DOUBLE_BIAS_DELTA;
    if (halfExponent >= 0x1F) {
      return (short) (sign | EXPONENT);
    }
    if (halfExponent <= 0) {
      // Subnormal (or zero): units of 2^-24 are the full significand shifted right.
      int shift = 1051 - exponent;
      if (shift >= 64) {
        return (short) sign;
      }
      long full = significand | 1L << 52;
      return (short) (sign | roundHalfEven(full >>> shift, full & ((1L << shift) - 1),
          1L << (shift - 1)));
    }
    long bits = (long) halfExponent << 10 | significand >>> 42;
    // A carry out of the significand steps the exponent, and from the largest finite to infinity.
    return (short) (sign | roundHalfEven(bits, significand & ((1L << 42) - 1), 1L << 41));
  }

  private static int roundHalfEven(long truncated, long remainder, long half) {
    boolean up = remainder > half || (remainder == half && (truncated & 1) != 0);
    return (int) (up ? truncated + 1 : truncated);
  }
}
