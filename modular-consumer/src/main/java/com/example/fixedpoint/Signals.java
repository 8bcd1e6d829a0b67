package com.example.fixedpoint;

import org.ndprim.DoubleNdArray;
import org.ndprim.Indices;
import org.ndprim.Shape;

/** What a user's module does with ndprim: its own type, the built-in ones, views and casts. */
public final class Signals {
  private Signals() {}

  /**
   * A ramp of {@code n} samples from 0 in steps of {@code step}, quantised to Q7.8.
   *
   * @param n the number of samples
   * @param step the distance between two samples
   * @return a new rank-1 array of shape {@code (n)}
   */
  public static FixedNdArray ramp(int n, double step) {
    FixedNdArray a = FixedNdArray.zeros(Shape.of(n));
    for (int i = 0; i < n; i++) {
      a.setFixed(i * step, i);
    }
    return a;
  }

  /**
   * Every other sample, reversed: {@code a[::-2]}, a view.
   *
   * @param a a rank-1 array
   * @return a view of {@code a}
   */
  public static FixedNdArray everyOtherReversed(FixedNdArray a) {
    return a.slice(Indices.step(-2));
  }

  /**
   * The samples as {@code double}s, NumPy's {@code astype(float64)}.
   *
   * @param a any array
   * @return a new C-order array of the same shape
   */
  public static DoubleNdArray toDoubles(FixedNdArray a) {
    return a.astype(DoubleNdArray.TYPE);
  }
}
