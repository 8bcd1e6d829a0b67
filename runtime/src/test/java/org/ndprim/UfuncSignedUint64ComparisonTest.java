package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Comparisons of a signed integer array with a {@code uint64} one are exact, as NumPy 2's mixed
 * {@code 'qQ->?'} and {@code 'Qq->?'} loops, not through {@code float64} (where 2^53 + 1 equals
 * 2^53). Seeded against an exact reference in {@link BigInteger}.
 */
class UfuncSignedUint64ComparisonTest {
  private static final List<Ufunc> COMPARISONS = List.of(Ufunc.EQUAL, Ufunc.NOT_EQUAL, Ufunc.LESS,
      Ufunc.LESS_EQUAL, Ufunc.GREATER, Ufunc.GREATER_EQUAL);
  private static final long[] EDGES = {0, 1, -1, (1L << 53), (1L << 53) + 1, (1L << 53) - 1,
      Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, -(1L << 53) - 1, 127, -128};

  @Test
  void numpysAnswersBeyond2To53() {
    // np.array([-1, 2**62, 2**53 + 1]) < np.array([2**64 - 1, 2**62, 2**53], dtype=np.uint64)
    // -> [True, False, False]; == -> [False, True, False] (numpy 2.4.6)
    LongNdArray a = LongNdArray.of(Shape.of(3), -1, 1L << 62, (1L << 53) + 1);
    UInt64NdArray b = UInt64NdArray.of(Shape.of(3), -1L, 1L << 62, 1L << 53);
    assertThat(((BooleanNdArray) Ufunc.LESS.apply(a, b)).toArray())
        .containsExactly(true, false, false);
    assertThat(((BooleanNdArray) Ufunc.EQUAL.apply(a, b)).toArray())
        .containsExactly(false, true, false);
    assertThat(((BooleanNdArray) Ufunc.GREATER_EQUAL.apply(b, a)).toArray())
        .containsExactly(true, true, false);
    // np.equal(np.array([-1], dtype=np.int8), np.array([2**64 - 1], dtype=np.uint64)) -> [False]
    assertThat(((BooleanNdArray) Ufunc.EQUAL.apply(ByteNdArray.of(Shape.of(1), (byte) -1),
        UInt64NdArray.of(Shape.of(1), -1L))).toArray()).containsExactly(false);
  }

