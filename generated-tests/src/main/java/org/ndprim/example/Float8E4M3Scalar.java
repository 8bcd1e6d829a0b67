package org.ndprim.example;

import org.ndprim.NdScalar;

/**
 * An 8-bit float, ml_dtypes' {@code float8_e4m3fn} (the OCP FP8 E4M3 format used for ML weights
 * and activations), declared as a user of ndprim would declare a scalar type that neither Java
 * nor ndprim ships: the processor generates {@code Float8E4M3NdArray} and its implementations over
 * every storage from this class.
 *
 * <p>Elements are stored as one byte (1 sign, 4 exponent bits with bias 7, 3 significand bits)
 * and read and written as {@code float}. There are no infinities: the largest finite value is
 * 448, and {@code S.1111.111} is NaN. The conversions are ml_dtypes': narrowing rounds to
 * nearest, ties to even; a value beyond 448 after rounding, an infinity or a NaN becomes NaN
 * with the sign kept. {@code np.save} writes the dtype as {@code '<V1'}, as for every ml_dtypes
 * type, and so does ndprim; read such files with {@code Npy.read(path, Float8E4M3NdArray.TYPE)}.
 *
 * <p>Elements print as ml_dtypes prints them ({@code %g}), without alignment.
 */
@NdScalar(name = "Float8E4M3", storage = byte.class, logical = float.class, dtype = "<V1")
final class Float8E4M3Scalar {
  private static final int SIGN = 0x80;
  private static final int NAN = 0x7F;
  private static final float MAX = 448f;
  /** The exponent of the smallest normal value, 2^-6. */
  private static final int MIN_EXPONENT = -6;

  private Float8E4M3Scalar() {}

  /**
   * Widens the stored bits to the {@code float} of the same value (exact).
   *
   * @param bits the float8 bits
   * @return the value; {@code 0x7F} and {@code 0xFF} are NaN
   */
  static float toLogical(byte bits) {
    int b = bits & 0xFF;
    int exponent = (b >>> 3) & 0xF;
    int significand = b & 0x7;
    float magnitude;
    if (exponent == 0xF && significand == 0x7) {
      magnitude = Float.NaN;
    } else if (exponent == 0) {
      magnitude = significand * 0x1p-9f;
    } else {
      magnitude = Math.scalb(1f + significand / 8f, exponent - 7);
    }
    return (b & SIGN) != 0 ? -magnitude : magnitude;
  }

  /**
   * Narrows a {@code float} to float8 bits, rounding to nearest with ties to even.
   *
   * @param value the value
   * @return the bits: NaN for a NaN, an infinity or a value beyond 448 after rounding
   */
  static byte toStorage(float value) {
    int sign = Float.floatToRawIntBits(value) >>> 24 & SIGN;
    if (Float.isNaN(value) || Float.isInfinite(value)) {
      return (byte) (sign | NAN);
    }
    float magnitude = Math.abs(value);
    // The spacing of float8 values at this magnitude: 2^(e - 3) for normals, 2^-9 below.
    int quantum = Math.max(Math.getExponent(magnitude), MIN_EXPONENT) - 3;
    float rounded = Math.scalb((float) Math.rint(Math.scalb(magnitude, -quantum)), quantum);
    if (rounded > MAX) {
      return (byte) (sign | NAN);
    }
    if (rounded < 0x1p-6f) {
      return (byte) (sign | (int) (rounded * 512f));  // subnormal or zero: units of 2^-9
    }
    int exponent = Math.getExponent(rounded);
    int significand = (int) (Math.scalb(rounded, -exponent) * 8f) - 8;
    return (byte) (sign | (exponent + 7) << 3 | significand);
  }

  /**
   * Formats a value as ml_dtypes prints a float8: C's {@code %g} with 6 significant digits.
   *
   * @param value a value read from float8 storage
   * @return e.g. {@code "0.101562"}, {@code "448"}, {@code "nan"}
   */
  static String format(float value) {
    return org.ndprim.text.Formats.formatGeneral(value, 6);
  }
}
