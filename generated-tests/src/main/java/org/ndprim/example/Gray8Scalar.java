package org.ndprim.example;

import org.ndprim.NdScalar;

/**
 * An 8-bit gray level with a no-data value, as raster libraries keep one (GDAL's
 * {@code NoDataValue}): stored as a {@code byte}, read and written as the {@code int} 0..255,
 * where 255 marks a pixel without a measurement and 0..254 are levels. Declared as a user of
 * ndprim declares a type whose ufuncs are not NumPy's {@code uint8} ones: the spec implements
 * {@code add}, {@code equal} and {@code isnan} itself ({@link NdScalar.Ufunc}), and every other
 * ufunc computes in {@code int} and stores through {@link #toStorage}, which wraps as NumPy's
 * {@code uint8} cast does.
 */
@NdScalar(name = "Gray8", storage = byte.class, logical = int.class, dtype = "|u1")
final class Gray8Scalar {
  /** The no-data value. */
  static final int NO_DATA = 255;

  private Gray8Scalar() {}

  static int toLogical(byte stored) {
    return Byte.toUnsignedInt(stored);
  }

  /** Keeps the low 8 bits, as NumPy's cast to {@code uint8}. */
  static byte toStorage(int value) {
    return (byte) value;
  }

  /**
   * Adds two levels, saturating at 254, the brightest level; no data in either gives no data.
   *
   * @param x a level or {@link #NO_DATA}
   * @param y a level or {@link #NO_DATA}
   * @return the saturated sum, or {@link #NO_DATA}
   */
  @NdScalar.Ufunc("add")
  static int addSaturating(int x, int y) {
    return x == NO_DATA || y == NO_DATA ? NO_DATA : Math.min(x + y, NO_DATA - 1);
  }

  /**
   * Compares as NumPy compares NaN: no data equals nothing, itself included.
   *
   * @param x a level or {@link #NO_DATA}
   * @param y a level or {@link #NO_DATA}
   * @return whether both are the same level
   */
  @NdScalar.Ufunc("equal")
  static boolean sameLevel(int x, int y) {
    return x == y && x != NO_DATA;
  }

  /**
   * Tells the pixels without data, as {@code np.isnan} tells NaN.
   *
   * @param x a level or {@link #NO_DATA}
   * @return whether {@code x} is {@link #NO_DATA}
   */
  @NdScalar.Ufunc("isnan")
  static boolean noData(int x) {
    return x == NO_DATA;
  }
}
