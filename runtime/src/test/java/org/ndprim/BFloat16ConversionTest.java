package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.ConversionGolden;
import org.ndprim.testing.ConversionGolden.Case;
import org.ndprim.testing.ConversionInputs;

/**
 * BFloat16Scalar's conversions: against a bit-level round-to-nearest-even reference written here
 * ({@link #reference}) for 1.4 x 10^8 float patterns (every bfloat16 pattern as the upper half
 * with 64 lower halves: the ties, their neighbours, the extremes and random ones; and every lower
 * half under the 2,048 upper halves of every sign and exponent with its edge significands), and
 * against ml_dtypes 0.6.0 for every bfloat16 pattern widened and 2^19 float and 2^19 double
 * inputs narrowed (every rounding boundary and its neighbours, then random patterns),
 * {@code golden/bfloat16_conversions.txt} by {@code src/test/python/gen_bfloat16_golden.py}
 * (digests per chunk, explicit cases; the tests never run Python). All 2^32 patterns would take
 * six to twelve seconds on two cores.
 */
class BFloat16ConversionTest {
  private static final ConversionGolden GOLDEN =
      ConversionGolden.read(Path.of("src/test/resources/golden/bfloat16_conversions.txt"));
  private static final int CHUNKS = 8;
  private static final double BEYOND = 0x1p128;

  /**
   * Round to nearest, ties to even, on the raw bits: keep the upper 16 bits and add one when the
   * lower 16 are above half, or exactly half and the kept last bit is odd (a carry steps the
   * exponent, from the largest finite value to infinity); every NaN becomes the quiet NaN
   * 0x7FC0 with its sign, as ml_dtypes.
   */
  static int reference(int f) {
    boolean nan = (f & 0x7F80_0000) == 0x7F80_0000 && (f & 0x007F_FFFF) != 0;
    if (nan) {
      return (f >>> 16 & 0x8000) | 0x7FC0;
    }
    int upper = f >>> 16;
    int lower = f & 0xFFFF;
    if (lower > 0x8000 || lower == 0x8000 && (upper & 1) == 1) {
      upper++;
    }
    return upper & 0xFFFF;
  }

  private static int narrow(int f) {
    return BFloat16Scalar.toStorage(Float.intBitsToFloat(f)) & 0xFFFF;
  }

  /** The finite non-negative bfloat16 values 0x0000..0x7F7F. */
  private static double[] values() {
    double[] v = new double[0x7F80];
    for (int h = 0; h < v.length; h++) {
      v[h] = Float.intBitsToFloat(h << 16);
    }
    return v;
  }

  @Test
  void narrowsEveryUpperHalfWithTheInterestingLowerHalvesAsTheReference() {
    int[] fixed = {0x0000, 0x0001, 0x0002, 0x4000, 0x7FFE, 0x7FFF, 0x8000, 0x8001, 0x8002,
        0xC000, 0xFFFE, 0xFFFF};
    long failures = IntStream.range(0, 0x10000).parallel().mapToLong(hi -> {
      long bad = 0;
      for (int k = 0; k < 64; k++) {
        int lo = k < fixed.length ? fixed[k]
            : (int) ConversionInputs.splitmix64(0x5EEDB16L, (long) hi * 64 + k) & 0xFFFF;
        int f = hi << 16 | lo;
        bad += narrow(f) == reference(f) ? 0 : 1;
      }
      return bad;
    }).sum();
    assertThat(failures).isZero();
  }

  @Test
  void narrowsEveryLowerHalfUnderEveryExponentAsTheReference() {
    // Even and odd kept significands, the last two carrying into the exponent when rounded up.
    int[] highs = new int[512 * 4];
    int n = 0;
    for (int signAndExponent = 0; signAndExponent < 512; signAndExponent++) {
      for (int significand : new int[] {0x00, 0x01, 0x7E, 0x7F}) {
        highs[n++] = signAndExponent << 7 | significand;
      }
    }
    long[] failing = IntStream.range(0, highs.length).parallel().mapToLong(k -> {
      for (int lo = 0; lo < 0x10000; lo++) {
        int f = highs[k] << 16 | lo;
        if (narrow(f) != reference(f)) {
          return f & 0xFFFF_FFFFL;
        }
      }
      return -1;
    }).filter(f -> f >= 0).limit(1).toArray();
    assertThat(failing).as("the bits of a float toStorage rounds unlike the reference").isEmpty();
  }

  @Test
  void referenceAgreesWithMlDtypes() {
    // The reference itself against ml_dtypes' explicit cases: it is what the sweeps trust.
    for (Case c : GOLDEN.cases("f2b")) {
      assertThat(reference((int) c.in())).as("reference(0x%08x = %s)", c.in(), c.text())
          .isEqualTo((int) c.out());
    }
  }

