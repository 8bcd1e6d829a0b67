package org.ndprim.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The inputs of the narrow-float conversion goldens (float16, bfloat16, float8), generated
 * exactly as {@code runtime/src/test/python/conversion_inputs.py} generates them (its docstring is
 * the specification), so the golden files hold digests of numpy's and ml_dtypes' outputs rather
 * than the inputs and outputs themselves: splitmix64 for random bit patterns, plus every rounding
 * boundary of the narrow format enumerated from its values.
 *
 * <p>A narrow format is given by its finite non-negative values in increasing order and the value
 * one step beyond its largest ({@code beyond}); its rounding boundaries are the midpoints of
 * consecutive values, exact in {@code float}.
 */
public final class ConversionInputs {
  /** The chunk length of the digests of narrowing conversions. */
  public static final int CHUNK = 65536;

  private static final long GAMMA = 0x9E37_79B9_7F4A_7C15L;

  private ConversionInputs() {}

  /**
   * Returns output {@code i} (from 0) of splitmix64 started at state {@code seed}.
   *
   * @param seed the initial state
   * @param i the index
   * @return the output
   */
  public static long splitmix64(long seed, long i) {
    long z = seed + (i + 1) * GAMMA;
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }

  private static double midpoint(double[] values, double beyond, int k) {
    double hi = k + 1 < values.length ? values[k + 1] : beyond;
    return (values[k] + hi) / 2;
  }

  /**
   * Returns the float bits of each value and of its midpoint to the next and the floats either
   * side of that midpoint, for sign + then - (8 per value).
   *
   * @param values the narrow format's finite non-negative values, increasing
   * @param beyond the value after the largest
   * @return the inputs
   */
  public static int[] boundaries32(double[] values, double beyond) {
    int[] out = new int[8 * values.length];
    int n = 0;
    for (int k = 0; k < values.length; k++) {
      int lo = Float.floatToRawIntBits((float) values[k]);
      int m = Float.floatToRawIntBits((float) midpoint(values, beyond, k));
      for (int sign : new int[] {0, 0x8000_0000}) {
        out[n++] = sign | lo;
        out[n++] = sign | (m - 1);
        out[n++] = sign | m;
        out[n++] = sign | (m + 1);
      }
    }
    return out;
  }

  /**
   * Returns the double bits of each value, of its midpoint to the next, of the doubles either
   * side of that midpoint and of the floats either side of it, for sign + then - (12 per value).
   *
   * @param values the narrow format's finite non-negative values, increasing
   * @param beyond the value after the largest
   * @return the inputs
   */
  public static long[] boundaries64(double[] values, double beyond) {
    long[] out = new long[12 * values.length];
    int n = 0;
    for (int k = 0; k < values.length; k++) {
      double mid = midpoint(values, beyond, k);
      long lo = Double.doubleToRawLongBits(values[k]);
      long m = Double.doubleToRawLongBits(mid);
      int m32 = Float.floatToRawIntBits((float) mid);
      long down32 = Double.doubleToRawLongBits(Float.intBitsToFloat(m32 - 1));
      long up32 = Double.doubleToRawLongBits(Float.intBitsToFloat(m32 + 1));
      for (long sign : new long[] {0, Long.MIN_VALUE}) {
        out[n++] = sign | lo;
        out[n++] = sign | m;
        out[n++] = sign | (m - 1);
        out[n++] = sign | (m + 1);
        out[n++] = sign | down32;
        out[n++] = sign | up32;
      }
    }
    return out;
  }

  /**
   * Returns random float bits: any pattern at even indices, normal values of unbiased exponent
   * {@code lo..hi} at odd ones.
   *
   * @param seed the splitmix64 seed
   * @param count how many
   * @param lo the smallest exponent of the near-range values
   * @param hi the largest
   * @return the inputs
   */
  public static int[] random32(long seed, int count, int lo, int hi) {
    int[] out = new int[count];
    for (int i = 0; i < count; i++) {
      long r = splitmix64(seed, i);
      if (i % 2 == 0) {
        out[i] = (int) r;
      } else {
        long exponent = lo + 127 + ((r >>> 32) & 0xFFFF) % (hi - lo + 1);
        out[i] = (int) ((r >>> 63) << 31 | exponent << 23 | (r & 0x7F_FFFF));
      }
    }
    return out;
  }

  /**
   * Returns random double bits: any pattern, normal values of unbiased exponent {@code lo..hi},
   * and values within 2^31 double ulps of a midpoint of the narrow format, in turn.
   *
   * @param seed the splitmix64 seed
   * @param count how many
   * @param values the narrow format's finite non-negative values, increasing
   * @param beyond the value after the largest
   * @param lo the smallest exponent of the near-range values
   * @param hi the largest
   * @return the inputs
   */
  public static long[] random64(long seed, int count, double[] values, double beyond, int lo,
      int hi) {
    long[] out = new long[count];
    for (int i = 0; i < count; i++) {
      long r = splitmix64(seed, i);
      long sign = r & Long.MIN_VALUE;
      switch (i % 3) {
        case 0:
          out[i] = r;
          break;
        case 1:
          long exponent = lo + 1023 + ((r >>> 52) & 0x7FF) % (hi - lo + 1);
          out[i] = sign | exponent << 52 | (r & ((1L << 52) - 1));
          break;
        default:
          int k = (int) (((r >>> 32) & 0x7FFF_FFFF) % values.length);
          long mid = Double.doubleToRawLongBits(midpoint(values, beyond, k));
          out[i] = sign | (mid + ((r & 0xFFFF_FFFFL) - (1L << 31)));
      }
    }
    return out;
  }

  /** The boundaries, then random inputs up to {@code chunks * CHUNK}. */
  public static int[] sequence32(double[] values, double beyond, long seed, int chunks, int lo,
      int hi) {
    int[] b = boundaries32(values, beyond);
    int[] r = random32(seed, chunks * CHUNK - b.length, lo, hi);
    int[] out = java.util.Arrays.copyOf(b, b.length + r.length);
    System.arraycopy(r, 0, out, b.length, r.length);
    return out;
  }

  /** The boundaries, then random inputs up to {@code chunks * CHUNK}. */
  public static long[] sequence64(double[] values, double beyond, long seed, int chunks, int lo,
      int hi) {
    long[] b = boundaries64(values, beyond);
    long[] r = random64(seed, chunks * CHUNK - b.length, values, beyond, lo, hi);
    long[] out = java.util.Arrays.copyOf(b, b.length + r.length);
    System.arraycopy(r, 0, out, b.length, r.length);
    return out;
  }

  /**
   * Returns the SHA-256 (hex) of values {@code [from, from + count)} as little-endian unsigned
   * integers of {@code bytes} bytes each (1, 2, 4 or 8), the low bits of each {@code long}.
   *
   * @param values the values
   * @param from the first
   * @param count how many
   * @param bytes the width of each
   * @return the digest, as Python's {@code hexdigest()}
   */
  public static String sha256(long[] values, int from, int count, int bytes) {
    ByteBuffer b = ByteBuffer.allocate(count * bytes).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = from; i < from + count; i++) {
      long v = values[i];
      switch (bytes) {
        case 1:
          b.put((byte) v);
          break;
        case 2:
          b.putShort((short) v);
          break;
        case 4:
          b.putInt((int) v);
          break;
        default:
          b.putLong(v);
      }
    }
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(b.array());
      StringBuilder s = new StringBuilder();
      for (byte x : d) {
        s.append(String.format("%02x", x & 0xFF));
      }
      return s.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
