package org.ndprim.spark;

import java.nio.ByteOrder;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.io.Npy;

/** Sample arrays of every dtype the source maps, written with ndprim. */
final class Samples {
  private Samples() {}

  /** Varied values of {@code type}: negatives, extremes, NaN, -0.0 and infinities where the type has them. */
  static NdArray sample(ScalarType<?> type, Shape shape) {
    int n = (int) shape.size();
    if (type.kind() == 'c') {
      double[] parts = new double[2 * n];
      for (int k = 0; k < parts.length; k++) {
        parts[k] = k * 0.75 - 3;
      }
      if (n > 1) {
        parts[2] = Double.NaN;
        parts[3] = Double.NEGATIVE_INFINITY;
      }
      return type.fromComplex(shape, parts);
    }
    Class<?> logical = type.logicalType();
    if (logical == float.class || logical == double.class) {
      double[] v = new double[n];
      for (int k = 0; k < n; k++) {
        v[k] = k * 0.3 - 2;
      }
      if (n > 3) {
        v[1] = Double.NaN;
        v[2] = -0.0;
        v[3] = Double.POSITIVE_INFINITY;
      }
      return type.fromDoubles(shape, v);
    }
    long[] v = new long[n];
    for (int k = 0; k < n; k++) {
      v[k] = type.kind() == 'b' ? k % 3 & 1 : type.kind() == 'u' ? k * 37L % 256 : k * 37L % 251 - 120;
    }
    if (type.kind() == 'u') {
      if (n > 1) {
        v[1] = -1; // the largest value: 255, 65535, 2^32-1, 2^64-1
      }
      return type.fromUnsignedLongs(shape, v);
    }
    return type.fromLongs(shape, v);
  }

  /** Whether a dtype has a big-endian form: more than one byte and not void (bfloat16). */
  static boolean hasBigEndian(String dtype) {
    return dtype.charAt(0) == '<' && dtype.charAt(1) != 'V';
  }

  static String withOrder(String dtype, ByteOrder order) {
    return order == ByteOrder.BIG_ENDIAN ? ">" + dtype.substring(1) : dtype;
  }

  static Npy.WriteOptions options(ByteOrder order) {
    return Npy.WriteOptions.DEFAULT.withByteOrder(order);
  }
}
