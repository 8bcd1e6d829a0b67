package org.ndprim.text;

import java.math.BigInteger;
import java.util.BitSet;

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
 * <p>A generator keeps its state, so printing the same value again with more digits (NumPy's
 * second pass with {@code min_digits}) continues where the first pass stopped.
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
  private static final double LOG10_2 = Math.log10(2);
  private static final BigInteger TEN = BigInteger.TEN;
  private static final BigInteger[] POW10 = new BigInteger[400];

  static {
    POW10[0] = BigInteger.ONE;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1].multiply(TEN);
    }
  }

  private final boolean zero;
  private final boolean even;
  private final boolean unequal;
  /** The value scaled by 10^-trueExponent: r0/s0 in [0.1, 1), margins low0/s0, high0/s0. */
  private BigInteger r0;
  private BigInteger s0;
  private BigInteger low0;
  /** {@code floor(log10(v)) + 1}. */
  private int trueExponent;

  /** The running generation; {@code digitExponent == Integer.MIN_VALUE} before the first. */
  private int digitExponent = Integer.MIN_VALUE;
  private BigInteger r;
  private BigInteger s;
  private BigInteger low;
  private BigInteger high;
  private final StringBuilder stored = new StringBuilder(20);
  /** Whether low or high held at position {@code digitExponent - 1 - i}. */
  private final BitSet stoppable = new BitSet();
  /** Exponent of the pending (last extracted, not stored) digit. */
  private int position;
  private int pending = -1;
  private boolean lowOk;
  private boolean highOk;

  /** The digits of the last {@link #run}, and the decimal exponent of the first of them. */
  private String digits;
  private int exponent;

  private Dragon4(boolean zero, long m, int q, boolean unequal) {
    this.zero = zero;
    this.even = (m & 1) == 0;
    this.unequal = unequal;
    if (!zero) {
      scaleValue(m, q);
    }
  }

  /**
   * A generator for the magnitude of a finite value of {@code format}.
   *
   * @throws IllegalArgumentException if {@code format} does not hold the value
   */
  static Dragon4 of(double value, FloatFormat format) {
    double magnitude = Math.abs(value);
    if (magnitude == 0) {
      return new Dragon4(true, 0, 0, false);
    }
    long[] parts = format.decompose(magnitude);
    if (parts == null) {
      throw new IllegalArgumentException(
          "value " + value + " is not a value of " + format.name());
    }
    return new Dragon4(false, parts[0], (int) parts[1], parts[2] != 0);
  }

  private static BigInteger pow10(int n) {
    return n < POW10.length ? POW10[n] : TEN.pow(n);
  }

  private void scaleValue(long m, int q) {
    // v = r/s, half gaps low/s below and (unequal ? 2 : 1) * low/s above; all scaled by 2 (or 4)
    // so that they are integers.
    int twice = unequal ? 2 : 1;
    BigInteger mantissa = BigInteger.valueOf(m);
    BigInteger rr;
    BigInteger ss;
    BigInteger ll;
    if (q >= 0) {
      rr = mantissa.shiftLeft(q + twice);
      ss = BigInteger.ONE.shiftLeft(twice);
      ll = BigInteger.ONE.shiftLeft(q);
    } else {
      rr = mantissa.shiftLeft(twice);
      ss = BigInteger.ONE.shiftLeft(twice - q);
      ll = BigInteger.ONE;
    }
    int k = (int) Math.floor(Math.log10((double) m) + q * LOG10_2) + 1;
    if (k > 0) {
      ss = ss.multiply(pow10(k));
    } else if (k < 0) {
      BigInteger p = pow10(-k);
      rr = rr.multiply(p);
      ll = ll.multiply(p);
    }
    while (rr.compareTo(ss) >= 0) { // v >= 10^k: the estimate was low
      k++;
      ss = ss.multiply(TEN);
    }
    while (rr.multiply(TEN).compareTo(ss) < 0) { // v < 10^(k-1): the estimate was high
      k--;
      rr = rr.multiply(TEN);
      ll = ll.multiply(TEN);
    }
    r0 = rr;
    s0 = ss;
    low0 = ll;
    trueExponent = k;
  }

  private void restart(int k0) {
    digitExponent = k0;
    r = r0;
    s = k0 > trueExponent ? s0.multiply(pow10(k0 - trueExponent)) : s0;
    low = low0;
    high = unequal ? low.shiftLeft(1) : low;
    stored.setLength(0);
    stoppable.clear();
    position = k0;
    pending = -1;
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
    if (k0 != digitExponent || stopsBefore(maxExp, minExp)) {
      restart(k0);
    }
    if (pending >= 0) {
      if (stops(position, lowOk || highOk, maxExp, minExp)) {
        finish();
        return;
      }
      stored.append((char) ('0' + pending));
      pending = -1;
    }
    while (true) {
      r = r.multiply(TEN);
      low = low.multiply(TEN);
      high = unequal ? low.shiftLeft(1) : low;
      position--;
      BigInteger[] qr = r.divideAndRemainder(s);
      int digit = qr[0].intValue();
      r = qr[1];
      int c = r.compareTo(low);
      lowOk = even ? c <= 0 : c < 0;
      c = r.add(high).compareTo(s);
      highOk = even ? c >= 0 : c > 0;
      if (lowOk || highOk) {
        stoppable.set(digitExponent - 1 - position);
      }
      if (stops(position, lowOk || highOk, maxExp, minExp)) {
        pending = digit;
        break;
      }
      stored.append((char) ('0' + digit));
    }
    finish();
  }

  private static boolean stops(int at, boolean unique, int maxExp, int minExp) {
    return (unique && at <= minExp) || at == maxExp;
  }

  /** Whether this call would have stopped at a digit that an earlier call went past. */
  private boolean stopsBefore(int maxExp, int minExp) {
    for (int p = digitExponent - 1; p > position; p--) {
      if (stops(p, stoppable.get(digitExponent - 1 - p), maxExp, minExp)) {
        return true;
      }
    }
    return false;
  }

  private void finish() {
    boolean roundDown = lowOk;
    if (lowOk == highOk) {
      int c = r.shiftLeft(1).compareTo(s);
      roundDown = c < 0 || (c == 0 && (pending & 1) == 0);
    }
    StringBuilder out = new StringBuilder(stored.length() + 1).append(stored);
    int exp = digitExponent - 1;
    if (roundDown) {
      out.append((char) ('0' + pending));
    } else if (pending < 9) {
      out.append((char) ('0' + pending + 1));
    } else {
      int i = out.length() - 1;
      while (i >= 0 && out.charAt(i) == '9') {
        i--;
      }
      if (i < 0) {
        out.setLength(0);
        out.append('1');
        exp++;
      } else {
        out.setCharAt(i, (char) (out.charAt(i) + 1));
        out.setLength(i + 1);
      }
    }
    digits = out.toString();
    exponent = exp;
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
    String whole;
    StringBuilder fraction = new StringBuilder();
    if (exp >= 0) {
      int wholeDigits = exp + 1;
      if (d.length() <= wholeDigits) {
        whole = d + "0".repeat(wholeDigits - d.length());
      } else {
        whole = d.substring(0, wholeDigits);
        fraction.append(d, wholeDigits, d.length());
      }
    } else {
      whole = "0";
      fraction.append("0".repeat(-(exp + 1))).append(d);
    }
    boolean point = fraction.length() > 0 || trim != Trim.DPT_ZEROS;
    int addDigits = minDigits; // unique mode
    int desired = fractional ? Math.max(addDigits, 0) : addDigits - whole.length();
    if (trim == Trim.LEAVE_ONE_ZERO) {
      if (fraction.length() == 0) {
        fraction.append('0');
      }
    } else if (trim == Trim.KEEP && desired > fraction.length()) {
      fraction.append("0".repeat(desired - fraction.length()));
    }
    if (trim != Trim.KEEP && fraction.length() > 0) {
      int end = fraction.length();
      while (end > 0 && fraction.charAt(end - 1) == '0') {
        end--;
      }
      fraction.setLength(end);
      if (end == 0) {
        if (trim == Trim.LEAVE_ONE_ZERO) {
          fraction.append('0');
        } else if (trim == Trim.DPT_ZEROS) {
          point = false;
        }
      }
    }
    StringBuilder out = new StringBuilder(24);
    int signLength = negative || plus ? 1 : 0;
    if (padLeft > whole.length() + signLength) {
      out.append(" ".repeat(padLeft - whole.length() - signLength));
    }
    if (negative) {
      out.append('-');
    } else if (plus) {
      out.append('+');
    }
    out.append(whole);
    if (point) {
      out.append('.');
    }
    out.append(fraction);
    if (padRight >= fraction.length()) {
      if (trim == Trim.DPT_ZEROS && fraction.length() == 0) {
        out.append(' ');
      }
      out.append(" ".repeat(padRight - fraction.length()));
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
    StringBuilder out = new StringBuilder(24);
    int signLength = negative || plus ? 1 : 0;
    if (padLeft > 1 + signLength) {
      out.append(" ".repeat(padLeft - 1 - signLength));
    }
    if (negative) {
      out.append('-');
    } else if (plus) {
      out.append('+');
    }
    out.append(d.charAt(0));
    StringBuilder fraction = new StringBuilder(d.length()).append(d, 1, d.length());
    boolean point = fraction.length() > 0 || trim != Trim.DPT_ZEROS;
    int addDigits = Math.max(minDigits, 0); // unique mode
    if (trim == Trim.LEAVE_ONE_ZERO) {
      if (fraction.length() == 0) {
        fraction.append('0');
      }
    } else if (trim == Trim.KEEP && addDigits > fraction.length()) {
      fraction.append("0".repeat(addDigits - fraction.length()));
    }
    if (trim != Trim.KEEP && fraction.length() > 0) {
      int end = fraction.length();
      while (end > 0 && fraction.charAt(end - 1) == '0') {
        end--;
      }
      fraction.setLength(end);
      if (end == 0 && trim == Trim.LEAVE_ONE_ZERO) {
        fraction.append('0');
      }
      // NumPy keeps the point here even for DPT_ZEROS
    }
    if (point) {
      out.append('.');
    }
    out.append(fraction);
    int e = g.exponent;
    out.append('e').append(e < 0 ? '-' : '+');
    String magnitude = Integer.toString(Math.abs(e));
    int width = expDigits < 0 ? 2 : Math.min(expDigits, 5);
    if (magnitude.length() < width) {
      out.append("0".repeat(width - magnitude.length()));
    }
    return out.append(magnitude).toString();
  }
}
