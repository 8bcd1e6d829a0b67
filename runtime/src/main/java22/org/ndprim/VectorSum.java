package org.ndprim;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * NumPy's pairwise sum with its eight accumulators in vector lanes: accumulator {@code m} is lane
 * {@code m} of 8 {@code float} lanes (one 256-bit vector) or of two vectors of 4 {@code double}
 * lanes. A lane-wise addition is the IEEE addition of each lane, so each lane holds exactly
 * NumPy's accumulator; the lanes are combined as NumPy combines its accumulators,
 * {@code ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))}, never by {@code reduceLanes}, whose
 * order is unspecified. Loaded only when {@code jdk.incubator.vector} is in the boot layer.
 */
final class VectorSum {
  private static final VectorSpecies<Double> D4 = DoubleVector.SPECIES_256;
  private static final VectorSpecies<Float> F8 = FloatVector.SPECIES_256;

  private VectorSum() {}

  /** {@return whether the CPU has 256-bit vectors (emulated lanes would be slower than scalar)} */
  static boolean supported() {
    return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
  }

  static double pairwise(double[] a, int from, int n) {
    if (n > ScalarSum.BLOCK) {
      int n2 = n / 2;
      n2 -= n2 % 8;
      return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
    }
    if (n < 8) {
      double res = -0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    DoubleVector lo = DoubleVector.fromArray(D4, a, from);
    DoubleVector hi = DoubleVector.fromArray(D4, a, from + 4);
    int full = n - n % 8;
    int i = 8;
    for (; i < full; i += 8) {
      lo = lo.add(DoubleVector.fromArray(D4, a, from + i));
      hi = hi.add(DoubleVector.fromArray(D4, a, from + i + 4));
    }
    double res = ((lo.lane(0) + lo.lane(1)) + (lo.lane(2) + lo.lane(3)))
        + ((hi.lane(0) + hi.lane(1)) + (hi.lane(2) + hi.lane(3)));
    for (; i < n; i++) {
      res += a[from + i];
    }
    return res;
  }

  static float pairwise(float[] a, int from, int n) {
    if (n > ScalarSum.BLOCK) {
      int n2 = n / 2;
      n2 -= n2 % 8;
      return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
    }
    if (n < 8) {
      float res = -0.0f;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    FloatVector r = FloatVector.fromArray(F8, a, from);
    int full = n - n % 8;
    int i = 8;
    for (; i < full; i += 8) {
      r = r.add(FloatVector.fromArray(F8, a, from + i));
    }
    float res = ((r.lane(0) + r.lane(1)) + (r.lane(2) + r.lane(3)))
        + ((r.lane(4) + r.lane(5)) + (r.lane(6) + r.lane(7)));
    for (; i < n; i++) {
      res += a[from + i];
    }
    return res;
  }
}
