package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/** info, slice and convert on .npz archives made by numpy (src/test/python/gen_npz_cli_golden.py). */
class NpzCliTest {
  @TempDir Path dir;

  static Path npz(String name) {
    return Cli.testFile("npz/" + name);
  }

  @Test
  void infoListsEveryMember() {
    Path f = npz("digits.npz");
    Cli.Result r = Cli.run("info", f.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEmpty();
    assertThat(r.out()).isEqualTo(String.join("\n",
        "file   " + f + ": a .npz archive of 2 members, deflated",
        "",
        "member images  (images.npy, 230144 bytes deflated to 53772)",
        "dtype  <i2 (Short)",
        "shape  (1797, 8, 8)",
        "order  C (row-major)",
        "size   115008 elements, 230016 data bytes",
        "min    0",
        "max    16",
        "",
        "member labels  (labels.npy, 7316 bytes deflated to 318)",
        "dtype  <i4 (Int)",
        "shape  (1797,)",
        "order  C (row-major)",
        "size   1797 elements, 7188 data bytes",
        "min    0",
        "max    9",
        ""));
  }

  @Test
  void infoBriefReadsOnlyHeaders() {
    Path f = npz("mixed.npz");
    Cli.Result r = Cli.run("info", "--brief", f.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo(String.join("\n",
        "file   " + f + ": a .npz archive of 4 members, stored",
        "name     dtype  shape   order  size  stored as",
        "fortran  <f8    (2, 3)  F      6     fortran.npy, 176 bytes stored",
        "big      >i2    (4,)    C      4     big.npy, 136 bytes stored",
        "mask     |b1    (2, 2)  C      4     mask.npy, 132 bytes stored",
        "scalar   <f4    ()      C      1     scalar.npy, 132 bytes stored",
        ""));
    Cli.Result one = Cli.run("info", f.toString(), "--member", "big");
    assertThat(one.out()).contains("member big  (big.npy, 136 bytes stored)").contains("min    -32768")
        .contains("max    300").doesNotContain("fortran");
    Cli.Result npy = Cli.run("info", "--brief", Cli.digits().toString());
    assertThat(npy.out()).contains("shape  (1797, 8, 8)").doesNotContain("min");
  }

  @Test
  void sliceAMemberOrTheOnlyOne() {
    Path digits = npz("digits.npz");
    Cli.Result r = Cli.run("slice", digits.toString(), "0, 0", "--member", "images");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEqualTo("[ 0  0  5 13  9  1  0  0]\n");
    assertThat(Cli.run("slice", digits.toString(), "-5:", "--member", "labels.npy").out()).isEqualTo("[9 0 8 9 8]\n");
    Cli.Result only = Cli.run("slice", npz("one.npz").toString(), "1");
    assertThat(only.code()).as(only.err()).isZero();
    assertThat(only.out()).isEqualTo("[10  1  3  5  7]\n"); // (arange(20).reshape(4, 5) * 13 % 11)[1]
    Cli.Result fortran = Cli.run("slice", npz("mixed.npz").toString(), "1", "--member", "fortran");
    assertThat(fortran.out()).isEqualTo("[ 4.    5.   -6.25]\n");
  }

  @Test
  void memberErrorsAreUsageErrorsNamingTheMembers() {
    Path digits = npz("digits.npz");
    Cli.Result none = Cli.run("slice", digits.toString(), "0");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).isEqualTo("ndprim: " + digits + " has 2 members (images, labels): choose one with --member NAME\n");
    Cli.Result wrong = Cli.run("slice", digits.toString(), "0", "--member", "image");
    assertThat(wrong.code()).isEqualTo(2);
    assertThat(wrong.err()).isEqualTo("ndprim: no member 'image' in " + digits + "; its members are 'images', 'labels'\n");
    Cli.Result npy = Cli.run("slice", Cli.digits().toString(), "0", "--member", "x");
    assertThat(npy.code()).isEqualTo(2);
    assertThat(npy.err()).isEqualTo("ndprim: --member is for .npz archives; " + Cli.digits() + " is not one\n");
  }

  @Test
  void anArchiveFromStandardInputIsRefusedClearly() throws IOException {
    Cli.Result r = Cli.runWithStdin(Files.readAllBytes(npz("digits.npz")), "info", "-");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("ndprim: <stdin>: a .npz archive cannot be read from a stream or a pipe"
        + " (a zip archive keeps its directory at its end); save it to a file first\n");
  }

  @Test
  void aBadMemberIsReportedAfterTheGoodOnes() throws IOException {
    Path f = dir.resolve("bad.npz");
    Map<String, org.ndprim.io.AtomicFile.Content> two = new java.util.LinkedHashMap<>();
    two.put("good", o -> Npy.write(IntNdArray.vector(3, 1), o));
    two.put("claims", o -> o.write(npyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (4, 20000000), }")));
    Npz.writeMembers(f, two, true);
    Cli.Result r = Cli.run("info", f.toString());
    assertThat(r.code()).isEqualTo(1);
    String error = f + ": member 'claims.npy': truncated data: shape (4, 20000000) of '<f8' needs 640000000 data bytes,"
        + " the member holds 0";
    assertThat(r.out()).contains("member good").contains("max    3").contains("error  " + error);
    assertThat(r.err()).isEqualTo("ndprim: " + error + "\n");
  }

  /** A .npy header (version 1.0, padded to 64 bytes) around a dict. */
  static byte[] npyHeader(String dict) {
    int pad = 64 - (10 + dict.length() + 1) % 64;
    String text = dict + " ".repeat(pad) + "\n";
    byte[] out = new byte[10 + text.length()];
    byte[] magic = "\u0093NUMPY\u0001\u0000".getBytes(StandardCharsets.ISO_8859_1);
    System.arraycopy(magic, 0, out, 0, 8);
    out[8] = (byte) text.length();
    out[9] = (byte) (text.length() >> 8);
    System.arraycopy(text.getBytes(StandardCharsets.ISO_8859_1), 0, out, 10, text.length());
    return out;
  }

  // ------------------------------------------------------------------------------- convert

  @Test
  void convertAMemberToNpyAsNumpyWouldSaveIt() throws IOException {
    Path out = dir.resolve("labels.npy");
    Cli.Result r = Cli.run("convert", npz("digits.npz").toString(), out.toString(), "--member", "labels", "--dtype", ">f8");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote " + out + ": >f8 (1797,)\n");
    assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(npz("labels_be_f8.npy")));

    Path c = dir.resolve("c.npy");
    assertThat(Cli.run("convert", npz("mixed.npz").toString(), c.toString(), "--member", "fortran", "--order", "C").code()).isZero();
    assertThat(Files.readAllBytes(c)).isEqualTo(Files.readAllBytes(npz("fortran_c.npy")));

    Path f4 = dir.resolve("f4.npy");
    assertThat(Cli.run("convert", npz("mixed.npz").toString(), f4.toString(), "--member", "big", "--dtype", "float32").code()).isZero();
    assertThat(Files.readAllBytes(f4)).isEqualTo(Files.readAllBytes(npz("big_c_f4.npy")));
  }

  @Test
  void convertNpyToNpzAndBack() throws IOException {
    Path z = dir.resolve("digits.npz");
    Cli.Result r = Cli.run("convert", Cli.digits().toString(), z.toString(), "--compress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote " + z + ": 1 member, deflated (digits)\n");
    try (ZipFile zip = new ZipFile(z.toFile())) {
      ZipEntry e = zip.getEntry("digits.npy");
      assertThat(e.getMethod()).isEqualTo(ZipEntry.DEFLATED);
      try (InputStream in = zip.getInputStream(e)) {
        assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(Cli.digits())); // np.save's bytes, deflated
      }
    }
    Path back = dir.resolve("back.npy");
    assertThat(Cli.run("convert", z.toString(), back.toString()).code()).isZero();
    assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(Cli.digits()));
    Path named = dir.resolve("named.npz");
    assertThat(Cli.run("convert", Cli.digits().toString(), named.toString(), "--name", "images").code()).isZero();
    try (Npz npz = Npz.open(named)) {
      assertThat(npz.names()).containsExactly("images");
      assertThat(npz.member("images").isCompressed()).isFalse();
    }
  }

  @Test
  void convertAWholeArchiveKeepsEveryMemberAsItWas() throws IOException {
    Path out = dir.resolve("copy.npz");
    Cli.Result r = Cli.run("convert", npz("mixed.npz").toString(), out.toString(), "--compress");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote " + out + ": 4 members, deflated (fortran, big, mask, scalar)\n");
    // every member keeps its dtype, byte order and order: numpy's member bytes, deflated
    try (ZipFile mine = new ZipFile(out.toFile()); ZipFile numpy = new ZipFile(npz("mixed.npz").toFile())) {
      List<String> names = new ArrayList<>();
      for (ZipEntry e : java.util.Collections.list(numpy.entries())) {
        names.add(e.getName());
        try (InputStream a = mine.getInputStream(mine.getEntry(e.getName())); InputStream b = numpy.getInputStream(e)) {
          assertThat(a.readAllBytes()).as(e.getName()).isEqualTo(b.readAllBytes());
        }
      }
      assertThat(names).hasSize(4);
    }
    // in place, cast: the archive is replaced atomically
    Cli.Result again = Cli.run("convert", out.toString(), out.toString(), "--dtype", "<f8", "--order", "C");
    assertThat(again.code()).as(again.err()).isZero();
    Map<String, NdArray> all = Npz.read(out);
    assertThat(all.get("big")).isEqualTo(DoubleNdArray.vector(1, -2, 300, -32768));
    assertThat(all.get("mask")).isEqualTo(DoubleNdArray.fromJava(new double[][] {{1, 0}, {0, 0}}));
  }

  @Test
  void convertChangingAMembersOrderHoldsItOnceForBothPassesOfAStoredArchive() throws IOException {
    Path out = dir.resolve("c.npz");
    Cli.Result r = Cli.run("convert", npz("mixed.npz").toString(), out.toString(), "--order", "C");
    assertThat(r.code()).as(r.err()).isZero();
    try (ZipFile zip = new ZipFile(out.toFile())) {
      ZipEntry e = zip.getEntry("fortran.npy");
      assertThat(e.getMethod()).isEqualTo(ZipEntry.STORED);
      try (InputStream in = zip.getInputStream(e)) {
        assertThat(in.readAllBytes()).isEqualTo(Files.readAllBytes(npz("fortran_c.npy")));
      }
    }
    NpzCliTest.assertError(Cli.run("convert", npz("mixed.npz").toString(), dir.resolve("x.npy").toString(),
        "--member", "big", "--name", "y"), 2, "ndprim: --name names the member of a .npz OUT");
  }

  @Test
  void aMemberOfAnUnsupportedDtypeIsListedWithoutItsValues() throws IOException {
    // numpy: np.savez(f, z=np.array(['ab', 'cde']))
    Path f = dir.resolve("str.npz");
    Npz.writeMembers(f, Map.of("z", o -> {
      o.write(npyHeader("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }"));
      o.write(new byte[24]);
    }), false);
    Cli.Result r = Cli.run("info", f.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("dtype  <U3 (not supported by ndprim)").contains("min    (not read: unsupported dtype)");
    NpzCliTest.assertError(Cli.run("slice", f.toString(), "0"), 1, "ndprim: " + f + ": member 'z.npy': dtype '<U3' (Unicode strings) is not supported; ndprim reads |b1 ");
  }

  @Test
  void corruptDeflatedDataNameTheMember() throws IOException {
    byte[] bytes = Files.readAllBytes(npz("digits.npz"));
    for (int i = 20000; i < 20040; i++) {
      bytes[i] ^= 0x5a; // inside images.npy's deflated data
    }
    Path f = dir.resolve("corrupt.npz");
    Files.write(f, bytes);
    for (String[] args : new String[][] {{"info", f.toString()}, {"slice", f.toString(), "0", "--member", "images"},
        {"convert", f.toString(), dir.resolve("o.npz").toString()}}) {
      Cli.Result r = Cli.run(args);
      assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(1);
      assertThat(r.err()).startsWith("ndprim: " + f + ": member 'images.npy': ").doesNotContain("\tat ");
    }
    assertThat(dir.resolve("o.npz")).doesNotExist();
  }

  @Test
  void convertToStandardOutput() throws IOException {
    Cli.Result r = Cli.run("convert", npz("digits.npz").toString(), "-", "--member", "labels", "--dtype", ">f8");
    assertThat(r.code()).as(r.err()).isZero();
    byte[] bytes = r.out().getBytes(StandardCharsets.ISO_8859_1);
    assertThat(bytes).isEqualTo(Files.readAllBytes(npz("labels_be_f8.npy")));
    assertThat(Npy.read(new ByteArrayInputStream(bytes)).size()).isEqualTo(1797);
  }

  @Test
  void convertUsageErrors() {
    String in = npz("digits.npz").toString();
    assertError(Cli.run("convert", Cli.digits().toString(), dir.resolve("a.npy").toString(), "--compress"), 2,
        "ndprim: --compress is for a .npz OUT");
    assertError(Cli.run("convert", in, dir.resolve("a.npy").toString(), "--member", "labels", "--dtype", "<U3"), 2,
        "ndprim: --dtype '<U3' is not a dtype ndprim has an array type for");
    assertError(Cli.run("convert", in, dir.resolve("a.npy").toString(), "--member", "labels", "--order", "K"), 2,
        "ndprim: --order takes C or F, not 'K'");
    assertError(Cli.run("convert", in, dir.resolve("a.npy").toString()), 2, "ndprim: " + in + " has 2 members");
    assertError(Cli.run("convert", in, dir.resolve("no/such/dir/a.npz").toString()), 1, "ndprim: ");
    assertThat(dir.resolve("a.npy")).doesNotExist();
  }

  static void assertError(Cli.Result r, int code, String errStart) {
    assertThat(r.code()).as("exit code; stderr: %s", r.err()).isEqualTo(code);
    assertThat(r.err()).startsWith(errStart).doesNotContain("\tat ").doesNotContain("Exception");
    assertThat(r.err().lines().count()).isEqualTo(1);
  }
}
