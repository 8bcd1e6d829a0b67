package org.ndprim;

/**
 * Direct casts of one run of a Java array into a {@code float32} or {@code float64} Java array,
 * for the built-in boolean and integer types up to 32 bits: NumPy's contiguous casting loops
 * ({@code npy_ubyte -> npy_float} and the like), which the ufunc driver's buffers use when an
 * operand of such a type meets a floating loop ({@code uint8 image - float32 mean}).
 *
 * <p>The general cast reads every type into a {@code long} carrier block and converts each
 * carrier value into the target ({@link CastWriter}): two loops per element, which C2 (JDK 17)
 * compiles as scalar conversions of 64-bit integers. Here one loop converts each stored value,
 * of its own width and signedness, with one Java conversion. The values are the same: each
 * source value is an integer of at most 32 bits, so {@code (float) v} and {@code (double) v}
 * round it as {@code (float) (long) v} and {@code (double) (long) v} do (Java's conversions
 * round to nearest, ties to even, as NumPy's C casts on IEEE hardware);
 * {@code RunCastsTest} compares every pair with the general cast.
 *
 * <p>The types are identified as the built-in ones ({@code BooleanNdArray.TYPE} and so on), not
 * by their storage: a user-declared type over {@code byte} storage may store another value
 * than its logical one, and keeps its own cast.
 */
final class RunCasts {
  private RunCasts() {}

  /**
   * Casts {@code n} elements of {@code from}'s storage array {@code src} starting at {@code si}
   * into {@code dst} (a {@code float[]} or {@code double[]}, of type {@code to}) from {@code di},
   * if this pair has a direct loop.
   *
   * @return whether the run was cast (false: the caller casts it the general way)
   */
  static boolean cast(ScalarType<?> from, Object src, int si, ScalarType<?> to, Object dst,
      int di, int n) {
    if (to == FloatNdArray.TYPE) {
      return toFloats(from, src, si, (float[]) dst, di, n);
    }
    if (to == DoubleNdArray.TYPE) {
      return toDoubles(from, src, si, (double[]) dst, di, n);
    }
    return false;
  }

  /** Whether {@link #cast} has a loop from {@code from} into {@code to}. */
  static boolean supports(ScalarType<?> from, ScalarType<?> to) {
    return (to == FloatNdArray.TYPE || to == DoubleNdArray.TYPE)
        && (from == BooleanNdArray.TYPE || from == ByteNdArray.TYPE || from == UInt8NdArray.TYPE
            || from == ShortNdArray.TYPE || from == UInt16NdArray.TYPE
            || from == CharNdArray.TYPE || from == IntNdArray.TYPE
            || from == UInt32NdArray.TYPE);
  }

  private static boolean toFloats(ScalarType<?> from, Object src, int si, float[] d, int di,
      int n) {
    if (from == UInt8NdArray.TYPE && LaneKernel.ON && n >= LaneKernel.MIN) {
      // astype(float32)'s lanes (JDK 22+ with jdk.incubator.vector); ON is a static final the
      // JIT folds, false on JDK 17 and without the module, where the class must not be touched
      LaneKernel.castUnsignedBytes((byte[]) src, si, d, di, n);
    } else if (from == UInt8NdArray.TYPE) {
      byte[] s = (byte[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFF;
      }
    } else if (from == ByteNdArray.TYPE) {
      byte[] s = (byte[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == ShortNdArray.TYPE) {
      short[] s = (short[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == UInt16NdArray.TYPE) {
      short[] s = (short[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFFFF;
      }
    } else if (from == CharNdArray.TYPE) {
      char[] s = (char[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == IntNdArray.TYPE) {
      int[] s = (int[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == UInt32NdArray.TYPE) {
      int[] s = (int[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFFFFFFFFL;
      }
    } else if (from == BooleanNdArray.TYPE) {
      boolean[] s = (boolean[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] ? 1f : 0f;
      }
    } else {
      return false;
    }
    return true;
  }

  private static boolean toDoubles(ScalarType<?> from, Object src, int si, double[] d, int di,
      int n) {
    if (from == UInt8NdArray.TYPE) {
      byte[] s = (byte[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFF;
      }
    } else if (from == ByteNdArray.TYPE) {
      byte[] s = (byte[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == ShortNdArray.TYPE) {
      short[] s = (short[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == UInt16NdArray.TYPE) {
      short[] s = (short[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFFFF;
      }
    } else if (from == CharNdArray.TYPE) {
      char[] s = (char[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == IntNdArray.TYPE) {
      int[] s = (int[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i];
      }
    } else if (from == UInt32NdArray.TYPE) {
      int[] s = (int[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] & 0xFFFFFFFFL;
      }
    } else if (from == BooleanNdArray.TYPE) {
      boolean[] s = (boolean[]) src;
      for (int i = 0; i < n; i++) {
        d[di + i] = s[si + i] ? 1d : 0d;
      }
    } else {
      return false;
    }
    return true;
  }
}
