package org.ndprim.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import org.ndprim.testing.ConversionGolden;
import org.ndprim.testing.ConversionGolden.Case;
import org.ndprim.testing.ConversionInputs;

/**
 * The user-declared Float8E4M3 against ml_dtypes 0.6.0's {@code float8_e4m3fn}:
 * {@code golden/float8_conversions.txt} and two {@code .npy} files written by
 * {@code src/test/python/gen_float8_golden.py} (its docstring describes them; the tests never run
 * Python). All 256 patterns widened to float and double; 2^18 float and 2^18 double inputs
 * narrowed (every midpoint between neighbouring values with its float and double neighbours,
 * both signs, explicitly; then random patterns, as digests), through the spec's
 * {@code toStorage} and through {@code astype}.
 */
class Float8E4M3ConversionTest {
  private static final Path DIR = Path.of("src/test/resources/golden");
  private static final ConversionGolden GOLDEN =
      ConversionGolden.read(DIR.resolve("float8_conversions.txt"));
  private static final int CHUNKS = 4;
  private static final double BEYOND = 480;

  /** The finite non-negative float8_e4m3fn values 0x00..0x7E, computed here. */
  private static double[] values() {
    double[] v = new double[0x7F];
    for (int p = 0; p < v.length; p++) {
      int exponent = p >>> 3;
      int significand = p & 7;
      v[p] = exponent == 0 ? significand * 0x1p-9
          : Math.scalb(1 + significand / 8.0, exponent - 7);
    }
    return v;
  }

  private static int[] inputs32() {
    return ConversionInputs.sequence32(values(), BEYOND, 0x5EEDF8E4L, CHUNKS, -12, 9);
  }

  private static long[] inputs64() {
    return ConversionInputs.sequence64(values(), BEYOND, 0x5EEDD8E4L, CHUNKS, -14, 10);
  }

  private static int narrow(float f) {
    return Float8E4M3Scalar.toStorage(f) & 0xFF;
  }

  private static long[] unsigned(byte[] bits) {
    long[] out = new long[bits.length];
    for (int i = 0; i < bits.length; i++) {
      out[i] = bits[i] & 0xFF;
    }
    return out;
  }

  private static byte[] allPatterns() {
    byte[] p = new byte[256];
    for (int i = 0; i < p.length; i++) {
      p[i] = (byte) i;
    }
    return p;
  }

  @Test
  void javaGeneratesTheScriptsInputs() {
    GOLDEN.checkDigests("in32", Arrays.stream(inputs32()).mapToLong(b -> b & 0xFFFF_FFFFL)
        .toArray(), 4, "ConversionInputs.sequence32", i -> "index " + i);
    GOLDEN.checkDigests("in64", inputs64(), 8, "ConversionInputs.sequence64", i -> "index " + i);
  }

  @Test
  void widensEveryPatternLikeMlDtypes() {
    Float8E4M3NdArray all = Float8E4M3NdArray.wrap(Shape.of(256), allPatterns());
    float[] floats = all.astype(FloatNdArray.TYPE).toArray();
    double[] doubles = all.astype(DoubleNdArray.TYPE).toArray();
    for (Case c : GOLDEN.cases("e2f")) {
      int p = (int) c.in();
      assertThat(Float.floatToRawIntBits(Float8E4M3Scalar.toLogical((byte) p)) & 0xFFFF_FFFFL)
          .as("toLogical(0x%02x)", p).isEqualTo(c.out());
      assertThat(Float.floatToRawIntBits(floats[p]) & 0xFFFF_FFFFL)
          .as("astype(FloatNdArray.TYPE) of 0x%02x", p).isEqualTo(c.out());
    }
    assertThat(GOLDEN.cases("e2f")).hasSize(256);
    for (Case c : GOLDEN.cases("e2d")) {
      int p = (int) c.in();
      assertThat(Double.doubleToRawLongBits(doubles[p]))
          .as("astype(DoubleNdArray.TYPE) of 0x%02x", p).isEqualTo(c.out());
    }
    assertThat(GOLDEN.cases("e2d")).hasSize(256);
  }

