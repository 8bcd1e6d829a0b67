package org.ndprim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A program run by {@link PackagedJarUfuncBitsTest} in a child JVM on the packaged jar: prints
 * the lane kernel in use ({@link LaneKernel#name}), then one line per seeded case of
 * {@code add}, {@code subtract}, {@code multiply}, {@code true_divide} and the six comparisons of
 * {@code float64}, {@code float32}, {@code int32} and {@code int64} on contiguous rows (odd
 * lengths, offsets, a broadcast scalar on either side, into an offset output, in place), with a
 * digest of the result's raw bits and the number of elements that differ from a plain Java
 * loop's. The cases hold NaN, ±0, ±infinity, subnormals and the extreme integers. Then the
 * same for {@code astype(float32)} of {@code uint8} and {@code int8} arrays.
 */
public final class UfuncBits {
  private static final Ufunc[] UFUNCS = {Ufunc.ADD, Ufunc.SUBTRACT, Ufunc.MULTIPLY,
      Ufunc.TRUE_DIVIDE, Ufunc.EQUAL, Ufunc.NOT_EQUAL, Ufunc.LESS, Ufunc.LESS_EQUAL,
      Ufunc.GREATER, Ufunc.GREATER_EQUAL};
  private static final int CASES = 400;

  private UfuncBits() {}

  /**
   * Prints the kernel's name and the cases' lines.
   *
   * @param args unused
   */
  public static void main(String[] args) {
    StringBuilder out = new StringBuilder(LaneKernel.name()).append('\n');
    for (String line : lines()) {
      out.append(line).append('\n');
    }
    System.out.print(out);
  }

  /** {@return one line per case: type, ufunc, form, length, offsets, digest, mismatches} */
  static List<String> lines() {
    SplittableRandom random = new SplittableRandom(20261202);
    int size = 6000;
    double[] d = new double[size];
    double[] d2 = new double[size];
    for (int i = 0; i < size; i++) {
      d[i] = value(random);
      d2[i] = random.nextInt(8) == 0 ? d[i] : value(random); // some equal pairs
    }
    List<String> lines = new ArrayList<>();
    for (int k = 0; k < CASES; k++) {
      int n = k < 200 ? k : random.nextInt(200, 5000);
      int oa = random.nextInt(16);
      int ob = random.nextInt(16);
      int oo = random.nextInt(16);
      int form = random.nextInt(5); // 0 a b, 1 a scalar, 2 scalar b, 3 into offset out, 4 in place
      for (String type : List.of("f8", "f4", "i4", "i8")) {
        for (Ufunc u : UFUNCS) {
          if (u == Ufunc.TRUE_DIVIDE && type.startsWith("i")) {
            continue;
          }
          boolean compare = u != Ufunc.ADD && u != Ufunc.SUBTRACT && u != Ufunc.MULTIPLY
              && u != Ufunc.TRUE_DIVIDE;
          int f = compare && form == 4 ? 3 : form; // a comparison's output is bool: not in place
          NdArray a = array(type, d, oa, n);
          NdArray b = f == 1 || f == 2 ? array(type, d2, ob, 1).reshape(Shape.of())
              : array(type, d2, ob, n);
          NdArray x = f == 2 ? b : a;
          NdArray y = f == 2 ? a : b;
          NdArray result;
          if (f == 3) {
            NdArray out = compare
                ? BooleanNdArray.zeros(Shape.of(n + 16)).slice(oo + ":" + (oo + n))
                : array(type, new double[size], oo, n);
            result = u.into(out, x, y);
          } else if (f == 4) {
            result = u.into(x, x, y);
          } else {
            result = u.apply(x, y);
          }
          long[] got = bits(result);
          long[] want = reference(u, type, bits(f == 4 ? array(type, d, oa, n) : x), bits(y), n);
          int wrong = 0;
          for (int i = 0; i < n; i++) {
            wrong += got[i] == want[i] ? 0 : 1;
          }
          lines.add(type + " " + u.name() + " " + f + " " + n + " " + oa + " " + ob + " " + oo
              + " " + Long.toHexString(Arrays.hashCode(got)) + " " + wrong);
        }
      }
    }
    for (int k = 0; k < CASES; k++) {
      int n = k < 200 ? k : random.nextInt(200, 5000);
      int from = random.nextInt(16);
      byte[] v = new byte[from + n];
      random.nextBytes(v);
      NdArray u8 = UInt8NdArray.wrap(Shape.of(v.length), v).slice(from + ":");
      NdArray i8 = ByteNdArray.wrap(Shape.of(v.length), v).slice(from + ":");
      long[] unsigned = new long[n];
      long[] signed = new long[n];
      for (int i = 0; i < n; i++) {
        unsigned[i] = Float.floatToRawIntBits(v[from + i] & 0xFF);
        signed[i] = Float.floatToRawIntBits(v[from + i]);
      }
      for (NdArray x : List.of(u8, i8)) {
        long[] got = bits(x.astype(FloatNdArray.TYPE));
        lines.add("astype " + x.scalarType().name() + " " + n + " " + from + " "
            + Long.toHexString(Arrays.hashCode(got)) + " "
            + (Arrays.equals(got, x == u8 ? unsigned : signed) ? 0 : 1));
      }
    }
    return lines;
  }

  /** NaN, ±0, ±infinity, subnormals, integers at the extremes, or a random value. */
  private static double value(SplittableRandom r) {
    switch (r.nextInt(16)) {
      case 0: return Double.NaN;
      case 1: return r.nextBoolean() ? 0.0 : -0.0;
      case 2: return r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
      case 3: return r.nextDouble(-1, 1) * Double.MIN_NORMAL; // float64 subnormal
      case 4: return r.nextDouble(-1, 1) * Float.MIN_NORMAL; // float32 subnormal
      case 5: return r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
      case 6: return r.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE;
      case 7: return r.nextInt(-3, 4);
      default: return r.nextDouble(-1, 1) * Math.pow(2, r.nextInt(-60, 60));
    }
  }

  /** A fresh {@code n}-element view at {@code from} of {@code d} converted to the type. */
  private static NdArray array(String type, double[] d, int from, int n) {
    int m = from + n;
    NdArray whole;
    switch (type) {
      case "f8": whole = DoubleNdArray.wrap(Shape.of(m), Arrays.copyOf(d, m)); break;
      case "f4": {
        float[] v = new float[m];
        for (int i = 0; i < m; i++) {
          v[i] = (float) d[i];
        }
        whole = FloatNdArray.wrap(Shape.of(m), v);
        break;
      }
      case "i4": {
        int[] v = new int[m];
        for (int i = 0; i < m; i++) {
          v[i] = d[i] != d[i] ? 0 : (int) d[i];
        }
        whole = IntNdArray.wrap(Shape.of(m), v);
        break;
      }
      default: {
        long[] v = new long[m];
        for (int i = 0; i < m; i++) {
          v[i] = (long) d[i] ^ Double.doubleToRawLongBits(d[i]) >>> 61; // low bits vary
        }
        whole = LongNdArray.wrap(Shape.of(m), v);
      }
    }
    return whole.slice(from + ":" + m);
  }

  /** Raw bits of every element (booleans 0 or 1). */
  private static long[] bits(NdArray x) {
    int n = (int) x.size();
    long[] out = new long[n];
    if (x instanceof DoubleNdArray) {
      double[] v = ((DoubleNdArray) x).copy().reshape(Shape.of(n)).toArray();
      for (int i = 0; i < n; i++) {
        out[i] = Double.doubleToRawLongBits(v[i]);
      }
    } else if (x instanceof FloatNdArray) {
      float[] v = ((FloatNdArray) x).copy().reshape(Shape.of(n)).toArray();
      for (int i = 0; i < n; i++) {
        out[i] = Float.floatToRawIntBits(v[i]);
      }
    } else if (x instanceof IntNdArray) {
      int[] v = ((IntNdArray) x).copy().reshape(Shape.of(n)).toArray();
      for (int i = 0; i < n; i++) {
        out[i] = v[i];
      }
    } else if (x instanceof LongNdArray) {
      out = ((LongNdArray) x).copy().reshape(Shape.of(n)).toArray();
    } else {
      boolean[] v = ((BooleanNdArray) x).copy().reshape(Shape.of(n)).toArray();
      for (int i = 0; i < n; i++) {
        out[i] = v[i] ? 1 : 0;
      }
    }
    return out;
  }

  /** The plain Java loop's result bits, {@code x} or {@code y} of one element broadcast. */
  private static long[] reference(Ufunc u, String type, long[] x, long[] y, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      long p = x[x.length == 1 ? 0 : i];
      long q = y[y.length == 1 ? 0 : i];
      switch (type) {
        case "f8": {
          double a = Double.longBitsToDouble(p);
          double b = Double.longBitsToDouble(q);
          out[i] = u == Ufunc.ADD ? Double.doubleToRawLongBits(a + b)
              : u == Ufunc.SUBTRACT ? Double.doubleToRawLongBits(a - b)
              : u == Ufunc.MULTIPLY ? Double.doubleToRawLongBits(a * b)
              : u == Ufunc.TRUE_DIVIDE ? Double.doubleToRawLongBits(a / b)
              : compare(u, Double.compare(a, b), a != a || b != b, a == b);
          break;
        }
        case "f4": {
          float a = Float.intBitsToFloat((int) p);
          float b = Float.intBitsToFloat((int) q);
          out[i] = u == Ufunc.ADD ? Float.floatToRawIntBits(a + b)
              : u == Ufunc.SUBTRACT ? Float.floatToRawIntBits(a - b)
              : u == Ufunc.MULTIPLY ? Float.floatToRawIntBits(a * b)
              : u == Ufunc.TRUE_DIVIDE ? Float.floatToRawIntBits(a / b)
              : compare(u, Float.compare(a, b), a != a || b != b, a == b);
          break;
        }
        case "i4": {
          int a = (int) p;
          int b = (int) q;
          out[i] = u == Ufunc.ADD ? a + b : u == Ufunc.SUBTRACT ? a - b
              : u == Ufunc.MULTIPLY ? a * b : compare(u, Integer.compare(a, b), false, a == b);
          break;
        }
        default:
          out[i] = u == Ufunc.ADD ? p + q : u == Ufunc.SUBTRACT ? p - q
              : u == Ufunc.MULTIPLY ? p * q : compare(u, Long.compare(p, q), false, p == q);
      }
    }
    return out;
  }

  /**
   * NumPy's comparison from {@code compare}'s sign: every comparison with NaN is false but
   * {@code not_equal}, true; {@code equal} is {@code ==} (so -0.0 equals 0.0).
   */
  private static long compare(Ufunc u, int c, boolean nan, boolean eq) {
    boolean r;
    if (u == Ufunc.EQUAL) {
      r = eq;
    } else if (u == Ufunc.NOT_EQUAL) {
      r = !eq;
    } else if (nan) {
      r = false;
    } else if (eq) {
      r = u == Ufunc.LESS_EQUAL || u == Ufunc.GREATER_EQUAL; // ±0 compare equal
    } else {
      boolean less = c < 0;
      r = u == Ufunc.LESS || u == Ufunc.LESS_EQUAL ? less : !less;
    }
    return r ? 1 : 0;
  }
}
