package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.ndprim.testing.ConversionGolden;
import org.ndprim.testing.ConversionGolden.Case;
import org.ndprim.testing.ConversionInputs;

/**
 * Float16Scalar's conversions against numpy 2.4.6: {@code golden/float16_conversions.txt}, written
 * by {@code src/test/python/gen_float16_golden.py} (its docstring describes the inputs and the
 * lines; the tests never run Python). Every one of the 65,536 half patterns widened to float and
 * double, and 2^20 float and 2^20 double inputs narrowed (every midpoint between neighbouring
 * halves and its float and double neighbours, the overflow threshold 65520, the subnormals, then
 * random patterns), compared as SHA-256 digests of the outputs per chunk, with explicit cases to
 * localise a failure. The inputs come from {@link ConversionInputs}, the same algorithm as the
 * script's.
 */
class Float16ConversionTest {
  private static final ConversionGolden GOLDEN =
      ConversionGolden.read(Path.of("src/test/resources/golden/float16_conversions.txt"));
  private static final int CHUNKS = 16;
  private static final long SEED32 = 0x5EED0F16L;
  private static final long SEED64 = 0x5EED0D16L;
  private static final int LO = -26;
  private static final int HI = 17;
  private static final double BEYOND = 65536;

  /** The finite non-negative float16 values 0x0000..0x7BFF, computed without Float16Scalar. */
  static double[] values() {
    double[] v = new double[0x7C00];
    for (int h = 0; h < v.length; h++) {
      int exponent = h >>> 10;
      int significand = h & 0x3FF;
      v[h] = exponent == 0 ? Math.scalb((double) significand, -24)
          : Math.scalb(1 + significand / 1024.0, exponent - 15);
    }
    return v;
  }

  private static int[] inputs32() {
    return ConversionInputs.sequence32(values(), BEYOND, SEED32, CHUNKS, LO, HI);
  }

  private static long[] inputs64() {
    return ConversionInputs.sequence64(values(), BEYOND, SEED64, CHUNKS, LO, HI);
  }

  private static long[] unsigned(int[] bits) {
    return Arrays.stream(bits).mapToLong(b -> b & 0xFFFF_FFFFL).toArray();
  }

  private static long[] unsigned(short[] bits) {
    long[] out = new long[bits.length];
    for (int i = 0; i < bits.length; i++) {
      out[i] = bits[i] & 0xFFFF;
    }
    return out;
  }

  /** The bits with the quiet bit set on every NaN (see the script: h2f~q, h2d~q). */
  private static long quietFloat(long bits) {
    return Float.isNaN(Float.intBitsToFloat((int) bits)) ? bits | 0x40_0000 : bits;
  }

  private static long quietDouble(long bits) {
    return Double.isNaN(Double.longBitsToDouble(bits)) ? bits | 1L << 51 : bits;
  }

  private static short[] allHalves() {
    short[] h = new short[0x10000];
    for (int i = 0; i < h.length; i++) {
      h[i] = (short) i;
    }
    return h;
  }

  @Test
  void javaGeneratesTheScriptsInputs() {
    GOLDEN.checkDigests("in32", unsigned(inputs32()), 4, "ConversionInputs.sequence32",
        i -> "index " + i);
    GOLDEN.checkDigests("in64", inputs64(), 8, "ConversionInputs.sequence64", i -> "index " + i);
  }

  @Test
  void widensEveryHalfLikeNumpy() {
    long[] floats = new long[0x10000];
    long[] doubles = new long[0x10000];
    for (int h = 0; h < 0x10000; h++) {
      float f = Float16Scalar.toLogical((short) h);
      floats[h] = Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
      doubles[h] = quietDouble(Double.doubleToRawLongBits(f));
    }
    for (Case c : GOLDEN.cases("h2f")) {
      assertThat(floats[(int) c.in()]).as("toLogical(0x%04x)", c.in()).isEqualTo(c.out());
    }
    for (Case c : GOLDEN.cases("h2d")) {
      assertThat(doubles[(int) c.in()]).as("(double) toLogical(0x%04x)", c.in())
          .isEqualTo(quietDouble(c.out()));
    }
    GOLDEN.checkDigests("h2f", floats, 4, "toLogical", i -> String.format("0x%04x", i));
    GOLDEN.checkDigests("h2d~q", doubles, 8, "(double) toLogical",
        i -> String.format("0x%04x", i));
  }

