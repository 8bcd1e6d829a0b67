package org.ndprim;

/**
 * Built-in spec of {@code UInt64NdArray}: NumPy's {@code uint64} ({@code <u8}). Elements are the
 * 64 bits of a {@code long}, read and written as those bits: {@code -1L} is 2^64 - 1. Arithmetic
 * wraps modulo 2^64 as NumPy's does (sums included); ordering ({@code min}, {@code max},
 * {@code argMin}, {@code argMax}), text and casts to and from floating point read the bits as
 * unsigned ({@link Unsigned}).
 */
@NdScalar(name = "UInt64", storage = long.class, dtype = "<u8")
final class UInt64Scalar {
  private UInt64Scalar() {}

  /** Orders as unsigned values. */
  static int compare(long a, long b) {
    return Long.compareUnsigned(a, b);
  }

  /** Prints the unsigned value, as NumPy prints {@code uint64}. */
  static String format(long value) {
    return Long.toUnsignedString(value);
  }

  /** NumPy's {@code float64} to {@code uint64}: see {@link Unsigned#fromDouble}. */
  static long fromDouble(double value) {
    return Unsigned.fromDouble(value);
  }
}
