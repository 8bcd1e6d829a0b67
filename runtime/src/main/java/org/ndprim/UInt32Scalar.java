package org.ndprim;

/**
 * Built-in spec of {@code UInt32NdArray}: NumPy's {@code uint32} ({@code <u4}). Elements are
 * stored as the 32 bits of an {@code int} and read and written as the {@code long} 0 to
 * 4294967295.
 *
 * <p>Writing a value outside 0 to 2^32 - 1 throws {@link IllegalArgumentException}, as NumPy 2
 * refuses out-of-bounds Python integers; {@code astype} wraps modulo 2^32, as NumPy's does.
 */
@NdScalar(name = "UInt32", storage = int.class, logical = long.class, dtype = "<u4")
final class UInt32Scalar {
  private UInt32Scalar() {}

  /** Reads the stored bits as 0 to 2^32 - 1. */
  static long toLogical(int bits) {
    return Integer.toUnsignedLong(bits);
  }

  /**
   * Stores a value of 0 to 2^32 - 1.
   *
   * @throws IllegalArgumentException if the value is outside that range
   */
  static int toStorage(long value) {
    if ((value & ~0xFFFF_FFFFL) != 0) {
      throw new IllegalArgumentException(
          "value " + value + " is out of bounds for uint32 (0 to 4294967295)");
    }
    return (int) value;
  }

  /** NumPy's {@code int64} to {@code uint32}: the low 32 bits. */
  static long fromLong(long value) {
    return value & 0xFFFF_FFFFL;
  }

  /**
   * NumPy's {@code float64} to {@code uint32}: truncated toward zero, then the low 32 bits (so
   * {@code 3e9} is exact and {@code -1.0} is 2^32 - 1, as NumPy on x86-64); NaN is 0 and values
   * beyond the {@code long} range saturate before wrapping.
   */
  static long fromDouble(double value) {
    return (long) value & 0xFFFF_FFFFL;
  }
}
