package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy;

/** The demo, `info`, help/version and every error path. */
class MainTest {
  @TempDir Path dir;

  @Test
  void noArgumentsShowsTheBundledDigits() throws IOException {
    Cli.Result r = Cli.run();
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out())
        .contains("dtype  <i2 (Short)")
        .contains("shape  (1797, 8, 8)")
        .contains("order  C (row-major)")
        .contains("size   115008 elements, 230016 data bytes")
        .contains("min    0\n")
        .contains("max    16\n")
        .contains("digits[0]   (a handwritten 0, says digits_labels[0])")
        .contains(Files.readString(Cli.golden("int.txt")))
        .contains("digits[0, ::2, ::2]")
        .contains(Files.readString(Cli.golden("steps.txt")))
        // the first digit as a picture: plain characters, as stdout is no terminal here
        .contains("digits[0] as a picture   (ndprim show data/digits.npy 0; -o digit.png writes a PNG)\n"
            + Files.readString(Cli.testFile("show/digit0_plain.txt"), java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void bundledDigitsAreTheRealData() throws IOException {
    ShortNdArray digits = (ShortNdArray) Npy.read(Cli.digits());
    IntNdArray labels = (IntNdArray) Npy.read(Cli.resource("data/digits_labels.npy"));
    assertThat(digits.shape()).isEqualTo(Shape.of(1797, 8, 8));
    assertThat(labels.shape()).isEqualTo(Shape.of(1797));
    long sum = 0;
    for (short v : digits.toArray()) {
      assertThat(v).isBetween((short) 0, (short) 16);
      sum += v;
    }
    assertThat(sum).isEqualTo(561718); // numpy: digits.sum()
    int[] counts = new int[10];
    for (int label : labels.toArray()) {
      counts[label]++;
    }
    assertThat(counts).containsExactly(178, 182, 177, 183, 181, 182, 181, 179, 174, 180);
    assertThat(labels.slice("-5:").toArray()).containsExactly(9, 0, 8, 9, 8);
    assertThat(digits.get(1796).slice("5").toArray()).containsExactly(0, 4, 16, 6, 4, 16, 6, 0);
  }

  @Test
  void info() {
    Cli.Result r = Cli.run("info", Cli.digits().toString());
    assertThat(r.code()).isZero();
    assertThat(r.out()).isEqualTo(String.join("\n",
        "file   " + Cli.digits(),
        "dtype  <i2 (Short)",
        "shape  (1797, 8, 8)",
        "order  C (row-major)",
        "size   115008 elements, 230016 data bytes",
        "min    0",
        "max    16",
        ""));
  }

  @Test
  void infoOfAFortranOrderFile() throws IOException {
    // numpy: np.save(f, np.asfortranarray(np.array([[1.5, -2.0, 3.0], [4.0, 5.0, -6.25]])))
    Path file = dir.resolve("f.npy");
    writeRaw(file, "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }",
        new double[] {1.5, 4.0, -2.0, 5.0, 3.0, -6.25});
    Cli.Result r = Cli.run("info", file.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("dtype  <f8 (Double)")
        .contains("shape  (2, 3)")
        .contains("order  Fortran (column-major)")
        .contains("size   6 elements, 48 data bytes")
        .contains("min    -6.25")
        .contains("max    5.");
    Cli.Result s = Cli.run("slice", file.toString(), "0");
    assertThat(s.out()).isEqualTo("[ 1.5 -2.   3. ]\n");
  }

  @Test
  void infoPropagatesNanAndHandlesEmptyAndUnsupported() throws IOException {
    Path nan = dir.resolve("nan.npy");
    Npy.write(DoubleNdArray.wrap(Shape.of(3), new double[] {1, Double.NaN, -1}), nan);
    assertThat(Cli.run("info", nan.toString()).out()).contains("min    nan").contains("max    nan");

    Path empty = dir.resolve("empty.npy");
    Npy.write(IntNdArray.zeros(Shape.of(0, 3)), empty);
    Cli.Result e = Cli.run("info", empty.toString());
    assertThat(e.code()).isZero();
    assertThat(e.out()).contains("shape  (0, 3)").contains("size   0 elements, 0 data bytes").contains("min    (empty array)");

    Path f16 = dir.resolve("f16.npy");
    writeRaw(f16, "{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", new double[] {0, 0});
    Cli.Result u = Cli.run("info", f16.toString());
    assertThat(u.code()).isZero();
    assertThat(u.out()).contains("dtype  <f16 (not supported by ndprim)").contains("min    (not read: unsupported dtype)");
    Cli.Result s = Cli.run("slice", f16.toString(), "0");
    assertThat(s.code()).isEqualTo(1);
    assertThat(s.err()).isEqualTo("ndprim: " + f16 + ": dtype '<f16' (float128, C long double) is not supported;"
        + " ndprim reads |b1 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 <f2 <f4 <f8 <c8 <c16 <V2 (either byte order)\n");

    Path u4 = dir.resolve("u4.npy");
    writeRaw(u4, "{'descr': '<u4', 'fortran_order': False, 'shape': (2,), }", new double[] {0});
    Cli.Result uint = Cli.run("info", u4.toString());
    assertThat(uint.code()).isZero();
    assertThat(uint.out()).contains("dtype  <u4 (UInt32)").contains("min    0");
  }

  @Test
  void helpAndVersion() {
    Cli.Result help = Cli.run("--help");
    assertThat(help.code()).isZero();
    assertThat(help.out()).contains("Usage: ndprim").contains("info").contains("slice").contains("convert")
        .contains("show").contains("Exit codes:");
    assertThat(help.out().lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(80));
    Cli.Result sliceHelp = Cli.run("slice", "--help");
    assertThat(sliceHelp.code()).isZero();
    assertThat(sliceHelp.out()).contains("Usage: ndprim slice").contains("-o, --output=OUT.npy");
    Cli.Result version = Cli.run("--version");
    assertThat(version.code()).isZero();
    assertThat(version.out()).startsWith("ndprim 0.").doesNotContain("${");
  }

  // ------------------------------------------------------------------------------ error paths

  @Test
  void missingFile() {
    Path missing = dir.resolve("nope.npy");
    assertError(Cli.run("info", missing.toString()), 1, "ndprim: no such file: " + missing);
    assertError(Cli.run("slice", missing.toString(), "0"), 1, "ndprim: no such file: " + missing);
  }

  @Test
  void malformedNpy() throws IOException {
    Path bad = dir.resolve("bad.npy");
    Files.write(bad, "hello, world".getBytes(StandardCharsets.US_ASCII));
    assertError(Cli.run("info", bad.toString()), 1,
        "ndprim: " + bad + ": not a .npy file: it starts with 68 65 6c 6c 6f 2c instead of the magic bytes");

    Path v4 = dir.resolve("v4.npy");
    byte[] good = Files.readAllBytes(Cli.digits());
    good[6] = 4;
    Files.write(v4, good);
    assertError(Cli.run("slice", v4.toString(), "0"), 1, "ndprim: " + v4 + ": unknown .npy format version 4.0");

    Path truncated = dir.resolve("truncated.npy");
    Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(Cli.digits()), 1000));
    assertError(Cli.run("info", truncated.toString()), 1,
        "ndprim: " + truncated + ": truncated data: shape (1797, 8, 8) of '<i2' needs 230016 data bytes, the input ends after 872");
  }

  @Test
  void badSpecNamesThePosition() {
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), "0, 1:2:3:4");
    assertError(r, 2, "ndprim: invalid SPEC: ");
    assertThat(r.err()).contains("at position").contains("\n  0, 1:2:3:4\n  ");
    assertThat(r.err().lines().skip(2).findFirst().orElseThrow()).matches(" +\\^");
    assertError(Cli.run("slice", Cli.digits().toString(), "0, ..., ..."), 2, "ndprim: ");
  }

  @Test
  void indexOutOfBounds() {
    assertError(Cli.run("slice", Cli.digits().toString(), "1797"), 2,
        "ndprim: index error: index 1797 is out of bounds for axis 0 with size 1797");
    assertError(Cli.run("slice", Cli.digits().toString(), "0, -9"), 2,
        "ndprim: index error: index -9 is out of bounds for axis 1 with size 8");
    assertError(Cli.run("slice", Cli.digits().toString(), "0, 0, 0, 0"), 2,
        "ndprim: index error: too many indices for array: array is 3-dimensional, but 4 were indexed");
    assertError(Cli.run("slice", Cli.digits().toString(), "::0"), 2, "ndprim: slice step cannot be zero");
  }

  @Test
  void usageErrors() {
    Cli.Result missing = Cli.run("slice", Cli.digits().toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).isEqualTo("ndprim: missing required parameter: 'SPEC'\n"
        + "Try 'ndprim slice --help' for more information.\n");
    Cli.Result unknown = Cli.run("frobnicate");
    assertThat(unknown.code()).isEqualTo(2);
    assertThat(unknown.err()).contains("frobnicate");
    Cli.Result extra = Cli.run("info", "a.npy", "b.npy");
    assertThat(extra.code()).isEqualTo(2);
  }

  @Test
  void unwritableOutput() {
    Path out = dir.resolve("no/such/dir/out.npy");
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), "0", "-o", out.toString());
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).startsWith("ndprim: ").contains(out.toString()).doesNotContain("\tat ").doesNotContain("Exception");
  }

  private static void assertError(Cli.Result r, int code, String errStart) {
    assertThat(r.code()).as("exit code; stderr: %s", r.err()).isEqualTo(code);
    assertThat(r.err()).startsWith(errStart);
    assertThat(r.err()).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(r.out()).isEmpty();
  }

  /** A .npy file with a hand-written header (padded to 64 bytes) and little-endian doubles. */
  private static void writeRaw(Path file, String dict, double[] data) throws IOException {
    int len = dict.length() + 1;
    int pad = 64 - (10 + len) % 64;
    String header = dict + " ".repeat(pad) + "\n";
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) header.length(), (byte) (header.length() >> 8)});
    out.write(header.getBytes(StandardCharsets.US_ASCII));
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * data.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    for (double d : data) {
      b.putDouble(d);
    }
    out.write(b.array());
    Files.write(file, out.toByteArray());
  }

}
