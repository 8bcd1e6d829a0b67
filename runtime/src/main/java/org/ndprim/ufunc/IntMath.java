package org.ndprim.ufunc;

/**
 * NumPy's integer arithmetic where Java's operators differ, for generated kernels: division and
 * remainder by zero give 0 (NumPy warns, ndprim does not), floor division and remainder round
 * toward negative infinity, shifts by a count outside {@code [0, bits)} give 0 (or -1 for a
 * negative signed value shifted right), and {@code power} wraps. Results are exact values in a
 * {@code long} (or {@code int}) that the kernel narrows to its type, which wraps as NumPy's C
 * types do.
 */
public final class IntMath {
  private IntMath() {}

  /**
   * {@return {@code a // b} as NumPy's {@code floor_divide}: 0 when {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static int floorDivide(int a, int b) {
    return b == 0 ? 0 : Math.floorDiv(a, b);
  }

  /**
   * {@return {@code a // b} as NumPy's {@code floor_divide}: 0 when {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static long floorDivide(long a, long b) {
    return b == 0 ? 0 : Math.floorDiv(a, b);
  }

  /**
   * {@return {@code a % b} as NumPy's {@code remainder}: the sign of {@code b}, 0 when
   * {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static int remainder(int a, int b) {
    return b == 0 ? 0 : Math.floorMod(a, b);
  }

  /**
   * {@return {@code a % b} as NumPy's {@code remainder}: the sign of {@code b}, 0 when
   * {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static long remainder(long a, long b) {
    return b == 0 ? 0 : Math.floorMod(a, b);
  }

  /**
   * {@return {@code a // b} of two {@code uint64} values (their bits), 0 when {@code b == 0}}
   *
   * @param a the dividend's bits
   * @param b the divisor's bits
   */
  public static long divideUnsigned(long a, long b) {
    return b == 0 ? 0 : Long.divideUnsigned(a, b);
  }

  /**
   * {@return {@code a % b} of two {@code uint64} values (their bits), 0 when {@code b == 0}}
   *
   * @param a the dividend's bits
   * @param b the divisor's bits
   */
  public static long remainderUnsigned(long a, long b) {
    return b == 0 ? 0 : Long.remainderUnsigned(a, b);
  }

  /**
   * {@return {@code base ** exp}, wrapping modulo 2^64 (narrowed by the kernel), as NumPy's
   * integer {@code power}; {@code 0 ** 0} is 1}
   *
   * @param base the base
   * @param exp the exponent, not negative
   * @throws ArithmeticException if {@code exp < 0}, with NumPy's message
   */
  public static long power(long base, long exp) {
    if (exp < 0) {
      throw new ArithmeticException("Integers to negative integer powers are not allowed.");
    }
    return powerUnsigned(base, exp);
  }

  /**
   * {@return {@code base ** exp} of {@code uint64} values (their bits), wrapping modulo 2^64}
   *
   * @param base the base's bits
   * @param exp the exponent's bits, read as unsigned
   */
  public static long powerUnsigned(long base, long exp) {
    long result = 1;
    long b = base;
    for (long e = exp; e != 0; e >>>= 1) {
      if ((e & 1) != 0) {
        result *= b;
      }
      b *= b;
    }
    return result;
  }

  /**
   * {@return NumPy's integer {@code reciprocal} of {@code x}: C's {@code 1.0 / x} converted
   * back, so 1 for 1, -1 for -1, 0 for other values, and for 0 the type's minimum where it has
   * 32 or 64 bits and is signed (x86's conversion of infinity), else 0}
   *
   * @param x the value (the bits of a {@code uint64})
   * @param bits the type's width
   * @param signed whether the type is signed
   */
  public static long reciprocal(long x, int bits, boolean signed) {
    if (x == 1) {
      return 1;
    }
    if (signed && x == -1) {
      return -1;
    }
    if (x == 0 && signed && bits >= 32) {
      return bits == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    }
    return 0;
  }

  /**
   * {@return {@code a << b} as NumPy's {@code left_shift}: 0 when the count is negative or at
   * least the type's width}
   *
   * @param a the value, widened
   * @param b the count
   * @param bits the type's width
   */
  public static long shiftLeft(long a, long b, int bits) {
    return b < 0 || b >= bits ? 0 : a << b;
  }

  /**
   * {@return {@code a >> b} as NumPy's {@code right_shift}: arithmetic for signed types; when
   * the count is negative or at least the type's width, -1 for a negative signed value, else 0}
   *
   * @param a the value, widened (the bits of a {@code uint64})
   * @param b the count
   * @param bits the type's width
   * @param signed whether the type is signed
   */
  public static long shiftRight(long a, long b, int bits, boolean signed) {
    if (b < 0 || b >= bits) {
      return signed && a < 0 ? -1 : 0;
    }
    return signed ? a >> b : a >>> b;
  }
}
