package org.ndprim.text;

import java.math.BigInteger;

/**
 * The decimal digits of one binary floating-point value as NumPy's Dragon4 generates them in its
 * "unique" digit mode ({@code numpy/_core/src/multiarray/dragon4.c}, after Steele &amp; White and
 * Burger &amp; Dybvig), and the positional and scientific texts NumPy builds from them
 * ({@code FormatPositional}, {@code FormatScientific}). An own implementation over exact
 * {@link BigInteger} arithmetic.
 *
 * <p>The value {@code v = m · 2^q} lies in its rounding interval: half the gap to each
 * neighbour in its format on either side (the gap below is half the gap above at a power of two
 * above the smallest normal), with the bounds included when {@code m} is even (round half to
 * even reads them back as {@code v}). Digits of {@code v} are produced from the first
 * significant one; after each digit, <em>low</em> says that stopping here (the digits so far)
 * stays inside the interval, <em>high</em> that the digits with the last one increased do.
 * Generation stops at the first digit where low or high holds (and at least
 * {@code cutoffMin} digits are out), or at the digit {@code cutoffMax}. The last digit is then
 * rounded: down if only low holds, up if only high does, else to the nearer of the two by the
 * exact remainder, ties to an even digit. So the result is the shortest digit string inside the
 * interval, the closest one to {@code v} when there are two, and at {@code cutoffMax} the
 * correctly rounded value.
 *
 * <p>The loop itself runs in long arithmetic: one exact division (of the value and of both ends
 * of its interval, by {@code 10^(floor(log10 v) - 17)}) gives every digit position down to the
 * 18th significant one, which is always enough for NumPy's cutoffs and for the unique digits of
 * a format of up to 53 bits. A call that would go deeper runs NumPy's digit-by-digit loop over
 * big integers instead ({@link #runDigitByDigit}, which tests compare with the fast one).
 */
final class Dragon4 {
  /** NumPy's trim modes: {@code 'k'}, {@code '.'}, {@code '0'} and {@code '-'}. */
  enum Trim {
    /** Keep trailing zeros and the point ({@code 'k'}, TrimMode_None). */
    KEEP,
    /** Trim trailing zeros, keep the point ({@code '.'}, TrimMode_Zeros). */
    ZEROS,
    /** Trim trailing zeros but one after the point ({@code '0'}, TrimMode_LeaveOneZero). */
    LEAVE_ONE_ZERO,
    /** Trim trailing zeros and a trailing point ({@code '-'}, TrimMode_DptZeros). */
    DPT_ZEROS
  }

  /** NumPy's digit buffer: without a cutoff, generation stops after this many digits. */
  private static final int BUFFER = 16384;
  /** Significant digits of the exact window: 10^18 still fits in a long. */
  private static final int WINDOW = 18;
  private static final double LOG10_2 = Math.log10(2);
  private static final BigInteger TEN = BigInteger.TEN;
  private static final BigInteger[] POW10 = new BigInteger[400];
  private static final long[] POW10_LONG = new long[WINDOW + 1];
  /** 10^i as unsigned 128-bit numbers (high and low 64 bits), i <= 38. */
  private static final long[] POW10_HI = new long[39];
  private static final long[] POW10_LO = new long[39];

