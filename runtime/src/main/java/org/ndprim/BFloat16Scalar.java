package org.ndprim;

/**
 * Built-in spec of {@code BFloat16NdArray}: Google's brain floating point, as the Python package
 * ml_dtypes defines {@code bfloat16} (used by JAX, TensorFlow and PyTorch): the upper 16 bits of
 * an IEEE binary32 (1 sign, 8 exponent and 7 significand bits), stored in a {@code short} and read
 * and written as {@code float}. Declared exactly as a user would.
 *
 * <p><b>dtype.</b> NumPy has no descriptor for bfloat16: {@code np.save} of an ml_dtypes array
 * writes {@code '<V2'} (two opaque bytes) and {@code np.load} gives it back as {@code |V2};
 * {@code arr.view(ml_dtypes.bfloat16)} recovers the values. ndprim writes {@code '<V2'} too, and
 * reads 2-byte void data as bfloat16, as JAX's {@code jnp.load} does.
 *
 * <p><b>Conversions</b>, as ml_dtypes': narrowing a {@code float} rounds to nearest, ties to even,
 * on the bits (overflow gives infinity, subnormals are kept); a NaN becomes the quiet NaN
 * {@code 0x7FC0} with its sign. Casts from {@code float64} and {@code int64} go through
 * {@code float32}, as ml_dtypes' do (so they may round twice: {@code 1 + 2^-8 + 2^-40} becomes
 * {@code 1.0}), which is the generated default for a {@code float} logical type.
 *
 * <p><b>Text</b>, as ml_dtypes prints: each element as C++'s {@code std::ostream} prints the
 * {@code float} (six significant digits: {@code 0.100098}, {@code 300}, {@code 1.54743e+26}).
 */
@NdScalar(name = "BFloat16", storage = short.class, logical = float.class, dtype = "<V2")
final class BFloat16Scalar {
  private static final int QUIET_NAN = 0x7FC0;

  private BFloat16Scalar() {}

  /**
   * Widens bfloat16 bits to the {@code float} of the same value (exact).
   *
   * @param bits the bfloat16 bits
   * @return the value
   */
  static float toLogical(short bits) {
    return Float.intBitsToFloat(bits << 16);
  }

  /**
   * Narrows a {@code float} to bfloat16 bits, rounding to nearest with ties to even.
   *
   * @param value the value
   * @return the bits; a NaN gives {@code 0x7FC0} or {@code 0xFFC0}
   */
  static short toStorage(float value) {
    int f = Float.floatToRawIntBits(value);
    if (Float.isNaN(value)) {
      return (short) ((f >>> 16) & 0x8000 | QUIET_NAN);
    }
    // Adding just under half an ulp, plus the lowest kept bit, rounds half to even; a carry
    // steps the exponent (and from the largest finite value to infinity).
    return (short) ((f + 0x7FFF + ((f >>> 16) & 1)) >>> 16);
  }

  /**
   * Formats a value as ml_dtypes prints a bfloat16: C's {@code %g} with 6 significant digits.
   *
   * @param value a value read from bfloat16 storage
   * @return e.g. {@code "0.100098"}, {@code "300"}, {@code "nan"}, {@code "-inf"}
   */
  static String format(float value) {
    return org.ndprim.text.Formats.formatGeneral(value, 6);
  }
}
