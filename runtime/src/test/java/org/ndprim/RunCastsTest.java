package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generated run casts ({@code <Type>Loops.castRun}, reached through {@link CastWriter#castRun})
 * give the general cast's values (each logical value read into a {@code long} carrier, then
 * converted by the target: {@link ScalarType#fromLongs}) for every pair they handle, from any
 * offset, with each type's extreme values; {@code astype} of contiguous, row-contiguous and
 * strided sources (the first two through the run cast, the last through the generated
 * {@code castInto}) gives those values too; the ufunc driver takes the run cast for a contiguous
 * tile of such an operand and gets the bits of the same ufunc on a copy cast first.
 */
class RunCastsTest {
  private static final List<ScalarType<?>> SOURCES = List.of(BooleanNdArray.TYPE,
      ByteNdArray.TYPE, UInt8NdArray.TYPE, ShortNdArray.TYPE, UInt16NdArray.TYPE,
      CharNdArray.TYPE, IntNdArray.TYPE, UInt32NdArray.TYPE);
  private static final List<ScalarType<?>> TARGETS = List.of(FloatNdArray.TYPE,
      DoubleNdArray.TYPE);

  /** The general cast of {@code a}'s elements, in C order: their carriers through fromLongs. */
  private static NdArray generalCast(NdArray a, ScalarType<?> to) {
    long[] carriers = new long[(int) a.size()];
    NdArray flat = a.copy().reshape(Shape.of(a.size()));
    for (int i = 0; i < carriers.length; i++) {
      Object v = flat.getObject(i);
      carriers[i] = v instanceof Boolean b ? (b ? 1 : 0) : v instanceof Character c ? c
          : ((Number) v).longValue();
    }
    return to.fromLongs(a.shape(), carriers);
  }

  /** The bits of element {@code i} of a float[] or double[]. */
  private static long bits(Object array, int i) {
    return array instanceof float[] f ? Float.floatToRawIntBits(f[i])
        : Double.doubleToRawLongBits(((double[]) array)[i]);
  }

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
      for (ScalarType<?> to : TARGETS) {
        assertThat(CastWriter.castsRuns(from, to)).as("%s -> %s", from, to).isTrue();
        Object expected = generalCast(whole, to).toStorageArray();
        // odd offsets; runs shorter and longer than LaneKernel.MIN (32); the empty run
        for (int[] run : new int[][] {{0, n}, {1, 997}, {7, 31}, {13, 33}, {500, 5}, {3, 0},
            {n, 0}}) {
          int offset = run[0];
          int count = run[1];
          Object dst = to == FloatNdArray.TYPE ? new float[count + 5] : new double[count + 5];
          CastWriter.castRun(from, src, offset, dst, 2, count);
          for (int i = 0; i < count; i++) {
            assertThat(bits(dst, 2 + i)).as("%s -> %s at %d", from, to, offset + i)
                .isEqualTo(bits(expected, offset + i));
          }
          // nothing outside [2, 2 + count) is written
          assertThat(bits(dst, 1)).isZero();
          assertThat(bits(dst, 2 + count)).isZero();
        }
      }
    }
  }

  @Test
  void otherPairsAreLeftToTheGeneralCast() {
    assertThat(CastWriter.castsRuns(LongNdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(UInt64NdArray.TYPE, FloatNdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(UInt8NdArray.TYPE, Float16NdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(UInt8NdArray.TYPE, IntNdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(IntNdArray.TYPE, Complex128NdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(FloatNdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(Float16NdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(CastWriter.castsRuns(Complex64NdArray.TYPE, DoubleNdArray.TYPE)).isFalse();
    assertThat(LongNdArray.TYPE.loops().castsRuns()).isFalse();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> LongNdArray.TYPE.loops()
        .castRun(new long[1], 0, new float[1], 0, 1))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void aWriterTakesRunsOnlyIntoItsOwnFloatingArrayAndNeverPastItsCount() {
    CastWriter<FloatNdArray> w = FloatNdArray.TYPE.castWriter(Shape.of(4));
    Object target = w.runTarget(UInt8NdArray.TYPE);
    assertThat(target).isInstanceOf(float[].class);
    assertThat(w.runTarget(LongNdArray.TYPE)).isNull();
    assertThat(Float16NdArray.TYPE.castWriter(Shape.of(4)).runTarget(UInt8NdArray.TYPE)).isNull();
    byte[] src = {(byte) 255, 1, 2, 3, 4};
    w.putRun(UInt8NdArray.TYPE, src, 0, target, 3);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> w.putRun(UInt8NdArray.TYPE, src, 3,
        target, 2)).isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot take 2");
    w.putRun(UInt8NdArray.TYPE, src, 4, target, 1);
    assertThat(w.result().toArray()).containsExactly(255f, 1f, 2f, 4f);
  }

  @Test
  void astypeOfContiguousRowContiguousAndStridedSourcesGivesTheGeneralCastsBits() {
    Random r = new Random(11);
    int h = 23;
    int w = 67;
    for (ScalarType<?> from : SOURCES) {
      NdArray a = from.wrapStorage(Shape.of(h, w), storage(from, h * w, r));
      // one run; rows of runs (odd offsets), long and short (< 16: the generated castInto);
      // strided, reversed and transposed (the generated castInto); empty; rank 0
      for (String index : new String[] {":, :", "1:, 3:-2", "1:, 3:10", "::2, 1::3",
          "::-1, ::-1", "5:5, :", "4, 9"}) {
        NdArray source = a.slice(index);
        for (ScalarType<?> to : TARGETS) {
          assertThat(source.astype(to)).as("%s[%s] -> %s", from, index, to)
              .isEqualTo(generalCast(source, to));
        }
      }
      for (ScalarType<?> to : TARGETS) {
        NdArray t = a.permute(1, 0);
        assertThat(t.astype(to)).as("%s.T -> %s", from, to).isEqualTo(generalCast(t, to));
      }
    }
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