  @Test
  void aBadOutIsNamedByTheComparisonAndLeftUntouched() {
    LongNdArray a = LongNdArray.of(Shape.of(2), -1, 5);
    UInt64NdArray b = UInt64NdArray.of(Shape.of(2), 1, 5);
    NdArray readOnly = BooleanNdArray.zeros(Shape.of(2)).readOnly();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Ufunc.EQUAL.into(readOnly, a, b))
        .hasMessageContaining("'equal'");
    BooleanNdArray small = BooleanNdArray.zeros(Shape.of(1));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Ufunc.LESS.into(small, a, b))
        .hasMessageContaining("non-broadcastable output");
    assertThat(small.getBoolean(0)).isFalse();
    // out is the signed operand itself: its negatives are found before it is overwritten
    LongNdArray c = LongNdArray.of(Shape.of(3), -1, 7, 9);
    Ufunc.LESS.into(c, c, UInt64NdArray.of(Shape.of(3), 0, 8, 9));
    assertThat(c.toArray()).containsExactly(1, 1, 0);
  }

  @Test
  void aBroadcastSignedOperandIsNotCopiedWhole() {
    com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean)
        java.lang.management.ManagementFactory.getThreadMXBean();
    NdArray big = LongNdArray.of(Shape.of(1), -3).broadcastTo(Shape.of(1 << 24));
    UInt64NdArray zero = UInt64NdArray.of(Shape.scalar(), 0L);
    long before = bean.getCurrentThreadAllocatedBytes();
    BooleanNdArray r = (BooleanNdArray) Ufunc.LESS.apply(big, zero);
    long allocated = bean.getCurrentThreadAllocatedBytes() - before;
    assertThat(r.getBoolean(12345)).isTrue();
    // the result and the negative mask, 16 MiB each, not a uint64 copy of 128 MiB
    assertThat(allocated).isLessThan(64L << 20);
  }

  @Test
  void everyComparisonBothWaysEqualsTheExactReference() {
    Random random = new Random(20261204);
    for (int round = 0; round < 400; round++) {
      Ufunc f = COMPARISONS.get(random.nextInt(COMPARISONS.size()));
      ScalarType<?> st = List.<ScalarType<?>>of(LongNdArray.TYPE, IntNdArray.TYPE,
          ByteNdArray.TYPE).get(random.nextInt(3));
      int n = 1 + random.nextInt(5);
      int m = 1 + random.nextInt(5);
      long[] s = new long[n];
      long[] u = new long[m];
      for (int i = 0; i < n; i++) {
        s[i] = narrow(st, value(random));
      }
      for (int i = 0; i < m; i++) {
        u[i] = value(random);
      }
      NdArray signed = st.fromLongs(Shape.of(n, 1), s);
      UInt64NdArray unsigned = UInt64NdArray.of(Shape.of(m), u);
      boolean signedFirst = random.nextBoolean();
      NdArray x = signedFirst ? signed : unsigned;
      NdArray y = signedFirst ? unsigned : signed;
      boolean[] expected = new boolean[n * m];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
          BigInteger a = BigInteger.valueOf(s[i]);
          BigInteger b = new BigInteger(Long.toUnsignedString(u[j]));
          int c = signedFirst ? a.compareTo(b) : b.compareTo(a);
          expected[i * m + j] = compare(f, c);
        }
      }
      String what = "round " + round + ": " + f.name() + " " + x + " " + y;
      NdArray got;
      switch (random.nextInt(3)) {
        case 0 -> got = f.apply(x, y);
        case 1 -> {
          // out= of another dtype: the booleans cast to int8 (0, 1)
          ByteNdArray out = ByteNdArray.zeros(Shape.of(n, m));
          f.into(out, x, y);
          got = Ufunc.NOT_EQUAL.apply(out, 0L);
        }
        default -> {
          // where=: unselected elements keep their values
          BooleanNdArray out = BooleanNdArray.zeros(Shape.of(n, m));
          boolean[] keep = new boolean[n * m];
          boolean[] mask = new boolean[n * m];
          for (int k = 0; k < mask.length; k++) {
            mask[k] = random.nextBoolean();
            keep[k] = random.nextBoolean();
            if (!mask[k]) {
              expected[k] = keep[k];
            }
          }
          out.copyFrom(BooleanNdArray.of(Shape.of(n, m), keep));
          f.intoWhere(out, BooleanNdArray.of(Shape.of(n, m), mask), x, y);
          got = out;
        }
      }
      assertThat(got.shape()).as(what).isEqualTo(Shape.of(n, m));
      assertThat(((BooleanNdArray) got).toArray()).as(what).containsExactly(expected);
    }
  }

  private static long value(Random random) {
    return random.nextInt(3) == 0 ? random.nextLong() : EDGES[random.nextInt(EDGES.length)]
        + random.nextInt(3) - 1;
  }

  private static long narrow(ScalarType<?> t, long v) {
    return t == IntNdArray.TYPE ? (int) v : t == ByteNdArray.TYPE ? (byte) v : v;
  }

  private static boolean compare(Ufunc f, int c) {
    if (f == Ufunc.EQUAL) {
      return c == 0;
    }
    if (f == Ufunc.NOT_EQUAL) {
      return c != 0;
    }
    if (f == Ufunc.LESS) {
      return c < 0;
    }
    if (f == Ufunc.LESS_EQUAL) {
      return c <= 0;
    }
    return f == Ufunc.GREATER ? c > 0 : c >= 0;
  }
}
