package org.ndprim;

import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.GT;
import static jdk.incubator.vector.VectorOperators.I2F;
import static jdk.incubator.vector.VectorOperators.LE;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.NE;
import static jdk.incubator.vector.VectorOperators.ZERO_EXTEND_B2I;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link LaneKernel}'s loops in {@code jdk.incubator.vector} lanes of the preferred species;
 * loaded only when that module is in the boot layer. Each method computes
 * {@code o[oi + i] = a[ai + i * as] op b[bi + i * bs]} for {@code i < n}, whole vectors first
 * and the last {@code n % lanes} elements in plain Java, and returns true; or returns false,
 * having written nothing, for strides other than (1, 1), (1, 0) and (0, 1). A lane-wise IEEE
 * {@code + - * /} is the correctly rounded operation of each lane, a lane-wise integer
 * {@code + - *} wraps as Java's does, and a lane-wise comparison is Java's (false where either
 * lane is NaN, except {@code NE}, true), so the bits are those of the plain loops.
 *
 * <p>One explicit loop per operation and shape: the Vector API compiles to vector instructions
 * only where C2 sees the operator as a constant, which a shared helper taking the operator does
 * not guarantee (compiled on its own, with the operator unknown, it falls back to boxed lanes).
 */
final class VectorLanes {
  private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Long> L = LongVector.SPECIES_PREFERRED;
  /** Bytes as many as {@link #F}'s lanes, a quarter of its bits. */
  private static final VectorSpecies<Byte> B =
      VectorSpecies.of(byte.class, VectorShape.forBitSize(F.vectorBitSize() / 4));

  private VectorLanes() {}

  /** {@return whether the CPU has 256-bit vectors (emulated lanes would be slower than scalar)} */
  static boolean supported() {
    return DoubleVector.SPECIES_PREFERRED.vectorBitSize() >= 256;
  }

