package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link RunCasts} gives the general cast's values ({@code astype}, through {@link CastWriter}'s
 * carriers) for every pair it handles, from any offset, with each type's extreme values; the
 * ufunc driver takes it for a contiguous tile of such an operand and gets the bits of the same
 * ufunc on a copy cast first.
 */
class RunCastsTest {
  private static final List<ScalarType<?>> SOURCES = List.of(BooleanNdArray.TYPE,
      ByteNdArray.TYPE, UInt8NdArray.TYPE, ShortNdArray.TYPE, UInt16NdArray.TYPE,
      CharNdArray.TYPE, IntNdArray.TYPE, UInt32NdArray.TYPE);

  /** Random stored values of {@code type}, with its extremes and zero at the front. */
  private static Object storage(ScalarType<?> type, int n, Random r) {
    Class<?> c = type.storageType();
    if (c == boolean.class) {
      boolean[] s = new boolean[n];
      for (int i = 0; i < n; i++) {
        s[i] = r.nextBoolean();
      }
      return s;
    }
    long[] extremes = {0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, Short.MIN_VALUE,
        Short.MAX_VALUE, Byte.MIN_VALUE, Byte.MAX_VALUE, 16_777_217, -16_777_217, 0x7FFF_FFBF,
        0x8000_0041};
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = i < extremes.length ? extremes[i] : r.nextInt();
    }
    if (c == byte.class) {
      byte[] s = new byte[n];
      for (int i = 0; i < n; i++) {
        s[i] = (byte) v[i];
      }
      return s;
    }
    if (c == short.class) {
      short[] s = new short[n];
      for (int i = 0; i < n; i++) {
        s[i] = (short) v[i];
      }
      return s;
    }
    if (c == char.class) {
      char[] s = new char[n];
      for (int i = 0; i < n; i++) {
        s[i] = (char) v[i];
      }
      return s;
    }
    int[] s = new int[n];
    for (int i = 0; i < n; i++) {
      s[i] = (int) v[i];
    }
    return s;
  }

  @Test
  void everyPairCastsAsTheGeneralCastFromAnyOffset() {
    Random r = new Random(20261203);
    int n = 1000;
    for (ScalarType<?> from : SOURCES) {
      Object src = storage(from, n, r);
      NdArray whole = from.wrapStorage(Shape.of(n), src);
      for (ScalarType<?> to : List.of(FloatNdArray.TYPE, DoubleNdArray.TYPE)) {
        assertThat(RunCasts.supports(from, to)).as("%s -> %s", from, to).isTrue();
        NdArray expected = whole.astype(to);
        for (int offset : new int[] {0, 1, 7, 500}) {
          int count = n - offset - 3;
          Object dst = to == FloatNdArray.TYPE ? new float[count + 5] : new double[count + 5];
          assertThat(RunCasts.cast(from, src, offset, to, dst, 2, count)).isTrue();
          for (int i = 0; i < count; i++) {
            double want = ((Number) expected.getObject(offset + i)).doubleValue();
            double got = dst instanceof float[] f ? f[2 + i] : ((double[]) dst)[2 + i];
            assertThat(got).as("%s -> %s at %d", from, to, offset + i).isEqualTo(want);
          }
          // nothing outside [2, 2 + count) is written
          double before = dst instanceof float[] f ? f[1] : ((double[]) dst)[1];
          double after = dst instanceof float[] f ? f[2 + count] : ((double[]) dst)[2 + count];
          assertThat(before).isZero();
          assertThat(after).isZero();
        }
      }
    }
  }

  @Test
  void otherPairsAndUserTypesAreLeftToTheGeneralCast() {
    assertThat(RunCasts.supports(LongNdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(RunCasts.supports(UInt8NdArray.TYPE, Float16NdArray.TYPE)).isFalse();
    assertThat(RunCasts.supports(FloatNdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(RunCasts.cast(UInt8NdArray.TYPE, new byte[4], 0, IntNdArray.TYPE, new int[4], 0,
        4)).isFalse();
  }

  @Test
  void aUfuncOfACastOperandGivesTheBitsOfTheSameUfuncOnItsCast() {
    Random r = new Random(7);
    for (ScalarType<?> from : SOURCES) {
      // (h, w, 3) - (3,): short rows, every operand gathered into the driver's buffers;
      // (h, w) - (w,): long rows; a reversed view: not one run, the general cast
      int h = 37;
      int w = 41;
      NdArray img = from.wrapStorage(Shape.of(h, w, 3), storage(from, h * w * 3, r));
      FloatNdArray mean = FloatNdArray.of(Shape.of(3), 0.5f, -3.25f, 1e6f);
      NdArray flat = from.wrapStorage(Shape.of(h, w), storage(from, h * w, r));
      DoubleNdArray row = DoubleNdArray.zeros(Shape.of(w)).fill(0.125);
      for (NdArray[] pair : new NdArray[][] {{img, mean}, {flat, row},
          {img.slice("::-1, :, ::-1"), mean}, {flat.slice(":, 1::2"), row.slice("1::2")}}) {
        NdArray got = Ufunc.SUBTRACT.apply(pair[0], pair[1]);
        ScalarType<?> t = got.scalarType();
        NdArray want = Ufunc.SUBTRACT.apply(pair[0].astype(t), pair[1].astype(t));
        assertThat(got).as("%s", from).isEqualTo(want);
        NdArray out = t.zeros(got.shape());
        Ufunc.DIVIDE.into(out, pair[0], pair[1]);
        assertThat(out).isEqualTo(Ufunc.DIVIDE.apply(pair[0].astype(t), pair[1].astype(t)));
      }
    }
  }
}
