package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An array entry ({@link Indices#take}, {@link Indices#mask}) refers to the caller's array and
 * reads it when applied, as NumPy reads the index arrays of {@code a[idx]}; an assignment still
 * selects by the positions or flags as they were before its first write, and checks every
 * position before writing.
 */
class IndicesReadWhenAppliedTest {
  private static LongNdArray arange(int n) {
    return NdArrays.arange(LongNdArray.TYPE, n);
  }

  @Test
  void positionsChangedAfterTheEntryIsMadeAreReadWhenItIsApplied() {
    // numpy 2.4: arr = np.array([1, 2]); idx = (arr,); arr[0] = 5; np.arange(10.)[idx] -> [5., 2.]
    DoubleNdArray a = NdArrays.arange(DoubleNdArray.TYPE, 10);
    long[] p = {1, 2};
    Index fromJava = Indices.take(p);
    LongNdArray q = LongNdArray.vector(1, 2);
    Index fromArray = Indices.take(q);
    IntNdArray r = IntNdArray.vector(1, 2);
    Index fromInt32 = Indices.take(r);
    LongNdArray s = LongNdArray.vector(1, 9, 2, 9);
    Index fromView = Indices.take(s.slice("::2"));
    ByteBuffer buffer = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
    LongNdArray t = LongNdArray.wrap(Shape.of(2), buffer);
    t.copyFrom(LongNdArray.vector(1, 2));
    Index fromBuffer = Indices.take(t);
    for (Index i : new Index[] {fromJava, fromArray, fromInt32, fromView, fromBuffer}) {
      assertThat(a.slice(i).toArray()).containsExactly(1, 2);
    }
    p[0] = 5;
    q.setLong(5, 0);
    r.setInt(5, 0);
    s.setLong(5, 0);
    t.setLong(5, 0);
    for (Index i : new Index[] {fromJava, fromArray, fromInt32, fromView, fromBuffer}) {
      assertThat(a.slice(i).toArray()).containsExactly(5, 2);
      assertThat(i.toString()).isEqualTo("[5, 2]");
      assertThat(i).isEqualTo(Indices.take(5, 2));
    }
    // one entry, applied to arrays of other types and lengths, is checked against each
    p[1] = -1;
    assertThat(NdArrays.arange(IntNdArray.TYPE, 6).slice(fromJava).toArray()).containsExactly(5, 5);
    assertThatThrownBy(() -> NdArrays.arange(IntNdArray.TYPE, 3).slice(fromJava))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 5 is out of bounds for axis 0 with size 3");
  }

  @Test
  void flagsChangedAfterTheMaskIsMadeAreReadWhenItIsApplied() {
    // numpy 2.4: m = np.array([True, False, True]); t = (m,); m[1] = True; np.arange(3)[t] -> [0 1 2]
    LongNdArray a = arange(3);
    BooleanNdArray m = BooleanNdArray.vector(true, false, true);
    Index i = Indices.mask(m);
    assertThat(a.slice(i).toArray()).containsExactly(0, 2);
    m.setBoolean(true, 1);
    assertThat(a.slice(i).toArray()).containsExactly(0, 1, 2);
    assertThat(i.toString()).isEqualTo("[True, True, True]");
    m.setBoolean(false, 0);
    a.assign(LongNdArray.scalar(7), i);
    assertThat(a.toArray()).containsExactly(0, 7, 7);
  }

  @Test
  void aMaskOverTheAssignedArraySelectsByItsFlagsAsTheyWereBeforeTheWrites() {
    // the mask is the target shifted by one: each write would set the next flag if the flags
    // were read while writing (numpy 2.4 does: b = [T, F, F, F, F]; b[1:][b[:-1]] = True gives
    // all True); ndprim selects b[:-1]'s flags as they were, as b[1:][np.nonzero(b[:-1].copy())]
    BooleanNdArray b = BooleanNdArray.vector(true, false, false, false, false);
    b.slice("1:").assign(BooleanNdArray.scalar(true), Indices.mask(b.slice(":-1")));
    assertThat(b.toArray()).containsExactly(true, true, false, false, false);
    // the mask and the target as views of one array, longer than one block of offsets: {mask
    // view, target view}, each of n elements; element k of a view is element at(k) of the array
    Random random = new Random(21);
    int len = 5000;
    String[][] cases = {{"...", "..."}, {"::-1", "..."}, {"...", "::-1"}, {"1:", ":-1"},
        {":-1", "1:"}};
    for (String[] views : cases) {
      for (boolean value : new boolean[] {true, false}) {
        boolean[] flags = new boolean[len];
        for (int k = 0; k < len; k++) {
          flags[k] = random.nextBoolean();
        }
        BooleanNdArray c = BooleanNdArray.wrap(Shape.of(len), flags.clone());
        BooleanNdArray mask = c.slice(views[0]);
        BooleanNdArray target = c.slice(views[1]);
        boolean[] expected = flags.clone();
        for (int k = 0; k < target.size(); k++) {
          if (flags[at(views[0], k, len)]) {
            expected[at(views[1], k, len)] = value;
          }
        }
        target.assign(BooleanNdArray.scalar(value), Indices.mask(mask));
        assertThat(c.toArray()).as(views[1] + " = " + value + " where " + views[0])
            .containsExactly(expected);
      }
    }
  }

  /** {@return where element {@code k} of {@code view} of an array of {@code len} is} */
  private static int at(String view, int k, int len) {
    return switch (view) {
      case "::-1" -> len - 1 - k;
      case "1:" -> 1 + k;
      default -> k; // "..." and ":-1"
    };
  }

  @Test
  void aMaskComputedFromTheTargetSelectsAsBeforeTheWrites() {
    // a[a > 0.5] = 0 (the benchmarks' W33), and b[b] = False over a mask that is b itself
    double[] x = new Random(33).doubles(3000).toArray();
    DoubleNdArray a = DoubleNdArray.wrap(Shape.of(x.length), x.clone());
    a.assign(DoubleNdArray.scalar(0), Indices.mask(a.greater(0.5)));
    for (int k = 0; k < x.length; k++) {
      assertThat(a.getDouble(k)).isEqualTo(x[k] > 0.5 ? 0 : x[k]);
    }
    BooleanNdArray b = BooleanNdArray.vector(true, false, true, true);
    b.assign(BooleanNdArray.scalar(false), Indices.mask(b));
    assertThat(b.toArray()).containsExactly(false, false, false, false);
  }

  @Test
  void positionsOverTheAssignedArrayAreReadBeforeTheWrites() {
    // x[i] = i + 1 (mod n): a permutation; x[x] = n + 1000 writes every element once. Read while
    // writing, a later block would find an overwritten (out-of-bounds) position; numpy 2.4's
    // x[x] = v reads x as it was (its result equals x[x.copy()] = v)
    int n = 3000;
    long[] values = new long[n];
    for (int k = 0; k < n; k++) {
      values[k] = (k + 1) % n;
    }
    LongNdArray x = LongNdArray.wrap(Shape.of(n), values);
    x.assign(LongNdArray.scalar(n + 1000), Indices.take(x));
    assertThat(x.toArray()).containsOnly(n + 1000L);
    // the same through the caller's long[] and a reversed view of the target
    long[] raw = new long[n];
    for (int k = 0; k < n; k++) {
      raw[k] = (k + 1) % n;
    }
    LongNdArray y = LongNdArray.wrap(Shape.of(n), raw);
    y.assign(LongNdArray.scalar(-5), Indices.take(raw));
    assertThat(y.toArray()).containsOnly(-5L);
    java.util.Arrays.setAll(values, k -> (k + 1) % n);
    LongNdArray z = LongNdArray.wrap(Shape.of(n), values);
    z.assign(NdArrays.arange(LongNdArray.TYPE, n, 2L * n, 1), Indices.take(z.slice("::-1")));
    long[] expected = new long[n];
    for (int k = 0; k < n; k++) {
      expected[(n - k) % n] = n + k; // element k of the reversed snapshot is (n - k) % n
    }
    assertThat(z.toArray()).containsExactly(expected);
  }

  @Test
  void positionsMadeHostileAfterTheEntryAreRefusedBeforeAnyWrite() {
    long[] p = new long[3000];
    java.util.Arrays.setAll(p, k -> k);
    Index i = Indices.take(p);
    LongNdArray a = arange(3000);
    a.assign(LongNdArray.scalar(-1), i);
    assertThat(a.toArray()).containsOnly(-1L);
    LongNdArray b = arange(3000);
    p[2999] = 3000; // the last position, in the last block of offsets
    assertThatThrownBy(() -> b.assign(LongNdArray.scalar(-1), i))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 3000 is out of bounds for axis 0 with size 3000");
    assertThat(b.toArray()).containsExactly(arange(3000).toArray());
    p[2999] = -3001;
    assertThatThrownBy(() -> b.assign(LongNdArray.vector(1), i))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -3001 is out of bounds for axis 0 with size 3000");
    assertThatThrownBy(() -> b.slice(i))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -3001 is out of bounds for axis 0 with size 3000");
    assertThat(b.toArray()).containsExactly(arange(3000).toArray());
    // two arrays: both checked before the first write
    long[] rows = {0, 1};
    long[] cols = {0, 1};
    Index ri = Indices.take(rows);
    Index ci = Indices.take(cols);
    LongNdArray c = arange(4).reshape(2, 2);
    cols[1] = 2;
    assertThatThrownBy(() -> c.assign(LongNdArray.scalar(9), ri, ci))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 1 with size 2");
    assertThat(c.toArray()).containsExactly(0, 1, 2, 3);
  }
}
