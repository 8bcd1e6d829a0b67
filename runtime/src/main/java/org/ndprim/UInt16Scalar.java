package org.ndprim;

/**
 * Built-in spec of {@code UInt16NdArray}: NumPy's {@code uint16} ({@code <u2}), e.g. 16-bit
 * depth maps and medical images. Elements are stored as the 16 bits of a {@code short} and read
 * and written as the {@code int} 0 to 65535. {@code Npy.read} returns this type for {@code <u2}
 * files; {@code CharNdArray} reads the same bytes as Java {@code char}s.
 *
 * <p>Writing a value outside 0 to 65535 throws {@link IllegalArgumentException}, as NumPy 2
 * refuses out-of-bounds Python integers; {@code astype} wraps modulo 65536, as NumPy's does.
 */
@NdScalar(name = "UInt16", storage = short.class, logical = int.class, dtype = "<u2")
final class UInt16Scalar {
  private UInt16Scalar() {}

  /** Reads the stored bits as 0 to 65535. */
  static int toLogical(short bits) {
    return bits & 0xFFFF;
  }

  /**
   * Stores a value of 0 to 65535.
   *
   * @throws IllegalArgumentException if the value is outside 0 to 65535
   */
  static short toStorage(int value) {
    if ((value & ~0xFFFF) != 0) {
      throw new IllegalArgumentException(
          "value " + value + " is out of bounds for uint16 (0 to 65535)");
    }
    return (short) value;
  }

  /** NumPy's {@code int64} to {@code uint16}: the low 16 bits. */
  static int fromLong(long value) {
    return (int) (value & 0xFFFF);
  }

  /**
   * NumPy's {@code float64} to {@code uint16}: truncated toward zero, then the low 16 bits; NaN
   * is 0 and values beyond the {@code long} range saturate before wrapping.
   */
  static int fromDouble(double value) {
    return (int) ((long) value & 0xFFFF);
  }
}