  @Test
  void javaGeneratesTheScriptsInputs() {
    int[] in32 = ConversionInputs.sequence32(values(), BEYOND, 0x5EEDBF16L, CHUNKS, -126, 127);
    GOLDEN.checkDigests("in32", Arrays.stream(in32).mapToLong(b -> b & 0xFFFF_FFFFL).toArray(),
        4, "ConversionInputs.sequence32", i -> "index " + i);
    GOLDEN.checkDigests("in64",
        ConversionInputs.sequence64(values(), BEYOND, 0x5EEDBD16L, CHUNKS, -140, 130), 8,
        "ConversionInputs.sequence64", i -> "index " + i);
  }

  @Test
  void widensEveryPatternLikeMlDtypes() {
    long[] floats = new long[0x10000];
    short[] all = new short[0x10000];
    for (int h = 0; h < 0x10000; h++) {
      all[h] = (short) h;
      floats[h] = Float.floatToRawIntBits(BFloat16Scalar.toLogical((short) h)) & 0xFFFF_FFFFL;
    }
    for (Case c : GOLDEN.cases("b2f")) {
      assertThat(floats[(int) c.in()]).as("toLogical(0x%04x)", c.in()).isEqualTo(c.out());
    }
    GOLDEN.checkDigests("b2f", floats, 4, "toLogical", i -> String.format("0x%04x", i));
    float[] cast = BFloat16NdArray.wrap(Shape.of(all.length), all).astype(FloatNdArray.TYPE)
        .toArray();
    long[] quiet = new long[cast.length];
    for (int i = 0; i < cast.length; i++) {
      int bits = Float.floatToRawIntBits(cast[i]);
      quiet[i] = (Float.isNaN(cast[i]) ? bits | 0x40_0000 : bits) & 0xFFFF_FFFFL;
    }
    GOLDEN.checkDigests("b2f~q", quiet, 4, "astype(FloatNdArray.TYPE)",
        i -> String.format("0x%04x", i));
  }

  @Test
  void narrowsFloatsLikeMlDtypes() {
    for (Case c : GOLDEN.cases("f2b")) {
      assertThat(narrow((int) c.in())).as("toStorage(0x%08x = %s)", c.in(), c.text())
          .isEqualTo((int) c.out());
    }
    int[] in = ConversionInputs.sequence32(values(), BEYOND, 0x5EEDBF16L, CHUNKS, -126, 127);
    long[] out = Arrays.stream(in).mapToLong(BFloat16ConversionTest::narrow).toArray();
    GOLDEN.checkDigests("f2b", out, 2, "toStorage(float)", i -> String.format("0x%08x", in[i]));
    float[] floats = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      floats[i] = Float.intBitsToFloat(in[i]);
    }
    // Through astype every float goes through double (which quiets a signalling NaN): ml_dtypes'
    // 0x7FC0 either way.
    short[] cast = FloatNdArray.wrap(Shape.of(floats.length), floats)
        .astype(BFloat16NdArray.TYPE).toStorageArray();
    long[] castBits = new long[cast.length];
    for (int i = 0; i < cast.length; i++) {
      castBits[i] = cast[i] & 0xFFFF;
    }
    GOLDEN.checkDigests("f2b", castBits, 2, "FloatNdArray.astype(BFloat16)",
        i -> String.format("0x%08x", in[i]));
  }

  @Test
  void narrowsDoublesThroughFloatLikeMlDtypes() {
    long[] in = ConversionInputs.sequence64(values(), BEYOND, 0x5EEDBD16L, CHUNKS, -140, 130);
    for (Case c : GOLDEN.cases("d2b")) {
      double d = Double.longBitsToDouble(c.in());
      assertThat(BFloat16NdArray.TYPE.fromDoubles(Shape.of(1), new double[] {d})
          .toStorageArray()[0] & 0xFFFF).as("fromDoubles(0x%016x = %s)", c.in(), c.text())
          .isEqualTo((int) c.out());
    }
    double[] doubles = Arrays.stream(in).mapToDouble(Double::longBitsToDouble).toArray();
    short[] cast = DoubleNdArray.wrap(Shape.of(doubles.length), doubles)
        .astype(BFloat16NdArray.TYPE).toStorageArray();
    long[] out = new long[cast.length];
    for (int i = 0; i < cast.length; i++) {
      out[i] = cast[i] & 0xFFFF;
    }
    GOLDEN.checkDigests("d2b", out, 2, "DoubleNdArray.astype(BFloat16)",
        i -> String.format("0x%016x", in[i]));
  }
}