  static boolean add(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).add(DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      DoubleVector vy = DoubleVector.broadcast(D, y);
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).add(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + y;
      }
    } else if (as == 0 && bs == 1) {
      double x = a[ai];
      DoubleVector vx = DoubleVector.broadcast(D, x);
      for (; i < up; i += D.length()) {
        vx.add(DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x + b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean subtract(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).sub(DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      DoubleVector vy = DoubleVector.broadcast(D, y);
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).sub(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - y;
      }
    } else if (as == 0 && bs == 1) {
      double x = a[ai];
      DoubleVector vx = DoubleVector.broadcast(D, x);
      for (; i < up; i += D.length()) {
        vx.sub(DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x - b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean multiply(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).mul(DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      DoubleVector vy = DoubleVector.broadcast(D, y);
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).mul(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * y;
      }
    } else if (as == 0 && bs == 1) {
      double x = a[ai];
      DoubleVector vx = DoubleVector.broadcast(D, x);
      for (; i < up; i += D.length()) {
        vx.mul(DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x * b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean divide(double[] a, int ai, int as, double[] b, int bi, int bs,
      double[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).div(DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] / b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      DoubleVector vy = DoubleVector.broadcast(D, y);
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).div(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] / y;
      }
    } else if (as == 0 && bs == 1) {
      double x = a[ai];
      DoubleVector vx = DoubleVector.broadcast(D, x);
      for (; i < up; i += D.length()) {
        vx.div(DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x / b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean equal(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(EQ, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(EQ, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(EQ, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] == b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean notEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(NE, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(NE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(NE, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] != b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean less(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(LT, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(LT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(LT, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] < b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean lessEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(LE, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(LE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(LE, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] <= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greater(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(GT, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(GT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(GT, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] > b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greaterEqual(double[] a, int ai, int as, double[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = D.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(GE, DoubleVector.fromArray(D, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      double y = b[bi];
      for (; i < up; i += D.length()) {
        DoubleVector.fromArray(D, a, ai + i).compare(GE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= y;
      }
    } else if (as == 0 && bs == 1) {
      DoubleVector vx = DoubleVector.broadcast(D, a[ai]);
      for (; i < up; i += D.length()) {
        vx.compare(GE, DoubleVector.fromArray(D, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] >= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean add(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).add(FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      FloatVector vy = FloatVector.broadcast(F, y);
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).add(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + y;
      }
    } else if (as == 0 && bs == 1) {
      float x = a[ai];
      FloatVector vx = FloatVector.broadcast(F, x);
      for (; i < up; i += F.length()) {
        vx.add(FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x + b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean subtract(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).sub(FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      FloatVector vy = FloatVector.broadcast(F, y);
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).sub(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - y;
      }
    } else if (as == 0 && bs == 1) {
      float x = a[ai];
      FloatVector vx = FloatVector.broadcast(F, x);
      for (; i < up; i += F.length()) {
        vx.sub(FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x - b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean multiply(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).mul(FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      FloatVector vy = FloatVector.broadcast(F, y);
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).mul(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * y;
      }
    } else if (as == 0 && bs == 1) {
      float x = a[ai];
      FloatVector vx = FloatVector.broadcast(F, x);
      for (; i < up; i += F.length()) {
        vx.mul(FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x * b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean divide(float[] a, int ai, int as, float[] b, int bi, int bs,
      float[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).div(FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] / b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      FloatVector vy = FloatVector.broadcast(F, y);
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).div(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] / y;
      }
    } else if (as == 0 && bs == 1) {
      float x = a[ai];
      FloatVector vx = FloatVector.broadcast(F, x);
      for (; i < up; i += F.length()) {
        vx.div(FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x / b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean equal(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(EQ, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(EQ, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(EQ, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] == b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean notEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(NE, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(NE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(NE, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] != b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean less(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(LT, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(LT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(LT, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] < b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean lessEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(LE, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(LE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(LE, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] <= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greater(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(GT, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(GT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(GT, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] > b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greaterEqual(float[] a, int ai, int as, float[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(GE, FloatVector.fromArray(F, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      float y = b[bi];
      for (; i < up; i += F.length()) {
        FloatVector.fromArray(F, a, ai + i).compare(GE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= y;
      }
    } else if (as == 0 && bs == 1) {
      FloatVector vx = FloatVector.broadcast(F, a[ai]);
      for (; i < up; i += F.length()) {
        vx.compare(GE, FloatVector.fromArray(F, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] >= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean add(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).add(IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      IntVector vy = IntVector.broadcast(I, y);
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).add(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + y;
      }
    } else if (as == 0 && bs == 1) {
      int x = a[ai];
      IntVector vx = IntVector.broadcast(I, x);
      for (; i < up; i += I.length()) {
        vx.add(IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x + b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean subtract(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).sub(IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      IntVector vy = IntVector.broadcast(I, y);
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).sub(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - y;
      }
    } else if (as == 0 && bs == 1) {
      int x = a[ai];
      IntVector vx = IntVector.broadcast(I, x);
      for (; i < up; i += I.length()) {
        vx.sub(IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x - b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean multiply(int[] a, int ai, int as, int[] b, int bi, int bs,
      int[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).mul(IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      IntVector vy = IntVector.broadcast(I, y);
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).mul(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * y;
      }
    } else if (as == 0 && bs == 1) {
      int x = a[ai];
      IntVector vx = IntVector.broadcast(I, x);
      for (; i < up; i += I.length()) {
        vx.mul(IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x * b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean equal(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(EQ, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(EQ, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(EQ, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] == b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean notEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(NE, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(NE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(NE, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] != b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean less(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(LT, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(LT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(LT, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] < b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean lessEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(LE, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(LE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(LE, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] <= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greater(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(GT, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(GT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(GT, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] > b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greaterEqual(int[] a, int ai, int as, int[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = I.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(GE, IntVector.fromArray(I, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      int y = b[bi];
      for (; i < up; i += I.length()) {
        IntVector.fromArray(I, a, ai + i).compare(GE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= y;
      }
    } else if (as == 0 && bs == 1) {
      IntVector vx = IntVector.broadcast(I, a[ai]);
      for (; i < up; i += I.length()) {
        vx.compare(GE, IntVector.fromArray(I, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] >= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean add(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).add(LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      LongVector vy = LongVector.broadcast(L, y);
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).add(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] + y;
      }
    } else if (as == 0 && bs == 1) {
      long x = a[ai];
      LongVector vx = LongVector.broadcast(L, x);
      for (; i < up; i += L.length()) {
        vx.add(LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x + b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean subtract(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).sub(LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      LongVector vy = LongVector.broadcast(L, y);
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).sub(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] - y;
      }
    } else if (as == 0 && bs == 1) {
      long x = a[ai];
      LongVector vx = LongVector.broadcast(L, x);
      for (; i < up; i += L.length()) {
        vx.sub(LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x - b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean multiply(long[] a, int ai, int as, long[] b, int bi, int bs,
      long[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).mul(LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      LongVector vy = LongVector.broadcast(L, y);
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).mul(vy).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] * y;
      }
    } else if (as == 0 && bs == 1) {
      long x = a[ai];
      LongVector vx = LongVector.broadcast(L, x);
      for (; i < up; i += L.length()) {
        vx.mul(LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = x * b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean equal(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(EQ, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(EQ, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] == y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(EQ, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] == b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean notEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(NE, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(NE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] != y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(NE, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] != b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean less(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(LT, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(LT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] < y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(LT, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] < b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean lessEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(LE, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(LE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] <= y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(LE, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] <= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greater(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(GT, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(GT, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] > y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(GT, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] > b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }

  static boolean greaterEqual(long[] a, int ai, int as, long[] b, int bi, int bs,
      boolean[] o, int oi, int n) {
    int i = 0;
    int up = L.loopBound(n);
    if (as == 1 && bs == 1) {
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(GE, LongVector.fromArray(L, b, bi + i))
            .intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= b[bi + i];
      }
    } else if (as == 1 && bs == 0) {
      long y = b[bi];
      for (; i < up; i += L.length()) {
        LongVector.fromArray(L, a, ai + i).compare(GE, y).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai + i] >= y;
      }
    } else if (as == 0 && bs == 1) {
      LongVector vx = LongVector.broadcast(L, a[ai]);
      for (; i < up; i += L.length()) {
        vx.compare(GE, LongVector.fromArray(L, b, bi + i)).intoArray(o, oi + i);
      }
      for (; i < n; i++) {
        o[oi + i] = a[ai] >= b[bi + i];
      }
    } else {
      return false;
    }
    return true;
  }


  static void castUnsignedBytes(byte[] a, int ai, float[] o, int oi, int n) {
    int i = 0;
    int up = F.loopBound(n);
    for (; i < up; i += F.length()) {
      ((FloatVector) ByteVector.fromArray(B, a, ai + i).convertShape(ZERO_EXTEND_B2I, I, 0)
          .convert(I2F, 0)).intoArray(o, oi + i);
    }
    for (; i < n; i++) {
      o[oi + i] = a[ai + i] & 0xFF;
    }
  }
}
