package org.ndprim.benchmarks;

import org.ndprim.DoubleNdArray;
import org.tensorflow.ndarray.buffer.DataBuffers;

/**
 * Turns an array result of any variant into {@code {long[] shape, flat C-order Java array}},
 * so that {@link Verify} compares shapes and elements of the three variants with
 * {@code Objects.deepEquals}. Used only by the verification, never inside a measured method.
 */
final class Results {
  private Results() {}

  static Object[] plain(long[] shape, Object flat) {
    return new Object[] {shape.clone(), flat};
  }

  static Object[] tf(org.tensorflow.ndarray.DoubleNdArray a) {
    double[] flat = new double[Math.toIntExact(a.size())];
    a.copyTo(DataBuffers.of(flat, false, false));
    return new Object[] {a.shape().asArray(), flat};
  }

  static Object[] ndprim(DoubleNdArray a) {
    return new Object[] {a.shape().asArray(), a.toArray()};
  }
}