  @Test
  void narrowsFloatsLikeMlDtypes() {
    for (Case c : GOLDEN.cases("f2e")) {
      assertThat(narrow(Float.intBitsToFloat((int) c.in())))
          .as("toStorage(0x%08x = %s)", c.in(), c.text()).isEqualTo((int) c.out());
    }
    int[] in = inputs32();
    long[] out = Arrays.stream(in).mapToLong(b -> narrow(Float.intBitsToFloat(b))).toArray();
    GOLDEN.checkDigests("f2e", out, 1, "toStorage(float)", i -> String.format("0x%08x", in[i]));
    float[] floats = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      floats[i] = Float.intBitsToFloat(in[i]);
    }
    GOLDEN.checkDigests("f2e", unsigned(FloatNdArray.wrap(Shape.of(floats.length), floats)
        .astype(Float8E4M3NdArray.TYPE).toStorageArray()), 1, "FloatNdArray.astype(Float8E4M3)",
        i -> String.format("0x%08x", in[i]));
  }

  @Test
  void narrowsDoublesThroughFloatLikeMlDtypes() {
    for (Case c : GOLDEN.cases("d2e")) {
      double d = Double.longBitsToDouble(c.in());
      assertThat(Float8E4M3NdArray.TYPE.fromDoubles(Shape.of(1), new double[] {d})
          .toStorageArray()[0] & 0xFF).as("fromDoubles(0x%016x = %s)", c.in(), c.text())
          .isEqualTo((int) c.out());
    }
    long[] in = inputs64();
    double[] doubles = Arrays.stream(in).mapToDouble(Double::longBitsToDouble).toArray();
    GOLDEN.checkDigests("d2e", unsigned(DoubleNdArray.wrap(Shape.of(doubles.length), doubles)
        .astype(Float8E4M3NdArray.TYPE).toStorageArray()), 1, "DoubleNdArray.astype(Float8E4M3)",
        i -> String.format("0x%016x", in[i]));
  }

  @Test
  void overflowAndNaNBecomeNaNWithTheirSign() {
    assertThat(narrow(448f)).isEqualTo(0x7E);
    assertThat(narrow(464f)).as("the tie above 448 rounds to even: 448").isEqualTo(0x7E);
    assertThat(narrow(Math.nextUp(464f))).isEqualTo(0x7F);
    assertThat(narrow(-Math.nextUp(464f))).isEqualTo(0xFF);
    assertThat(narrow(1e10f)).isEqualTo(0x7F);
    assertThat(narrow(Float.POSITIVE_INFINITY)).isEqualTo(0x7F);
    assertThat(narrow(Float.NEGATIVE_INFINITY)).isEqualTo(0xFF);
    assertThat(narrow(Float.NaN)).isEqualTo(0x7F);
    assertThat(narrow(Float.intBitsToFloat(0xFFC0_0000))).isEqualTo(0xFF); // javac folds -NaN
    assertThat(narrow(0x1p-10f)).as("the tie below the smallest subnormal: 0").isEqualTo(0x00);
    assertThat(narrow(-0x1p-10f)).isEqualTo(0x80);
    assertThat(narrow(Math.nextUp(0x1p-10f))).isEqualTo(0x01);
  }

  @Test
  void readsWhatNpSaveWrote(@TempDir Path tmp) throws IOException {
    Path file = DIR.resolve("float8_e4m3fn.npy");
    Float8E4M3NdArray all = Npy.read(file, Float8E4M3NdArray.TYPE);
    assertThat(all.shape()).isEqualTo(Shape.of(16, 16));
    assertThat(all.toStorageArray()).isEqualTo(allPatterns());
    assertThat(all.getFloat8E4M3(7, 14)).isEqualTo(448f); // 0x7E
    assertThat(all.getFloat8E4M3(15, 15)).isNaN();
    // ndprim writes the file np.save wrote, byte for byte ('<V1').
    Path back = tmp.resolve("back.npy");
    Npy.write(all, back);
    assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(file));

    Float8E4M3NdArray fortran = Npy.read(DIR.resolve("float8_e4m3fn_fortran.npy"),
        Float8E4M3NdArray.TYPE);
    assertThat(fortran.shape()).isEqualTo(Shape.of(2, 3, 4));
    byte[] expected = new byte[24];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = (byte) i;
    }
    assertThat(fortran.toStorageArray()).as("C order of the logical values").isEqualTo(expected);
    assertThat(fortran.getFloat8E4M3(1, 2, 3)).isEqualTo(Float8E4M3Scalar.toLogical((byte) 23));
  }
}
