package com.example.fixedpoint;

import org.ndprim.NdScalar;

/**
 * Signed Q7.8 fixed point: a {@code short} holding {@code value * 256}, read and written as
 * {@code double}; the range is [-128, 127.99609375] in steps of 1/256. Files hold the raw
 * {@code short}s as NumPy {@code int16}.
 */
@NdScalar(name = "Fixed", storage = short.class, logical = double.class, dtype = "<i2")
final class FixedScalar {
  private FixedScalar() {}

  static double toLogical(short bits) {
    return bits / 256.0;
  }

  /** Rounds to the nearest step, half away from zero, and saturates at the ends of the range. */
  static short toStorage(double value) {
    double steps = Math.rint(value * 256);
    return (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, steps));
  }
}
