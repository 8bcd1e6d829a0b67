package org.ndprim.ufunc;

/**
 * NumPy's floating-point operations where Java has no operator or method of the same result,
 * for generated kernels: {@code floor_divide} and {@code remainder} ({@code npy_divmod} of
 * {@code npymath}), the NaN rules of {@code maximum}/{@code minimum} (NaN propagates) and
 * {@code fmax}/{@code fmin} (NaN ignored), {@code sign}, {@code trunc}, {@code exp2},
 * {@code log2}. The {@code float} forms compute in {@code float}, as NumPy's single-precision
 * loops do.
 */
public final class FloatMath {
  private static final double LN2 = 0.6931471805599453;

  private FloatMath() {}

  /**
   * {@return {@code a // b} as NumPy's {@code floor_divide}: {@code a / b} when {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static double floorDivide(double a, double b) {
    if (b == 0) {
      return a / b;
    }
    double mod = a % b;
    double div = (a - mod) / b;
    if (mod != 0) {
      if ((b < 0) != (mod < 0)) {
        div -= 1.0;
      }
    }
    if (div != 0) {
      double floor = Math.floor(div);
      if (div - floor > 0.5) {
        floor += 1.0;
      }
      return floor;
    }
    return Math.copySign(0.0, a / b);
  }

  /**
   * {@return {@code a // b} in {@code float}, as NumPy's {@code floor_divide}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static float floorDivide(float a, float b) {
    if (b == 0) {
      return a / b;
    }
    float mod = a % b;
    float div = (a - mod) / b;
    if (mod != 0) {
      if ((b < 0) != (mod < 0)) {
        div -= 1.0f;
      }
    }
    if (div != 0) {
      float floor = (float) Math.floor(div);
      if (div - floor > 0.5f) {
        floor += 1.0f;
      }
      return floor;
    }
    return Math.copySign(0.0f, a / b);
  }

  /**
   * {@return {@code a % b} as NumPy's {@code remainder}: the sign of {@code b} (a zero result
   * takes {@code b}'s sign); {@code fmod(a, b)}, NaN, when {@code b == 0}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static double remainder(double a, double b) {
    double mod = a % b;
    if (b == 0) {
      return mod;
    }
    if (mod != 0) {
      if ((b < 0) != (mod < 0)) {
        mod += b;
      }
    } else {
      mod = Math.copySign(0.0, b);
    }
    return mod;
  }

  /**
   * {@return {@code a % b} in {@code float}, as NumPy's {@code remainder}}
   *
   * @param a the dividend
   * @param b the divisor
   */
  public static float remainder(float a, float b) {
    float mod = a % b;
    if (b == 0) {
      return mod;
    }
    if (mod != 0) {
      if ((b < 0) != (mod < 0)) {
        mod += b;
      }
    } else {
      mod = Math.copySign(0.0f, b);
    }
    return mod;
  }

  /**
   * {@return {@code a ** b} as C's {@code pow}: {@link StrictMath#pow}, except that
   * {@code 1 ** b} is 1 for every {@code b} (NaN too) and {@code (-1) ** ±inf} is 1, where Java's
   * {@code pow} gives NaN}
   *
   * @param a the base
   * @param b the exponent
   */
  public static double power(double a, double b) {
    if (a == 1.0 || a == -1.0 && Double.isInfinite(b)) {
      return 1.0;
    }
    return StrictMath.pow(a, b);
  }

  /**
   * {@return {@code a ** b} as C's {@code powf}: {@link #power(double, double)} rounded to
   * {@code float}}
   *
   * @param a the base
   * @param b the exponent
   */
  public static float power(float a, float b) {
    return (float) power((double) a, (double) b);
  }

  /**
   * {@return NumPy's {@code sign}: -1, 0 (also for -0.0) or 1; NaN for NaN}
   *
   * @param x the value
   */
  public static double sign(double x) {
    return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x;
  }

  /**
   * {@return NumPy's {@code sign} in {@code float}}
   *
   * @param x the value
   */
  public static float sign(float x) {
    return x > 0 ? 1.0f : x < 0 ? -1.0f : x == 0 ? 0.0f : x;
  }

  /**
   * {@return NumPy's {@code maximum}: NaN if either is NaN; of equal values (0.0 and -0.0)
   * {@code b}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static double maximum(double a, double b) {
    return a > b || a != a ? a : b;
  }

  /**
   * {@return NumPy's {@code maximum} in {@code float}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static float maximum(float a, float b) {
    return a > b || a != a ? a : b;
  }

  /**
   * {@return NumPy's {@code minimum}: NaN if either is NaN; of equal values {@code b}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static double minimum(double a, double b) {
    return a < b || a != a ? a : b;
  }

  /**
   * {@return NumPy's {@code minimum} in {@code float}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static float minimum(float a, float b) {
    return a < b || a != a ? a : b;
  }

  /**
   * {@return NumPy's {@code fmax}: the other value where one is NaN; of equal values {@code b}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static double fmax(double a, double b) {
    return a > b || b != b ? a : b;
  }

  /**
   * {@return NumPy's {@code fmax} in {@code float}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static float fmax(float a, float b) {
    return a > b || b != b ? a : b;
  }

  /**
   * {@return NumPy's {@code fmin}: the other value where one is NaN; of equal values {@code b}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static double fmin(double a, double b) {
    return a < b || b != b ? a : b;
  }

  /**
   * {@return NumPy's {@code fmin} in {@code float}}
   *
   * @param a the first value
   * @param b the second value
   */
  public static float fmin(float a, float b) {
    return a < b || b != b ? a : b;
  }

  /**
   * {@return {@code x} rounded toward zero, as C's {@code trunc}}
   *
   * @param x the value
   */
  public static double trunc(double x) {
    return x < 0 ? Math.ceil(x) : Math.floor(x);
  }

  /**
   * {@return {@code x} rounded toward zero}
   *
   * @param x the value
   */
  public static float trunc(float x) {
    return (float) (x < 0 ? Math.ceil(x) : Math.floor(x));
  }

  /**
   * {@return {@code 2 ** x}, {@link StrictMath#pow}: exact for integral {@code x}}
   *
   * @param x the exponent
   */
  public static double exp2(double x) {
    return StrictMath.pow(2.0, x);
  }

  /**
   * {@return {@code 2 ** x} rounded to {@code float}}
   *
   * @param x the exponent
   */
  public static float exp2(float x) {
    return (float) StrictMath.pow(2.0, x);
  }

  /**
   * {@return the base-2 logarithm: exact for powers of two, else {@code log(x) / log(2)}}
   *
   * @param x the value
   */
  public static double log2(double x) {
    if (x > 0 && x < Double.POSITIVE_INFINITY) {
      long bits = Double.doubleToRawLongBits(x);
      if ((bits & 0x000F_FFFF_FFFF_FFFFL) == 0 && (bits >>> 52) != 0) {
        return (int) (bits >>> 52) - 1023;
      }
    }
    return StrictMath.log(x) / LN2;
  }

  /**
   * {@return the base-2 logarithm, rounded to {@code float}}
   *
   * @param x the value
   */
  public static float log2(float x) {
    return (float) log2((double) x);
  }
}