  static {
    POW10[0] = BigInteger.ONE;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1].multiply(TEN);
    }
    POW10_LONG[0] = 1;
    for (int i = 1; i < POW10_LONG.length; i++) {
      POW10_LONG[i] = POW10_LONG[i - 1] * 10;
    }
    for (int i = 0; i < POW10_HI.length; i++) {
      POW10_LO[i] = POW10[i].longValue();
      POW10_HI[i] = POW10[i].shiftRight(64).longValue();
    }
  }

  /** Whether the window is computed over big integers only (for tests). */
  private final boolean bigOnly;
  private final boolean zero;
  private final boolean even;
  private final boolean unequal;
  private final long mantissa;
  private final int quantum;
  /** {@code floor(log10(v)) + 1}. */
  private int trueExponent;

  /*
   * The exact window: with P = trueExponent - WINDOW, the value v, the low end A = v - (half gap
   * below) and the high end B = v + (half gap above) of its rounding interval, divided by 10^P.
   * Every digit position p >= P is answered in long arithmetic from these: floor(x / 10^p) is
   * floor(floor(x / 10^P) / 10^(p - P)), and likewise for the ceiling.
   */
  private long windowValue;
  /** Sign of frac(v / 10^P) - 1/2, and whether that fraction is zero. */
  private int windowHalf;
  private boolean windowExact;
  private long lowFloor;
  private long lowCeil;
  private long highFloor;
  private long highCeil;

  /** The digits of the last {@link #run}, and the decimal exponent of the first of them. */
  private String digits;
  private int exponent;

  private Dragon4(boolean zero, long m, int q, boolean unequal, boolean bigOnly) {
    this.bigOnly = bigOnly;
    this.zero = zero;
    this.even = (m & 1) == 0;
    this.unequal = unequal;
    this.mantissa = m;
    this.quantum = q;
    if (!zero) {
      int k = (int) Math.floor(Math.log10((double) m) + q * LOG10_2) + 1;
      // the estimate can be off by one next to a power of ten
      for (int off = window(k); off != 0; off = window(k)) {
        k += off;
      }
      trueExponent = k;
    }
  }

  /**
   * A generator for the magnitude of a finite value of {@code format}.
   *
   * @throws IllegalArgumentException if {@code format} does not hold the value
   */
  static Dragon4 of(double value, FloatFormat format) {
    return of(value, format, false);
  }

  /** {@link #of(double, FloatFormat)}, its window over big integers only if {@code bigOnly}. */
  static Dragon4 of(double value, FloatFormat format, boolean bigOnly) {
    double magnitude = Math.abs(value);
    if (magnitude == 0) {
      return new Dragon4(true, 0, 0, false, bigOnly);
    }
    long[] parts = format.decompose(magnitude);
    if (parts == null) {
      throw new IllegalArgumentException(
          "value " + value + " is not a value of " + format.name());
    }
    return new Dragon4(false, parts[0], (int) parts[1], parts[2] != 0, bigOnly);
  }

  private static BigInteger pow10(int n) {
    return n < POW10.length ? POW10[n] : TEN.pow(n);
  }

  /** The value and its half gaps as integers over a common denominator: {r, s, low, high}. */
  private BigInteger[] scaled() {
    // v = r/s, half gaps low/s below and high/s above (high = 2 low at an exact power of two);
    // all scaled by 2 (or 4) so that they are integers.
    int twice = unequal ? 2 : 1;
    BigInteger m = BigInteger.valueOf(mantissa);
    BigInteger low = quantum >= 0 ? BigInteger.ONE.shiftLeft(quantum) : BigInteger.ONE;
    return new BigInteger[] {
        quantum >= 0 ? m.shiftLeft(quantum + twice) : m.shiftLeft(twice),
        BigInteger.ONE.shiftLeft(quantum >= 0 ? twice : twice - quantum),
        low,
        unequal ? low.shiftLeft(1) : low};
  }

  /**
   * Computes the exact window for {@code trueExponent = k}; returns 0, or +1 (-1) if {@code k}
   * is too small (too large) and nothing was set.
   */
  private int window(int k) {
    int p = k - WINDOW;
    int twice = unequal ? 2 : 1;
    int q = quantum - twice; // v = x 2^q, half gaps 2^q below and (unequal ? 2 : 1) 2^q above
    if (!bigOnly && p <= 0 && -p < POW10_HI.length && q <= 0) {
      long x = mantissa << twice;
      long[] limbs = new long[3];
      if (!quotient(x, -p, -q, limbs)) {
        return 1;
      }
      long value = limbs[0];
      if (value >= POW10_LONG[WINDOW]) {
        return 1;
      }
      if (value < POW10_LONG[WINDOW - 1]) {
        return -1;
      }
      windowValue = value;
      windowHalf = (int) limbs[1];
      windowExact = limbs[2] != 0;
      quotient(x - 1, -p, -q, limbs);
      lowFloor = limbs[0];
      lowCeil = lowFloor + (limbs[2] != 0 ? 0 : 1);
      quotient(x + (unequal ? 2 : 1), -p, -q, limbs);
      highFloor = limbs[0];
      highCeil = highFloor + (limbs[2] != 0 ? 0 : 1);
      return 0;
    }
    return windowExact(k);
  }

  /**
   * {@code floor(x · 10^e / 2^s)} for {@code 0 <= x < 2^63}, {@code e <= 38}, {@code s >= 0}, in
   * 192-bit arithmetic: sets {@code out[0]} to the quotient, {@code out[1]} to the sign of the
   * remainder minus {@code 2^(s-1)}, {@code out[2]} to 1 if the remainder is 0; false if the
   * quotient does not fit in 63 bits.
   */
  private static boolean quotient(long x, int e, int s, long[] out) {
    long lo = POW10_LO[e];
    long hi = POW10_HI[e];
    long p0 = x * lo;
    long a1 = unsignedMultiplyHigh(x, lo);
    long b0 = x * hi;
    long p2 = unsignedMultiplyHigh(x, hi);
    long p1 = a1 + b0;
    if (Long.compareUnsigned(p1, a1) < 0) {
      p2++;
    }
    long[] limbs = {p0, p1, p2};
    if (s >= 192) {
      out[0] = 0;
    } else {
      int w = s >>> 6;
      int b = s & 63;
      long quotient = limbs[w] >>> b;
      long above = 0; // bits above the 64 taken
      if (b != 0 && w < 2) {
        quotient |= limbs[w + 1] << (64 - b);
        above = limbs[w + 1] >>> b;
      } else if (b == 0 && w < 2) {
        above = limbs[w + 1];
      }
      if (w == 0) {
        above |= limbs[2];
      }
      if (quotient < 0 || above != 0) {
        return false;
      }
      out[0] = quotient;
    }
    if (s == 0) {
      out[1] = -1;
      out[2] = 1;
    } else {
      boolean halfBit = bit(limbs, s - 1);
      boolean belowZero = lowZero(limbs, s - 1);
      out[1] = halfBit ? (belowZero ? 0 : 1) : -1;
      out[2] = !halfBit && belowZero ? 1 : 0;
    }
    return true;
  }

  private static boolean bit(long[] limbs, int i) {
    return i < 192 && (limbs[i >>> 6] >>> (i & 63) & 1) != 0;
  }

  /** Whether bits 0 .. n-1 are all zero. */
  private static boolean lowZero(long[] limbs, int n) {
    int full = Math.min(n, 192) >>> 6;
    for (int w = 0; w < full; w++) {
      if (limbs[w] != 0) {
        return false;
      }
    }
    int rest = Math.min(n, 192) & 63;
    return rest == 0 || (limbs[full] & ((1L << rest) - 1)) == 0;
  }

  private static long unsignedMultiplyHigh(long a, long b) {
    return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
  }

  /** {@link #window} over big integers, for any exponent. */
  private int windowExact(int k) {
    BigInteger[] x = scaled();
    BigInteger r = x[0];
    BigInteger s = x[1];
    BigInteger low = x[2];
    int p = k - WINDOW;
    if (p > 0) {
      s = s.multiply(pow10(p));
    } else if (p < 0) {
      BigInteger scale = pow10(-p);
      r = r.multiply(scale);
      low = low.multiply(scale);
    }
    BigInteger high = unequal ? low.shiftLeft(1) : low;
    // s is a power of two unless p > 0: shifts then
    int shift = s.bitCount() == 1 ? s.getLowestSetBit() : -1;
    BigInteger[] qr = divide(r, s, shift);
    if (qr[0].compareTo(POW10[WINDOW]) >= 0) {
      return 1;
    }
    if (qr[0].compareTo(POW10[WINDOW - 1]) < 0) {
      return -1;
    }
    windowValue = qr[0].longValueExact();
    BigInteger rest = qr[1];
    windowExact = rest.signum() == 0;
    windowHalf = rest.shiftLeft(1).compareTo(s);
    // (r - low) / s = windowValue + (rest - low) / s, and likewise for r + high
    qr = divide(rest.subtract(low), s, shift);
    lowFloor = windowValue + qr[0].longValueExact();
    lowCeil = lowFloor + (qr[1].signum() == 0 ? 0 : 1);
    qr = divide(rest.add(high), s, shift);
    highFloor = windowValue + qr[0].longValueExact();
    highCeil = highFloor + (qr[1].signum() == 0 ? 0 : 1);
    return 0;
  }

  /** Floor division with a nonnegative remainder; by a shift when {@code s = 2^shift}. */
  private static BigInteger[] divide(BigInteger x, BigInteger s, int shift) {
    if (shift >= 0) {
      BigInteger q = x.shiftRight(shift); // floors, also for negative x
      return new BigInteger[] {q, x.subtract(q.shiftLeft(shift))};
    }
    BigInteger[] qr = x.divideAndRemainder(s);
    if (qr[1].signum() < 0) {
      qr[0] = qr[0].subtract(BigInteger.ONE);
      qr[1] = qr[1].add(s);
    }
    return qr;
  }

  /** floor(x / 10^j) for x >= 0. */
  private static long floorDiv10(long x, int j) {
    return j > WINDOW ? 0 : x / POW10_LONG[j];
  }

  /** ceil(x / 10^j) for x >= 0. */
  private static long ceilDiv10(long x, int j) {
    if (j > WINDOW) {
      return x > 0 ? 1 : 0;
    }
    long q = x / POW10_LONG[j];
    return q * POW10_LONG[j] == x ? q : q + 1;
  }

  /**
   * Generates the digits for one call of NumPy's {@code Dragon4(...)} in unique mode, and leaves
   * them in {@link #digits()} and {@link #exponent()}.
   *
   * @param fraction true for CutoffMode_FractionLength (cutoffs count digits after the point),
   *     false for CutoffMode_TotalLength (cutoffs count significant digits)
   * @param cutoffMax stop at this many digits; -1 for none
   * @param cutoffMin go on to at least this many digits; -1 for none
   */
  void run(boolean fraction, int cutoffMax, int cutoffMin) {
    if (zero) {
      digits = "0";
      exponent = 0;
      return;
    }
    int k0 = trueExponent;
    if (fraction && cutoffMax >= 0 && k0 <= -cutoffMax) {
      k0 = -cutoffMax + 1; // NumPy starts at the cutoff: the first digit may be a zero
    }
    int maxExp = k0 - BUFFER;
    if (cutoffMax >= 0) {
      maxExp = Math.max(maxExp, fraction ? -cutoffMax : k0 - cutoffMax);
    }
    int minExp = k0;
    if (cutoffMin >= 0) {
      minExp = Math.min(minExp, fraction ? -cutoffMin : k0 - cutoffMin);
    }
    if (!runWindow(k0, maxExp, minExp)) {
      runExact(k0, maxExp, minExp);
    }
  }

  /** The digit loop within the exact window; false if it would go on below the window. */
  private boolean runWindow(int k0, int maxExp, int minExp) {
    int bottom = trueExponent - WINDOW;
    for (int p = k0 - 1; p >= bottom; p--) {
      int j = p - bottom;
      long n = floorDiv10(windowValue, j); // the digits down to position p
      boolean lowOk = even ? n >= ceilDiv10(lowCeil, j) : n > floorDiv10(lowFloor, j);
      boolean highOk = even ? n + 1 <= floorDiv10(highFloor, j) : n + 1 < ceilDiv10(highCeil, j);
      if (!stops(p, lowOk || highOk, maxExp, minExp)) {
        continue;
      }
      boolean roundDown = lowOk;
      if (lowOk == highOk) {
        int half; // sign of frac(v / 10^p) - 1/2
        if (j == 0) {
          half = windowHalf;
        } else if (j > WINDOW) {
          half = -1;
        } else {
          long rest = windowValue % POW10_LONG[j];
          long halfUnit = POW10_LONG[j] / 2;
          half = rest != halfUnit ? Long.compare(rest, halfUnit) : windowExact ? 0 : 1;
        }
        roundDown = half < 0 || (half == 0 && (n & 1) == 0);
      }
      int count = k0 - p;
      if (roundDown) {
        digits = pad(Long.toString(n), count);
        exponent = k0 - 1;
      } else if (n % 10 != 9) {
        digits = pad(Long.toString(n + 1), count);
        exponent = k0 - 1;
      } else {
        String up = Long.toString(n + 1);
        if (up.length() > count) { // all nines: 1 at the next exponent
          digits = "1";
          exponent = k0;
        } else { // the carried nines are dropped
          int end = up.length();
          while (up.charAt(end - 1) == '0') {
            end--;
          }
          digits = pad(up.substring(0, end), count - (up.length() - end));
          exponent = k0 - 1;
        }
      }
      return true;
    }
    return false;
  }

  private static String pad(String s, int width) {
    return s.length() >= width ? s : "0".repeat(width - s.length()) + s;
  }

  /** The digit loop over exact big integers, digit by digit as NumPy's Dragon4. */
  private void runExact(int k0, int maxExp, int minExp) {
    BigInteger[] x = scaled();
    BigInteger r = x[0];
    BigInteger s = x[1];
    BigInteger low = x[2];
    if (k0 > 0) {
      s = s.multiply(pow10(k0));
    } else if (k0 < 0) {
      r = r.multiply(pow10(-k0));
      low = low.multiply(pow10(-k0));
    }
    StringBuilder stored = new StringBuilder(24);
    int digit;
    boolean lowOk;
    boolean highOk;
    for (int p = k0 - 1; ; p--) {
      r = r.multiply(TEN);
      low = low.multiply(TEN);
      BigInteger high = unequal ? low.shiftLeft(1) : low;
      BigInteger[] qr = r.divideAndRemainder(s);
      digit = qr[0].intValue();
      r = qr[1];
      int c = r.compareTo(low);
      lowOk = even ? c <= 0 : c < 0;
      c = r.add(high).compareTo(s);
      highOk = even ? c >= 0 : c > 0;
      if (stops(p, lowOk || highOk, maxExp, minExp)) {
        break;
      }
      stored.append((char) ('0' + digit));
    }
    boolean roundDown = lowOk;
    if (lowOk == highOk) {
      int c = r.shiftLeft(1).compareTo(s);
      roundDown = c < 0 || (c == 0 && (digit & 1) == 0);
    }
    int exp = k0 - 1;
    if (roundDown) {
      stored.append((char) ('0' + digit));
    } else if (digit < 9) {
      stored.append((char) ('0' + digit + 1));
    } else {
      int i = stored.length() - 1;
      while (i >= 0 && stored.charAt(i) == '9') {
        i--;
      }
      if (i < 0) {
        stored.setLength(0);
        stored.append('1');
        exp++;
      } else {
        stored.setCharAt(i, (char) (stored.charAt(i) + 1));
        stored.setLength(i + 1);
      }
    }
    digits = stored.toString();
    exponent = exp;
  }

  private static boolean stops(int at, boolean unique, int maxExp, int minExp) {
    return (unique && at <= minExp) || at == maxExp;
  }

  /** Runs the digit-by-digit loop only (for tests: it must agree with {@link #run}). */
  void runDigitByDigit(boolean fraction, int cutoffMax, int cutoffMin) {
    if (zero) {
      run(fraction, cutoffMax, cutoffMin);
      return;
    }
    int k0 = trueExponent;
    if (fraction && cutoffMax >= 0 && k0 <= -cutoffMax) {
      k0 = -cutoffMax + 1;
    }
    int maxExp = k0 - BUFFER;
    if (cutoffMax >= 0) {
      maxExp = Math.max(maxExp, fraction ? -cutoffMax : k0 - cutoffMax);
    }
    int minExp = k0;
    if (cutoffMin >= 0) {
      minExp = Math.min(minExp, fraction ? -cutoffMin : k0 - cutoffMin);
    }
    runExact(k0, maxExp, minExp);
  }

  /** The digits of the last run, without a point; {@code "0"} for zero. */
  String digits() {
    return digits;
  }

  /** The decimal exponent of the first digit of the last run (0 for zero). */
  int exponent() {
    return exponent;
  }

  /**
   * NumPy's {@code Dragon4_Positional} in unique mode: e.g. {@code 1.5}, {@code 100.},
   * {@code 0.001}, padded.
   *
   * @param g the generator of the magnitude
   * @param negative whether to print a minus sign (the sign bit, also for {@code -0.})
   * @param plus whether to print {@code +} for a value without sign bit
   * @param fractional cutoffs count digits after the point (else significant digits)
   * @param precision at most this many digits; -1 for none
   * @param minDigits at least this many digits; -1 for none
   * @param trim what to trim
   * @param padLeft pad with spaces to this many characters before the point; -1 for none
   * @param padRight pad with spaces to this many characters after the point; -1 for none
   */
  static String positional(Dragon4 g, boolean negative, boolean plus, boolean fractional,
      int precision, int minDigits, Trim trim, int padLeft, int padRight) {
    g.run(fractional, precision, minDigits);
    String d = g.digits;
    int exp = g.exponent;
    int whole = exp >= 0 ? exp + 1 : 1;
    int signLength = negative || plus ? 1 : 0;
    StringBuilder out = new StringBuilder(32);
    repeat(out, ' ', padLeft - whole - signLength);
    if (negative) {
      out.append('-');
    } else if (plus) {
      out.append('+');
    }
    if (exp >= 0) {
      out.append(d, 0, Math.min(whole, d.length()));
      repeat(out, '0', whole - d.length());
    } else {
      out.append('0');
    }
    int point = out.length();
    out.append('.');
    if (exp >= 0) {
      if (d.length() > whole) {
        out.append(d, whole, d.length());
      }
    } else {
      repeat(out, '0', -(exp + 1));
      out.append(d);
    }
    int fraction = out.length() - point - 1;
    int desired = fractional ? Math.max(minDigits, 0) : minDigits - whole; // unique mode
    if (trim == Trim.LEAVE_ONE_ZERO && fraction == 0) {
      out.append('0');
    } else if (trim == Trim.KEEP) {
      repeat(out, '0', desired - fraction);
    }
    boolean hasPoint = true;
    if (trim != Trim.KEEP && out.length() > point + 1) {
      int end = out.length();
      while (out.charAt(end - 1) == '0') {
        end--;
      }
      out.setLength(end);
      if (end == point + 1) {
        if (trim == Trim.LEAVE_ONE_ZERO) {
          out.append('0');
        } else if (trim == Trim.DPT_ZEROS) {
          out.setLength(point);
          hasPoint = false;
        }
      }
    } else if (trim == Trim.DPT_ZEROS && fraction == 0) {
      out.setLength(point); // no point without fraction digits
      hasPoint = false;
    }
    fraction = hasPoint ? out.length() - point - 1 : 0;
    if (padRight >= fraction) {
      if (trim == Trim.DPT_ZEROS && fraction == 0) {
        out.append(' ');
      }
      repeat(out, ' ', padRight - fraction);
    }
    return out.toString();
  }

  /**
   * NumPy's {@code Dragon4_Scientific} in unique mode: e.g. {@code 1.5e+08}, {@code 1.e-05},
   * padded.
   *
   * @param g the generator of the magnitude
   * @param negative whether to print a minus sign
   * @param plus whether to print {@code +} for a value without sign bit
   * @param precision at most this many digits after the point; -1 for none
   * @param minDigits at least this many digits after the point; -1 for none
   * @param trim what to trim
   * @param padLeft pad with spaces to this many characters before the point; -1 for none
   * @param expDigits at least this many exponent digits (at most 5); -1 for 2
   */
  static String scientific(Dragon4 g, boolean negative, boolean plus, int precision,
      int minDigits, Trim trim, int padLeft, int expDigits) {
    g.run(false, precision < 0 ? -1 : precision + 1, minDigits < 0 ? -1 : minDigits + 1);
    String d = g.digits;
    StringBuilder out = new StringBuilder(32);
    int signLength = negative || plus ? 1 : 0;
    repeat(out, ' ', padLeft - 1 - signLength);
    if (negative) {
      out.append('-');
    } else if (plus) {
      out.append('+');
    }
    out.append(d.charAt(0));
    int point = out.length();
    boolean hasPoint = d.length() > 1 || trim != Trim.DPT_ZEROS;
    if (hasPoint) {
      out.append('.');
    }
    out.append(d, 1, d.length());
    int addDigits = Math.max(minDigits, 0); // unique mode
    if (trim == Trim.LEAVE_ONE_ZERO) {
      if (d.length() == 1) {
        out.append('0');
      }
    } else if (trim == Trim.KEEP) {
      repeat(out, '0', addDigits - (d.length() - 1));
    }
    if (trim != Trim.KEEP && hasPoint && out.length() > point + 1) {
      int end = out.length();
      while (out.charAt(end - 1) == '0') {
        end--;
      }
      out.setLength(end);
      if (end == point + 1 && trim == Trim.LEAVE_ONE_ZERO) {
        out.append('0');
      }
      // NumPy keeps the point here even for DPT_ZEROS
    }
    int e = g.exponent;
    out.append('e').append(e < 0 ? '-' : '+');
    int magnitude = Math.abs(e);
    int width = expDigits < 0 ? 2 : Math.min(expDigits, 5);
    repeat(out, '0', width - decimalLength(magnitude));
    return out.append(magnitude).toString();
  }

  /**
   * The lengths NumPy's first {@code FloatingFormat} pass takes from
   * {@code dragon4_positional(x, precision, unique=True, fractional=True, trim='.')}: the
   * characters before the point (sign included) and after it.
   */
  static int[] positionalLengths(Dragon4 g, boolean signed, int precision) {
    g.run(true, precision, -1);
    String d = g.digits;
    int exp = g.exponent;
    int whole = exp >= 0 ? exp + 1 : 1;
    int trailing = trailingZeros(d);
    int fraction;
    if (exp >= 0) {
      fraction = Math.max(0, d.length() - whole);
      fraction -= Math.min(trailing, fraction);
    } else {
      fraction = trailing == d.length() ? 0 : -(exp + 1) + d.length() - trailing;
    }
    return new int[] {whole + (signed ? 1 : 0), fraction};
  }

  /**
   * The lengths from {@code dragon4_scientific(x, precision, unique=True, trim='.')}: before the
   * point (sign included), after it, and the exponent's digits.
   */
  static int[] scientificLengths(Dragon4 g, boolean signed, int precision) {
    g.run(false, precision + 1, -1);
    String d = g.digits;
    int fraction = Math.max(0, d.length() - 1 - trailingZeros(d));
    return new int[] {1 + (signed ? 1 : 0), fraction,
        Math.max(2, decimalLength(Math.abs(g.exponent)))};
  }

  private static int trailingZeros(String d) {
    int n = 0;
    for (int i = d.length() - 1; i >= 0 && d.charAt(i) == '0'; i--) {
      n++;
    }
    return n;
  }

  private static int decimalLength(int n) {
    int length = 1;
    while (n >= 10) {
      n /= 10;
      length++;
    }
    return length;
  }

  private static void repeat(StringBuilder out, char c, int count) {
    for (int i = 0; i < count; i++) {
      out.append(c);
    }
  }
}