  @Test
  void widensThroughAstype() {
    Float16NdArray all = Float16NdArray.wrap(Shape.of(0x10000), allHalves());
    long[] floats = unsigned(floatBits(all.astype(FloatNdArray.TYPE).toArray()));
    GOLDEN.checkDigests("h2f~q", Arrays.stream(floats).map(Float16ConversionTest::quietFloat)
        .toArray(), 4, "astype(FloatNdArray.TYPE)", i -> String.format("0x%04x", i));
    long[] doubles = Arrays.stream(all.astype(DoubleNdArray.TYPE).toArray())
        .mapToLong(Double::doubleToRawLongBits).map(Float16ConversionTest::quietDouble).toArray();
    GOLDEN.checkDigests("h2d~q", doubles, 8, "astype(DoubleNdArray.TYPE)",
        i -> String.format("0x%04x", i));
  }

  private static int[] floatBits(float[] values) {
    int[] bits = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      bits[i] = Float.floatToRawIntBits(values[i]);
    }
    return bits;
  }

  @Test
  void narrowsAMillionFloatsLikeNumpy() {
    int[] in = inputs32();
    long[] out = new long[in.length];
    for (int i = 0; i < in.length; i++) {
      out[i] = Float16Scalar.toStorage(Float.intBitsToFloat(in[i])) & 0xFFFF;
    }
    // The explicit cases first: they name the input of a failure.
    for (Case c : GOLDEN.cases("f2h")) {
      assertThat(Float16Scalar.toStorage(Float.intBitsToFloat((int) c.in())) & 0xFFFF)
          .as("toStorage(0x%08x = %s)", c.in(), c.text()).isEqualTo((int) c.out());
    }
    GOLDEN.checkDigests("f2h", out, 2, "toStorage(float)",
        i -> String.format("0x%08x", in[i]));
  }

  @Test
  void narrowsAMillionDoublesInOneRoundingLikeNumpy() {
    long[] in = inputs64();
    long[] out = new long[in.length];
    long twice = 0;
    for (int i = 0; i < in.length; i++) {
      double d = Double.longBitsToDouble(in[i]);
      out[i] = Float16Scalar.toStorage(Float16Scalar.fromDouble(d)) & 0xFFFF;
      if (!Double.isNaN(d) && (Float16Scalar.toStorage((float) d) & 0xFFFF) != out[i]) {
        twice++;
      }
    }
    for (Case c : GOLDEN.cases("d2h")) {
      double d = Double.longBitsToDouble(c.in());
      assertThat(Float16Scalar.toStorage(Float16Scalar.fromDouble(d)) & 0xFFFF)
          .as("fromDouble(0x%016x = %s)", c.in(), c.text()).isEqualTo((int) c.out());
    }
    GOLDEN.checkDigests("d2h", out, 2, "fromDouble", i -> String.format("0x%016x", in[i]));
    // Through float the boundary inputs round twice: numpy's count of those that then differ.
    assertThat(twice).isEqualTo(GOLDEN.count("d2h-twice")).isGreaterThan(50000);
  }

  @Test
  void narrowsThroughAstype() {
    long[] in64 = inputs64();
    double[] doubles = Arrays.stream(in64).mapToDouble(Double::longBitsToDouble).toArray();
    short[] fromDoubles = DoubleNdArray.wrap(Shape.of(doubles.length), doubles)
        .astype(Float16NdArray.TYPE).toStorageArray();
    GOLDEN.checkDigests("d2h", unsigned(fromDoubles), 2, "DoubleNdArray.astype(Float16)",
        i -> String.format("0x%016x", in64[i]));
    // The float chunks holding only boundaries (no NaN: astype widens floats to double, which
    // quiets a signalling NaN); the explicit cases but signalling NaNs.
    int[] in32 = inputs32();
    int boundaryChunks = 8 * 0x7C00 / ConversionInputs.CHUNK;
    float[] floats = new float[boundaryChunks * ConversionInputs.CHUNK];
    for (int i = 0; i < floats.length; i++) {
      floats[i] = Float.intBitsToFloat(in32[i]);
    }
    long[] fromFloats = unsigned(FloatNdArray.wrap(Shape.of(floats.length), floats)
        .astype(Float16NdArray.TYPE).toStorageArray());
    for (ConversionGolden.Digest d : GOLDEN.digests("f2h").subList(0, boundaryChunks)) {
      assertThat(ConversionInputs.sha256(fromFloats, d.from(), d.count(), 2))
          .as("FloatNdArray.astype(Float16) of f2h chunk %d", d.chunk()).isEqualTo(d.sha256());
    }
    for (Case c : GOLDEN.cases("f2h")) {
      float f = Float.intBitsToFloat((int) c.in());
      if (Float.isNaN(f) && (c.in() & 0x40_0000) == 0) {
        continue;
      }
      assertThat(FloatNdArray.scalar(f).astype(Float16NdArray.TYPE).toStorageArray()[0] & 0xFFFF)
          .as("FloatNdArray.astype(Float16) of 0x%08x = %s", c.in(), c.text())
          .isEqualTo((int) c.out());
    }
  }

  @Test
  void everyNonNanHalfRoundTripsExactly() {
    for (int h = 0; h < 0x10000; h++) {
      float value = Float16Scalar.toLogical((short) h);
      short back = Float16Scalar.toStorage(value);
      if (Float.isNaN(value)) {
        assertThat((back & 0x7C00) == 0x7C00 && (back & 0x03FF) != 0).as("NaN 0x%04x", h).isTrue();
      } else {
        assertThat(back & 0xFFFF).as("0x%04x", h).isEqualTo(h);
      }
    }
  }

  @Test
  void printsAsNumpyPrintsFloat16() {
    // str(np.array([0.1, 1/3, -0.0999, 65504], dtype=np.float16)); every pattern is in the text
    // package's golden cases.
    assertThat(Float16NdArray.vector(0.1f, 1f / 3, -0.0999f, 65504f))
        .hasToString("[ 9.998e-02  3.333e-01 -9.991e-02  6.550e+04]");
    assertThat(Float16NdArray.vector(0.1f, 1f / 3, -0.0999f)).hasToString("[ 0.1     0.3333 -0.0999]");
    assertThat(Float16NdArray.scalar(-0.0f)).hasToString("-0.0");
  }

  @Test
  void edgeValues() {
    assertThat(Float16Scalar.toLogical((short) 0x7BFF)).isEqualTo(65504f);
    assertThat(Float16Scalar.toLogical((short) 0x0001)).isEqualTo(0x1p-24f);
    assertThat(Float16Scalar.toLogical((short) 0x0400)).isEqualTo(0x1p-14f);
    assertThat(Float16Scalar.toLogical((short) 0x8000)).isEqualTo(-0.0f);
    assertThat(Float16Scalar.toStorage(65520f)).isEqualTo((short) 0x7C00);
    assertThat(Float16Scalar.toStorage(65519.99f)).isEqualTo((short) 0x7BFF);
    assertThat(Float16Scalar.toStorage(0x1p-25f)).isEqualTo((short) 0x0000);
    assertThat(Float16Scalar.toStorage(Math.nextUp(0x1p-25f))).isEqualTo((short) 0x0001);
    assertThat(Float16Scalar.toStorage(-0.0f)).isEqualTo((short) 0x8000);
    assertThat(Float16Scalar.toStorage(Float.NaN)).isEqualTo((short) 0x7E00);
  }
}
