package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.awt.image.Raster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ndprim.NdArray;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy;

/**
 * {@code ndprim show}: PNGs decoded and compared pixel by pixel, and terminal previews compared
 * character by character, with what numpy computes from the documented rules
 * (src/test/python/gen_show_golden.py).
 */
class ShowTest {
  @TempDir Path dir;

  static Path show(String name) {
    return Cli.testFile("show/" + name);
  }

  /** The PNG's samples as an (H, W) or (H, W, C) array of shorts, to compare with numpy's. */
  static ShortNdArray samples(Path png) throws IOException {
    BufferedImage img = ImageIO.read(png.toFile());
    Raster r = img.getRaster();
    int bands = r.getNumBands();
    short[] values = new short[img.getWidth() * img.getHeight() * bands];
    int[] pixel = new int[bands];
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        r.getPixel(x, y, pixel);
        for (int k = 0; k < bands; k++) {
          values[(y * img.getWidth() + x) * bands + k] = (short) pixel[k];
        }
      }
    }
    return bands == 1 ? ShortNdArray.wrap(org.ndprim.Shape.of(img.getHeight(), img.getWidth()), values)
        : ShortNdArray.wrap(org.ndprim.Shape.of(img.getHeight(), img.getWidth(), bands), values);
  }

  @Test
  void theFirstDigitAsAPng() throws IOException {
    Path png = dir.resolve("digit.png");
    Cli.Result r = Cli.run("show", Cli.digits().toString(), "0", "-o", png.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo("wrote " + png + ": 256x256 pixels, gray (8x8 0..15 scaled to 0..255, each pixel 32x32)\n");
    BufferedImage img = ImageIO.read(png.toFile());
    assertThat(img.getType()).isEqualTo(BufferedImage.TYPE_BYTE_GRAY);
    assertThat(samples(png)).isEqualTo(Npy.read(show("digit0_png.npy")));
  }

  @ParameterizedTest
  @CsvSource({"rgb_f8.npy, rgb_f8_png.npy, 5x4 RGB", "rgba_i2.npy, rgba_i2_png.npy, 2x3 RGBA", "mask_b1.npy, mask_b1_png.npy, 4x3 gray"})
  void colourAndBooleanPicturesPixelByPixel(String input, String expected, String what) throws IOException {
    Path png = dir.resolve("p.png");
    Cli.Result r = Cli.run("show", show(input).toString(), "-o", png.toString(), "--scale", "1");
    assertThat(r.code()).as(r.err()).isZero();
    String[] w = what.split(" ");
    assertThat(r.err()).startsWith("wrote " + png + ": " + w[0] + " pixels, " + w[1] + " (");
    assertThat(samples(png)).isEqualTo(Npy.read(show(expected)));
  }

  /** uint8 pictures are exact: each sample is the array's value, gray, RGB or RGBA. */
  @ParameterizedTest
  @CsvSource({"rgb_u1.npy, 3x2 RGB", "rgba_u1.npy, 2x2 RGBA", "gray_u1.npy, 4x3 gray"})
  void uint8IsDrawnExactly(String input, String what) throws IOException {
    Path png = dir.resolve("u.png");
    Cli.Result r = Cli.run("show", show(input).toString(), "-o", png.toString(), "--scale", "1");
    assertThat(r.code()).as(r.err()).isZero();
    String[] w = what.split(" ");
    assertThat(r.err()).isEqualTo("wrote " + png + ": " + w[0] + " pixels, " + w[1] + " (" + w[0] + " uint8 exact)\n");
    NdArray values = Npy.read(show(input));
    assertThat(values.scalarType()).isEqualTo(org.ndprim.UInt8NdArray.TYPE);
    assertThat(samples(png)).isEqualTo(values.astype(ShortNdArray.TYPE));
  }

  /** A colour picture as Python ships one: a uint8 (H, W, 3) member of np.savez_compressed. */
  @Test
  void aUint8MemberOfANumpyArchive() throws IOException {
    Path npz = show("image_u1.npz");
    Path png = dir.resolve("img.png");
    Cli.Result r = Cli.run("show", npz.toString(), "--member", "img", "-o", png.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote " + png + ": 252x180 pixels, RGB (7x5 uint8 exact, each pixel 36x36)\n");
    NdArray img;
    try (org.ndprim.io.Npz z = org.ndprim.io.Npz.open(npz)) {
      img = z.member("img").read();
    }
    ShortNdArray got = samples(png);
    ShortNdArray want = (ShortNdArray) img.astype(ShortNdArray.TYPE);
    for (int y = 0; y < 180; y++) {
      for (int x = 0; x < 252; x++) {
        assertThat(got.get(y, x)).as("pixel (%d, %d)", x, y).isEqualTo(want.get(y / 36, x / 36));
      }
    }
    Path mask = dir.resolve("mask.png");
    assertThat(Cli.run("show", npz.toString(), "--member", "mask", "-o", mask.toString(), "--scale", "1").code()).isZero();
    ShortNdArray m = samples(mask);
    for (int y = 0; y < 5; y++) {
      for (int x = 0; x < 7; x++) {
        assertThat(m.getShort(y, x)).isEqualTo((short) ((x + y) % 2 == 0 ? 255 : 0)); // numpy: (x + y) % 2 == 0
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"rgb_u1.npy, always, rgb_u1_color.txt", "rgb_u1.npy, never, rgb_u1_plain.txt", "rgba_u1.npy, always, rgba_u1_color.txt"})
  void colourPreviewsInThePalettesCube(String input, String when, String golden) throws IOException {
    Cli.Result r = Cli.run("show", show(input).toString(), "--scale", "1", "--color=" + when);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(Files.readString(show(golden), StandardCharsets.UTF_8));
  }

  @Test
  void scaleEnlargesByNearestNeighbour() throws IOException {
    Path png = dir.resolve("s.png");
    assertThat(Cli.run("show", show("rgb_f8.npy").toString(), "-o", png.toString(), "--scale", "3").code()).isZero();
    ShortNdArray big = samples(png);
    ShortNdArray small = (ShortNdArray) Npy.read(show("rgb_f8_png.npy"));
    assertThat(big.shape()).isEqualTo(org.ndprim.Shape.of(12, 15, 3));
    for (int y = 0; y < 12; y++) {
      for (int x = 0; x < 15; x++) {
        assertThat(big.get(y, x)).isEqualTo(small.get(y / 3, x / 3));
      }
    }
  }

  @Test
  void goldenTerminalPreviewsOfTheFirstDigit() throws IOException {
    Cli.Result plain = Cli.run("show", Cli.digits().toString(), "0", "--color=never");
    assertThat(plain.code()).as(plain.err()).isZero();
    assertThat(plain.out()).isEqualTo(Files.readString(show("digit0_plain.txt"), StandardCharsets.UTF_8));
    Cli.Result color = Cli.run("show", Cli.digits().toString(), "0", "--color=always");
    assertThat(color.code()).as(color.err()).isZero();
    assertThat(color.out()).isEqualTo(Files.readString(show("digit0_color.txt"), StandardCharsets.UTF_8));
    // auto: not a terminal here, so plain characters
    assertThat(Cli.run("show", Cli.digits().toString(), "0").out()).isEqualTo(plain.out());
  }

  @Test
  void autoColourNeedsATerminalWith256Colours() {
    Main main = new Main(null, null);
    main.stdoutTerminal = true;
    main.env = Map.of("TERM", "xterm-256color");
    assertThat(ShowCommand.mode(main, "auto")).isEqualTo(
        Terminals.canEncodeBlocks(Terminals.charset("sun.stdout.encoding")) ? Preview.Mode.COLOR : Preview.Mode.PLAIN);
    main.env = Map.of("TERM", "dumb");
    assertThat(ShowCommand.mode(main, "auto")).isEqualTo(Preview.Mode.PLAIN);
    main.env = Map.of("TERM", "xterm-256color", "NO_COLOR", "1");
    assertThat(ShowCommand.mode(main, "auto")).isEqualTo(Preview.Mode.PLAIN);
    main.env = Map.of("TERM", "xterm-256color");
    main.stdoutTerminal = false;
    assertThat(ShowCommand.mode(main, "auto")).isEqualTo(Preview.Mode.PLAIN);
  }

  @Test
  void aPictureTooLargeToWriteIsRefusedBeforeAnythingIsAllocated() {
    Picture p = Picture.of(org.ndprim.IntNdArray.zeros(org.ndprim.Shape.of(64, 64)), "x");
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> p.image(1024)))
        .isInstanceOf(Usage.class)
        .hasMessage("--scale 1024 makes a 65536x65536 picture, more than 134217728 samples; use a smaller --scale");
  }

  @Test
  void aWidePictureIsFittedToTheTerminal() {
    assertThat(Preview.fit(8, 8, Preview.Mode.COLOR, 80)).containsExactly(32, 32);
    assertThat(Preview.fit(8, 8, Preview.Mode.PLAIN, 80)).containsExactly(16, 16);
    assertThat(Preview.fit(400, 100, Preview.Mode.COLOR, 80)).containsExactly(80, 20);
    assertThat(Preview.fit(400, 100, Preview.Mode.PLAIN, 100)).containsExactly(50, 13);
    assertThat(Preview.gray(0)).isEqualTo(16);
    assertThat(Preview.gray(255)).isEqualTo(231);
    assertThat(Preview.gray(128)).isEqualTo(244);
  }

  @Test
  void aMemberOfAnArchive() throws IOException {
    Path png = dir.resolve("m.png");
    Cli.Result r = Cli.run("show", Cli.testFile("npz/digits.npz").toString(), "0", "--member", "images", "-o", png.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(samples(png)).isEqualTo(Npy.read(show("digit0_png.npy")));
  }

  @Test
  void whatCannotBeDrawnIsAUsageError() throws IOException {
    String digits = Cli.digits().toString();
    NpzCliTest.assertError(Cli.run("show", digits), 2, "ndprim: show draws a 2-D array (H, W) in gray or (H, W, 3|4) in RGB(A); "
        + digits + " has shape (1797, 8, 8); pick one image with a SPEC, e.g. \"0\"");
    NpzCliTest.assertError(Cli.run("show", digits, "0, 0"), 2, "ndprim: show draws a 2-D array");
    NpzCliTest.assertError(Cli.run("show", digits, "0, :0"), 2, "ndprim: cannot draw " + digits + "[0, :0]: its shape (0, 8) has no pixels");
    NpzCliTest.assertError(Cli.run("show", digits, "0", "--scale", "0"), 2, "ndprim: --scale takes 1 to 1024, not 0");
    NpzCliTest.assertError(Cli.run("show", digits, "0", "--color=sometimes"), 2, "ndprim: --color takes auto, always or never");
    NpzCliTest.assertError(Cli.run("show", digits, "0", "-o", dir.resolve("no/dir/x.png").toString()), 1, "ndprim: ");
    try (var files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  // ------------------------------------------------ issue 18 item 11: scaling without overflow

  /** The samples of a 1-row PNG drawn from {@code a} with --scale 1, and the "wrote" line. */
  private Cli.Result drawRow(NdArray a, short... expected) throws IOException {
    Path in = dir.resolve("row.npy");
    Path png = dir.resolve("row.png");
    Npy.write(a, in);
    Cli.Result r = Cli.run("show", in.toString(), "-o", png.toString(), "--scale", "1");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(samples(png)).isEqualTo(ShortNdArray.wrap(org.ndprim.Shape.of(1, expected.length), expected));
    return r;
  }

  @Test
  void floatRangesBeyondTheLargestDoubleOver255AreScaledWithoutOverflow() throws IOException {
    Cli.Result r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 3), new double[] {-1e306, 0, 1e306}),
        (short) 0, (short) 128, (short) 255);
    assertThat(r.err()).contains("-1.00000e+306..1.00000e+306 scaled to 0..255");
    r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 5),
        new double[] {-1.7e308, 0, 1.7e308, -Double.MAX_VALUE, Double.MAX_VALUE}),
        (short) 7, (short) 128, (short) 248, (short) 0, (short) 255);
    assertThat(r.err()).doesNotContain("all").contains("scaled to 0..255");
    r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 3), new double[] {-1.7e308, 0, 1.7e308}),
        (short) 0, (short) 128, (short) 255);
    assertThat(r.err()).doesNotContain("all");
    // a float32 range near its own limits is a small double one
    drawRow(org.ndprim.FloatNdArray.wrap(org.ndprim.Shape.of(1, 3), new float[] {-Float.MAX_VALUE, 0, Float.MAX_VALUE}),
        (short) 0, (short) 128, (short) 255);
  }

  @Test
  void integersAtTheirLimitsAreScaledExactly() throws IOException {
    // round((v - min) * 255 / (max - min)): int64's -1 is 127.4999..., 0 is 127.5000... (a double
    // makes both 2^63 above min, 127.5)
    Cli.Result r = drawRow(org.ndprim.LongNdArray.wrap(org.ndprim.Shape.of(1, 5),
        new long[] {Long.MIN_VALUE, -1, 0, Long.MAX_VALUE, Long.MIN_VALUE + 1}),
        (short) 0, (short) 127, (short) 128, (short) 255, (short) 0);
    assertThat(r.err()).contains("(5x1 -9223372036854775808..9223372036854775807 scaled to 0..255)");
    r = drawRow(org.ndprim.UInt64NdArray.wrap(org.ndprim.Shape.of(1, 4),
        new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE, -1}),
        (short) 0, (short) 127, (short) 128, (short) 255);
    assertThat(r.err()).contains("0..18446744073709551615 scaled to 0..255");
    drawRow(org.ndprim.IntNdArray.wrap(org.ndprim.Shape.of(1, 4), new int[] {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE}),
        (short) 0, (short) 127, (short) 128, (short) 255);
    r = drawRow(org.ndprim.LongNdArray.wrap(org.ndprim.Shape.of(1, 2), new long[] {Long.MAX_VALUE, Long.MAX_VALUE}),
        (short) 0, (short) 0);
    assertThat(r.err()).contains("all 9223372036854775807: drawn as 0");
  }

  @Test
  void theSummarySaysWhereInfinitiesGo() throws IOException {
    // a new user's finding: [inf, -inf] was drawn 255, 0 but said "no finite values: drawn as 0"
    Cli.Result r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 2),
        new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}), (short) 255, (short) 0);
    assertThat(r.err()).contains("no finite values: drawn as 0, +inf as 255");
    r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 3),
        new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 1.0}),
        (short) 255, (short) 255, (short) 0);
    assertThat(r.err()).contains("all 1: drawn as 0, +inf as 255");
    r = drawRow(org.ndprim.DoubleNdArray.wrap(org.ndprim.Shape.of(1, 1),
        new double[] {Double.POSITIVE_INFINITY}), (short) 255);
    assertThat(r.err()).contains("no finite values: +inf drawn as 255");
  }

  @Test
  void exactScalingAgreesWithBigIntegerArithmetic() {
    java.util.Random random = new java.util.Random(18);
    java.math.BigInteger two64 = java.math.BigInteger.ONE.shiftLeft(64);
    for (int i = 0; i < 200_000; i++) {
      long range = switch (i % 4) {
        case 0 -> random.nextLong();
        case 1 -> random.nextLong() >>> random.nextInt(64);
        case 2 -> -1L - random.nextInt(1000);
        default -> 1 + random.nextInt(1000);
      };
      if (range == 0) {
        continue;
      }
      java.math.BigInteger r = new java.math.BigInteger(Long.toUnsignedString(range));
      java.math.BigInteger d = new java.math.BigInteger(Long.toUnsignedString(random.nextLong())).mod(r.add(java.math.BigInteger.ONE));
      if (i % 7 == 0) {
        d = i % 14 == 0 ? r : java.math.BigInteger.ZERO;
      }
      // floor((2 * d * 255 + r) / (2 * r)): halves up
      int expected = d.multiply(java.math.BigInteger.valueOf(510)).add(r).divide(r.shiftLeft(1)).intValueExact();
      assertThat(Picture.scaleExact(d.mod(two64).longValue(), range)).as("d=%s range=%s", d, r).isEqualTo(expected);
    }
  }
}
