package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.IntNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;

/**
 * Issue 18 items 5-8, 10, 12, 13 and 22: {@code ndprim} against archives whose entry names are
 * hostile (colliding, paths, control characters, NUL), outputs that are dangling links or
 * standard output as a pipe, a mapped file shrunk while it is read, and void dtypes.
 */
class HostileArchiveTest {
  /** ESC ] 0 ; title BEL (sets the terminal's title), ESC [2J (clears the screen), U+202E (turns the line around). */
  static final String HOSTILE = "t\u001b]0;pwned\u0007\u001b[2J\u202eevil";

  @TempDir Path dir;

  /** A .npy file's bytes for {@code a}. */
  static byte[] npy(NdArray a) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Npy.write(a, out);
    return out.toByteArray();
  }

  static byte[] ints(int... values) throws IOException {
    return npy(IntNdArray.wrap(Shape.of(values.length), values));
  }

  /** A deflated zip archive with these entries, in order, names as they are (no check, as a hostile tool writes them). */
  Path archive(String file, Map<String, byte[]> entries) throws IOException {
    Path p = dir.resolve(file);
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(p), StandardCharsets.UTF_8)) {
      for (Map.Entry<String, byte[]> e : entries.entrySet()) {
        zip.putNextEntry(new ZipEntry(e.getKey()));
        zip.write(e.getValue());
        zip.closeEntry();
      }
    }
    return p;
  }

  /** No control character, format character or line break other than the newlines ending lines. */
  static void assertPrintable(String text) {
    List<String> bad = text.codePoints().filter(c -> c != '\n' && (Character.getType(c) == Character.CONTROL
        || Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.LINE_SEPARATOR
        || Character.getType(c) == Character.PARAGRAPH_SEPARATOR))
        .mapToObj(c -> String.format("U+%04X", c)).collect(Collectors.toList());
    assertThat(bad).as("control characters in %s", text).isEmpty();
  }

  private List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  // -------------------------------------------------------- item 5: two entries, one member name

  @Test
  void entriesThatBecomeOneMemberAreRefusedNamingBoth() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("x.npy", ints(1, 2));
    entries.put("x", ints(3));
    Path in = archive("both.npz", entries);
    Path out = dir.resolve("out.npz");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).startsWith("ndprim: " + in + ": the entries 'x.npy' and 'x' are both the member 'x'")
        .hasLineCount(1);
    assertThat(out).doesNotExist();
    // one of them alone, renamed, is fine
    Cli.Result one = Cli.run("convert", in.toString(), out.toString(), "--member", "x", "--name", "y");
    assertThat(one.code()).as(one.err()).isZero();
    try (Npz npz = Npz.open(out)) {
      assertThat(npz.names()).containsExactly("y");
      assertThat(npz.member("y").read()).isEqualTo(IntNdArray.wrap(Shape.of(1), new int[] {3}));
    }
  }

  // ---------------------------------------------- item 6: entry names that are paths out of a folder

  @Test
  void entryNamesThatArePathsAreNeverWritten() throws IOException {
    for (String entry : List.of("../evil.npy", "/abs/evil.npy", "a/../../x", "..\\x", "C:/x")) {
      Map<String, byte[]> entries = new LinkedHashMap<>();
      entries.put("ok.npy", ints(1));
      entries.put(entry, ints(2));
      Path in = archive("trav.npz", entries);
      Path out = dir.resolve("out.npz");
      for (String compress : List.of("", "--compress")) {
        List<String> args = new ArrayList<>(List.of("convert", in.toString(), out.toString()));
        if (!compress.isEmpty()) {
          args.add(compress);
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertThat(r.code()).as(entry + ": " + r.err()).isEqualTo(1);
        assertThat(r.err()).as(entry)
            .startsWith("ndprim: " + in + ": member '" + entry + "': its name holds / or \\")
            .contains("convert it alone with --member NAME --name NEW").hasLineCount(1);
        assertThat(out).as(entry).doesNotExist();
      }
      // --name's rule is the same rule: the member alone under a safe name
      Cli.Result alone = Cli.run("convert", in.toString(), out.toString(), "--member", entry, "--name", "safe");
      assertThat(alone.code()).as(entry + ": " + alone.err()).isZero();
      try (Npz npz = Npz.open(out)) {
        assertThat(npz.members()).extracting(Npz.Member::entryName).containsExactly("safe.npy");
      }
      Files.delete(out);
      Files.delete(in);
    }
  }

  @Test
  void aFileNameWithABackslashIsNoMemberName() throws IOException {
    Path in = dir.resolve("a\\b.npy");
    Files.write(in, ints(1));
    Cli.Result r = Cli.run("convert", in.toString(), dir.resolve("o.npz").toString());
    assertThat(r.code()).as(r.err()).isEqualTo(2);
    assertThat(r.err()).startsWith("ndprim: the member name 'a\\b' (IN's file name without .npy) holds / or \\")
        .contains("--name NAME");
    assertThat(Cli.run("convert", in.toString(), dir.resolve("o.npz").toString(), "--name", "ab").code()).isZero();
  }

  // ------------------------------------------------------------------ item 22: a NUL in a member name

  @Test
  void aMemberNameWithNulIsABadFileNotBadUsage() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put("a\u0000b.npy", ints(1));
    Path in = archive("nul.npz", entries);
    Path out = dir.resolve("out.npz");
    Cli.Result r = Cli.run("convert", in.toString(), out.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("ndprim: " + in + ": member 'a\\x00b.npy': its name holds a NUL character,"
        + " which cannot be in a zip entry name; convert it alone with --member NAME --name NEW\n");
    assertThat(out).doesNotExist();
    Cli.Result info = Cli.run("info", in.toString(), "--brief");
    assertThat(info.code()).as(info.err()).isZero();
    assertThat(info.out()).contains("a\\x00b ");
    assertPrintable(info.out());
  }

  // ------------------------------------------- item 7: control characters in names are escaped

  @Test
  void controlCharactersInNamesAreEscapedInInfoAndErrors() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put(HOSTILE + ".npy", ints(1, 2, 3));
    entries.put(HOSTILE + "2.npy", "this is not a .npy file at all, but long enough".getBytes(StandardCharsets.US_ASCII));
    Path in = archive("ctl.npz", entries);
    String escaped = "t\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil";

    Cli.Result full = Cli.run("info", in.toString());
    assertThat(full.code()).isEqualTo(1); // the second member cannot be read
    assertThat(full.out()).contains("member " + escaped + "  (" + escaped + ".npy, ")
        .contains("error  " + in + ": member '" + escaped + "2.npy': ");
    assertThat(full.err()).startsWith("ndprim: " + in + ": member '" + escaped + "2.npy': ").hasLineCount(1);
    assertPrintable(full.out());
    assertPrintable(full.err());

    Cli.Result brief = Cli.run("info", in.toString(), "--brief");
    assertThat(brief.out()).contains(escaped + "   <i4").contains(escaped + "2  ?");
    assertPrintable(brief.out());
    assertPrintable(brief.err());

    // a usage error listing the members, and a member that is not there
    Cli.Result slice = Cli.run("slice", in.toString(), "0");
    assertThat(slice.code()).isEqualTo(2);
    assertThat(slice.err()).contains("(" + escaped + ", " + escaped + "2)");
    assertPrintable(slice.err());
    Cli.Result missing = Cli.run("slice", in.toString(), "0", "--member", "nothing");
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("'" + escaped + "'");
    assertPrintable(missing.err());

    // convert names what it wrote, escaped; the archive it writes keeps the names as they are
    Map<String, byte[]> good = new LinkedHashMap<>();
    good.put(HOSTILE + ".npy", ints(1, 2, 3));
    Path ok = archive("ok.npz", good);
    Path out = dir.resolve("out.npz");
    Cli.Result convert = Cli.run("convert", ok.toString(), out.toString());
    assertThat(convert.code()).as(convert.err()).isZero();
    assertThat(convert.err()).isEqualTo("wrote " + out + ": 1 member, stored (" + escaped + ")\n");
    try (Npz npz = Npz.open(out)) {
      assertThat(npz.names()).containsExactly(HOSTILE);
    }
  }

  @Test
  void theLibrarysMessagesEscapeNamesFromTheFile() throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    entries.put(HOSTILE + ".npy", "not a .npy file".getBytes(StandardCharsets.US_ASCII));
    Path in = archive("lib.npz", entries);
    try (Npz npz = Npz.open(in)) {
      Npz.Member m = npz.members().get(0);
      assertThat(m.entryName()).isEqualTo(HOSTILE + ".npy"); // the name itself is kept
      Exception e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class, m::header);
      assertThat(e.getMessage()).contains("t\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil.npy");
      assertPrintable(e.getMessage());
      Exception missing = org.junit.jupiter.api.Assertions.assertThrows(java.util.NoSuchElementException.class,
          () -> npz.member("other"));
      assertPrintable(missing.getMessage());
      assertPrintable(m.toString());
    }
  }

  // ------------------------------------------------------ item 8: a dangling symbolic link as OUT

  @Test
  void aDanglingLinkAsOutIsWrittenAtomicallyAtItsTarget() throws IOException {
    Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
    Path target = elsewhere.resolve("target.npy");
    Path link = Files.createSymbolicLink(dir.resolve("link.npy"), target);
    // a member whose deflated data is corrupt far from its start: the write fails midway
    byte[] bytes = Files.readAllBytes(Cli.testFile("npz/digits.npz"));
    for (int i = 20000; i < 20040; i++) {
      bytes[i] ^= 0x5a; // inside images.npy's deflated data
    }
    Path corrupt = dir.resolve("corrupt.npz");
    Files.write(corrupt, bytes);
    Cli.Result r = Cli.run("convert", corrupt.toString(), link.toString(), "--member", "images");
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.err()).startsWith("ndprim: " + corrupt + ": member 'images.npy': ");
    assertThat(Files.exists(target, LinkOption.NOFOLLOW_LINKS)).as("a partial file at the link's target").isFalse();
    assertThat(names(elsewhere)).as("no temporary file").isEmpty();
    assertThat(Files.isSymbolicLink(link)).isTrue();

    Cli.Result ok = Cli.run("convert", Cli.digits().toString(), link.toString());
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)).isTrue();
    assertThat(Files.readAllBytes(target)).isEqualTo(Files.readAllBytes(Cli.digits()));
  }

  // --------------------------------------------------------------- item 13: void dtypes are not cast

  @Test
  void voidDtypesAreRefusedPointingToBfloat16() throws IOException {
    Path out = dir.resolve("v.npy");
    for (String dtype : List.of("V2", "|V2", "<V2")) {
      Cli.Result r = Cli.run("convert", Cli.digits().toString(), out.toString(), "--dtype", dtype);
      assertThat(r.code()).as(dtype + ": " + r.err()).isEqualTo(2);
      assertThat(r.err()).startsWith("ndprim: --dtype '" + dtype + "' is numpy's raw-bytes (void) dtype")
          .contains("--dtype bfloat16").hasLineCount(1);
      assertThat(out).doesNotExist();
    }
    Cli.Result bf = Cli.run("convert", Cli.digits().toString(), out.toString(), "--dtype", "bfloat16");
    assertThat(bf.code()).as(bf.err()).isZero();
    assertThat(Npy.readHeader(out).descr()).isEqualTo("<V2");
  }

  // ------------------------------------------------------- item 12: /dev/stdout when stdout is a pipe

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static List<String> ndprim(String... args) {
    List<String> cmd = new ArrayList<>(List.of(java(), "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-cp",
        System.getProperty("java.class.path"), "org.ndprim.cli.Main"));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Runs ndprim in a child JVM whose standard output is a pipe (ProcessBuilder's default); returns {exit, stdout, stderr}. */
  private static Object[] piped(String... args) throws Exception {
    Process p = new ProcessBuilder(ndprim(args)).start();
    byte[][] outErr = new byte[2][];
    Thread err = new Thread(() -> {
      try (InputStream in = p.getErrorStream()) {
        outErr[1] = in.readAllBytes();
      } catch (IOException e) {
        outErr[1] = new byte[0];
      }
    });
    err.start();
    try (InputStream in = p.getInputStream()) {
      outErr[0] = in.readAllBytes();
    }
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    err.join();
    return new Object[] {p.exitValue(), outErr[0], new String(outErr[1], StandardCharsets.UTF_8)};
  }

  @Test
  void aLoopOfLinksAsOutIsRefusedBeforeAnythingIsPrinted() throws IOException {
    // a new user's finding: slice printed its result, then failed on the loop
    Path loop = dir.resolve("loop.npy");
    Files.createSymbolicLink(loop, loop.getFileName());
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), "0", "-o", loop.toString());
    assertThat(r.code()).as(r.err()).isEqualTo(1);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).startsWith("ndprim: cannot write " + loop).hasLineCount(1);
  }

  @Test
  void devStdoutAndDevFdAreWrittenInPlaceWhenStdoutIsAPipe() throws Exception {
    assumeTrue(new File("/dev/stdout").exists() && new File("/proc/self/fd").isDirectory(), "/dev/stdout");
    byte[] digits = Files.readAllBytes(Cli.digits());
    for (String device : List.of("/dev/stdout", "/dev/fd/1")) {
      Object[] r = piped("convert", Cli.digits().toString(), device);
      assertThat((int) r[0]).as(device + ": " + r[2]).isZero();
      assertThat((byte[]) r[1]).as(device).isEqualTo(digits);
      assertThat((String) r[2]).isEqualTo("wrote " + device + ": <i2 (1797, 8, 8)\n");
    }
    Object[] png = piped("show", Cli.digits().toString(), "0", "-o", "/dev/stdout");
    assertThat((int) png[0]).as((String) png[2]).isZero();
    byte[] image = (byte[]) png[1];
    assertThat(javax.imageio.ImageIO.read(new ByteArrayInputStream(image)).getWidth()).isEqualTo(256);
    // OUT on standard output: the .npy alone, as with -o - (the printed result would corrupt it)
    for (String device : List.of("/dev/stdout", "/dev/fd/1")) {
      Object[] slice = piped("slice", Cli.digits().toString(), "0", "-o", device);
      assertThat((int) slice[0]).as((String) slice[2]).isZero();
      byte[] bytes = (byte[]) slice[1];
      assertThat(new String(bytes, 0, 6, StandardCharsets.ISO_8859_1)).isEqualTo("\u0093NUMPY");
      NdArray written = Npy.read(new ByteArrayInputStream(bytes));
      assertThat(written).isEqualTo(((ShortNdArray) Npy.read(Cli.digits())).get(0));
      assertThat((String) slice[2]).isEqualTo("wrote " + device + ": <i2 (8, 8)\n");
    }
  }

  // ------------------------------------------------- item 10: a mapped file shrunk while it is read

  @Test
  void aMappedFileShrunkWhileReadIsOneMessageNamingIt() throws Exception {
    assumeTrue(new File("/proc/self/maps").exists(), "/proc");
    Path big = dir.resolve("big.npy");
    byte[] header = headerOf(1L << 31);
    for (List<String> args : List.of(List.of("info", big.toString()), List.of("convert", big.toString(), "/dev/null"))) {
      try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
        f.setLength(0);
        f.write(header);
        f.setLength(header.length + 8L * (1L << 31)); // 16 GiB of float64 zeros, sparse
      }
      Process p = new ProcessBuilder(ndprim(args.toArray(String[]::new)))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      Path maps = Path.of("/proc", Long.toString(p.pid()), "maps");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      boolean mapped = false;
      while (!mapped && p.isAlive() && System.nanoTime() < deadline) {
        try {
          mapped = Files.readString(maps).contains(big.toString());
        } catch (IOException gone) {
          break;
        }
        if (!mapped) {
          Thread.sleep(2);
        }
      }
      assertThat(mapped).as("the child maps " + big).isTrue();
      try (FileChannel ch = FileChannel.open(big, StandardOpenOption.WRITE)) {
        ch.truncate(header.length); // what an in-place np.save does first
      }
      String err;
      try (InputStream in = p.getErrorStream()) {
        err = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(args + ": " + err).isEqualTo(1);
      assertThat(err).as(String.valueOf(args)).startsWith("ndprim: ").contains(big.toString()).hasLineCount(1)
          .doesNotContain("InternalError").doesNotContain("\tat ");
    }
  }

  /** A .npy v1.0 header for a float64 array of {@code n} elements. */
  private static byte[] headerOf(long n) {
    String dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + n + ",), }";
    int total = 10 + dict.length() + 1;
    dict = dict + " ".repeat((64 - total % 64) % 64) + "\n";
    byte[] d = dict.getBytes(StandardCharsets.US_ASCII);
    byte[] h = new byte[10 + d.length];
    byte[] magic = "\u0093NUMPY\u0001\u0000".getBytes(StandardCharsets.ISO_8859_1);
    System.arraycopy(magic, 0, h, 0, 8);
    h[8] = (byte) d.length;
    h[9] = (byte) (d.length >> 8);
    System.arraycopy(d, 0, h, 10, d.length);
    return h;
  }
}
