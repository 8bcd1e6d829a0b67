package org.ndprim;

/**
 * Built-in spec of {@code UInt8NdArray}: NumPy's {@code uint8} ({@code |u1}), the usual dtype of
 * pictures. Elements are stored as the 8 bits of a {@code byte} and read and written as the
 * {@code int} 0 to 255. Declared exactly as a user would declare an unsigned type.
 *
 * <p>Writing a value outside 0 to 255 ({@code setUInt8(300, ...)}, {@code fill(-1)}) throws
 * {@link IllegalArgumentException}, as NumPy 2 refuses {@code a[0] = 300} ("Python integer 300
 * out of bounds for uint8"); casting with {@code astype} wraps modulo 256, as NumPy's
 * {@code astype} does ({@code -1} becomes 255, {@code 300} becomes 44).
 */
@NdScalar(name = "UInt8", storage = byte.class, logical = int.class, dtype = "|u1")
final class UInt8Scalar {
  private UInt8Scalar() {}

  /** Reads the stored bits as 0 to 255. */
  static int toLogical(byte bits) {
    return bits & 0xFF;
  }

  /**
   * Stores a value of 0 to 255.
   *
   * @throws IllegalArgumentException if the value is outside 0 to 255
   */
  static byte toStorage(int value) {
    if ((value & ~0xFF) != 0) {
      throw new IllegalArgumentException(
          "value " + value + " is out of bounds for uint8 (0 to 255)");
    }
    return (byte) value;
  }

  /** NumPy's {@code int64} to {@code uint8}: the low 8 bits. */
  static int fromLong(long value) {
    return (int) (value & 0xFF);
  }

  /**
   * NumPy's {@code float64} to {@code uint8}: truncated toward zero, then the low 8 bits (so
   * {@code -1.0} is 255, as NumPy on x86-64); NaN is 0 and values beyond the {@code long} range
   * saturate before wrapping (NumPy leaves these to the platform).
   */
  static int fromDouble(double value) {
    return (int) ((long) value & 0xFF);
  }
}
