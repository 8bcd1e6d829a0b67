package org.ndprim.contract;

import java.lang.reflect.Array;

/**
 * Storage arrays as bits: what the bit-exact tests of casts compare, so that NaN payloads,
 * signalling NaNs and the sign of zero count (boxed floats and {@code Float.equals} would not
 * tell NaNs apart).
 */
final class StorageBits {
  private StorageBits() {}

  /** A storage array of component {@code storage} holding {@code bits} (one per slot). */
  static Object array(Class<?> storage, long[] bits) {
    Object a = Array.newInstance(storage, bits.length);
    for (int i = 0; i < bits.length; i++) {
      long b = bits[i];
      if (storage == boolean.class) {
        ((boolean[]) a)[i] = b != 0;
      } else if (storage == byte.class) {
        ((byte[]) a)[i] = (byte) b;
      } else if (storage == short.class) {
        ((short[]) a)[i] = (short) b;
      } else if (storage == char.class) {
        ((char[]) a)[i] = (char) b;
      } else if (storage == int.class) {
        ((int[]) a)[i] = (int) b;
      } else if (storage == long.class) {
        ((long[]) a)[i] = b;
      } else if (storage == float.class) {
        ((float[]) a)[i] = Float.intBitsToFloat((int) b);
      } else {
        ((double[]) a)[i] = Double.longBitsToDouble(b);
      }
    }
    return a;
  }

  /** The bits of every slot of a storage array, unsigned (a byte gives 0 to 255). */
  static long[] of(Object a) {
    int n = Array.getLength(a);
    long[] bits = new long[n];
    for (int i = 0; i < n; i++) {
      if (a instanceof boolean[] z) {
        bits[i] = z[i] ? 1 : 0;
      } else if (a instanceof byte[] b) {
        bits[i] = b[i] & 0xFFL;
      } else if (a instanceof short[] s) {
        bits[i] = s[i] & 0xFFFFL;
      } else if (a instanceof char[] c) {
        bits[i] = c[i];
      } else if (a instanceof int[] x) {
        bits[i] = x[i] & 0xFFFF_FFFFL;
      } else if (a instanceof long[] l) {
        bits[i] = l[i];
      } else if (a instanceof float[] f) {
        bits[i] = Float.floatToRawIntBits(f[i]) & 0xFFFF_FFFFL;
      } else {
        bits[i] = Double.doubleToRawLongBits(((double[]) a)[i]);
      }
    }
    return bits;
  }
}
