package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;
import org.ndprim.ShortNdArray;
import org.ndprim.io.Npy;

/** Issue 9 items 3, 4, 7, 8 and the no-stack-trace rule: the CLI against a hostile user. */
class HostileUserTest {
  private static final Duration PATIENCE = Duration.ofSeconds(30);

  @TempDir Path dir;

  // ----------------------------------------------------------------- item 3: stdin, pipes, FIFOs

  @Test
  void dashIsStandardInput() throws IOException {
    byte[] digits = Files.readAllBytes(Cli.digits());
    Cli.Result r = Cli.runWithStdin(digits, "info", "-");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("file   <stdin>\n").contains("shape  (1797, 8, 8)").contains("max    16");
    Cli.Result s = Cli.runWithStdin(digits, "slice", "-", "0, 0");
    assertThat(s.code()).as(s.err()).isZero();
    assertThat(s.out()).isEqualTo("[ 0  0  5 13  9  1  0  0]\n");
  }

  @Test
  void dashAsOutputWritesTheNpyToStandardOutput() throws IOException {
    byte[] digits = Files.readAllBytes(Cli.digits());
    Cli.Result r = Cli.runWithStdin(digits, "slice", "-", "0", "-o", "-");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote <stdout>: <i2 (8, 8)\n");
    NdArray a = Npy.read(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.ISO_8859_1)));
    assertThat(a).isEqualTo(((ShortNdArray) Npy.read(Cli.digits())).get(0));
  }

  @Test
  void aFifoIsReadOnce() throws Exception {
    Path fifo = dir.resolve("in.fifo");
    assumeTrue(run(List.of("mkfifo", fifo.toString())).exitValue() == 0, "mkfifo");
    byte[] digits = Files.readAllBytes(Cli.digits());
    Thread writer = new Thread(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        out.write(digits); // blocks until the reader opens; a second open would hang the reader
      } catch (IOException e) {
        // the test fails on the reader's side
      }
    });
    writer.setDaemon(true);
    writer.start();
    Cli.Result r = assertTimeoutPreemptively(PATIENCE, () -> Cli.run("info", fifo.toString()));
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("shape  (1797, 8, 8)").contains("max    16");
  }

  @Test
  void devStdinAndProcessSubstitutionFromAPipe() throws Exception {
    assumeTrue(new File("/bin/bash").canExecute(), "bash");
    String jar = java() + " -cp " + quote(System.getProperty("java.class.path")) + " org.ndprim.cli.Main";
    String digits = quote(Cli.digits().toString());
    Process p = run(List.of("/bin/bash", "-c", "cat " + digits + " | " + jar + " info /dev/stdin"));
    assertThat(p.exitValue()).as(stderr(p)).isZero();
    assertThat(stdout(p)).contains("shape  (1797, 8, 8)");
    Process q = run(List.of("/bin/bash", "-c", jar + " info <(cat " + digits + ")"));
    assertThat(q.exitValue()).as(stderr(q)).isZero();
    assertThat(stdout(q)).contains("shape  (1797, 8, 8)").contains("max    16");
    Process s = run(List.of("/bin/bash", "-c", "cat " + digits + " | " + jar + " slice - '-1, 0'"));
    assertThat(s.exitValue()).as(stderr(s)).isZero();
    assertThat(stdout(s)).isEqualTo(Npy.read(Cli.digits()).slice("-1, 0") + "\n");
  }

  // ---------------------------------------------------------------------- item 4: no @file expansion

  @Test
  void atFilesAreNotExpanded() throws IOException {
    Path odd = dir.resolve("odd.npy");
    Files.writeString(odd, "info --help\n");
    Cli.Result r = assertTimeoutPreemptively(PATIENCE, () -> Cli.run("info", "@" + odd));
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.err()).isEqualTo("ndprim: no such file: @" + odd + "\n");
    Cli.Result zero = assertTimeoutPreemptively(PATIENCE, () -> Cli.run("slice", Cli.digits().toString(), "@/dev/zero"));
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err()).startsWith("ndprim: invalid SPEC: ").doesNotContain("\tat ");
    Cli.Result random = assertTimeoutPreemptively(PATIENCE, () -> Cli.run("info", "@/dev/urandom"));
    assertThat(random.code()).isEqualTo(1);
    assertThat(random.err()).isEqualTo("ndprim: no such file: @/dev/urandom\n");
  }

  // ------------------------------------------------------------------- item 7: bounded SPEC errors

  @Test
  void aHugeSpecGivesAFewLinesOfStderr() {
    String spec = "0, ".repeat(34_000) + "?";
    Cli.Result r = Cli.run("slice", Cli.digits().toString(), spec);
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err().length()).isLessThan(400);
    List<String> lines = r.err().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).startsWith("ndprim: invalid SPEC: expected an integer, a slice, '...', 'None' or 'newaxis' at position 102000 in \"...");
    assertThat(lines.get(1).charAt(lines.get(2).indexOf('^'))).isEqualTo('?');
    String digits = "7".repeat(1_000_000);
    Cli.Result d = Cli.run("slice", Cli.digits().toString(), digits);
    assertThat(d.code()).isEqualTo(2);
    assertThat(d.err().length()).isLessThan(400);
  }

  // ------------------------------------------------------------------------- item 8: lost output

  @Test
  void lostOutputIsExitCode1() {
    for (String[] args : new String[][] {{"slice", Cli.digits().toString(), ":"}, {"info", Cli.digits().toString()}, {}}) {
      Cli.Result r = Cli.runWithBrokenStdout(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(1);
      assertThat(r.err()).isEqualTo("ndprim: cannot write to standard output (closed, full or a broken pipe); the output is lost\n");
    }
    Cli.Result npy = Cli.runWithBrokenStdout("slice", Cli.digits().toString(), ":", "-o", "-");
    assertThat(npy.code()).isEqualTo(1);
    assertThat(npy.err()).startsWith("ndprim: ").doesNotContain("\tat ");
  }

  @Test
  void devFullAndAClosedStdoutInARealProcess() throws Exception {
    assumeTrue(new File("/dev/full").exists() && new File("/bin/sh").canExecute(), "/dev/full and sh");
    List<String> cmd = new ArrayList<>(List.of(java(), "-cp", System.getProperty("java.class.path"), "org.ndprim.cli.Main",
        "slice", Cli.digits().toString(), ":"));
    ProcessBuilder full = new ProcessBuilder(cmd).redirectOutput(new File("/dev/full"));
    Process p = full.start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(1);
    assertThat(stderr(p)).isEqualTo("ndprim: cannot write to standard output (closed, full or a broken pipe); the output is lost\n");
    String line = String.join(" ", cmd.stream().map(HostileUserTest::quote).toList());
    Process closed = run(List.of("/bin/sh", "-c", line + " >&-"));
    assertThat(closed.exitValue()).isEqualTo(1);
    assertThat(stderr(closed)).contains("ndprim: cannot write to standard output");
  }

  // ---------------------------------------------------------------- memory: a message, no stack trace

  @Test
  void aFileIsMappedWhileStandardInputMustFitTheHeap() throws Exception {
    Path big = dir.resolve("big.npy");
    byte[] header = "\u0093NUMPY\u0001\u0000".getBytes(StandardCharsets.ISO_8859_1);
    String dict = "{'descr': '|i1', 'fortran_order': True, 'shape': (2, 30000000), }";
    dict = dict + " ".repeat(64 - (10 + dict.length() + 1) % 64) + "\n";
    try (OutputStream out = Files.newOutputStream(big)) {
      out.write(header);
      out.write(dict.length() & 0xff);
      out.write(dict.length() >> 8);
      out.write(dict.getBytes(StandardCharsets.ISO_8859_1));
      out.write(new byte[60_000_000]);
    }
    // A file is mapped, not read: 60 MB of data open in a 64 MiB heap, and info reads them once.
    List<String> base = List.of(java(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        "org.ndprim.cli.Main");
    List<String> info = new ArrayList<>(base);
    info.addAll(List.of("info", big.toString()));
    Process p = run(info);
    assertThat(p.exitValue()).as(stderr(p)).isZero();
    assertThat(stdout(p)).contains("shape  (2, 30000000)").contains("order  Fortran (column-major)")
        .contains("min    0").contains("max    0");
    List<String> slice = new ArrayList<>(base);
    slice.addAll(List.of("slice", big.toString(), "1, -3:"));
    p = run(slice);
    assertThat(p.exitValue()).as(stderr(p)).isZero();
    assertThat(stdout(p)).isEqualTo("[0 0 0]\n");
    // From standard input the data must be read into the heap: too little heap is a message.
    List<String> stdin = new ArrayList<>(base);
    stdin.addAll(List.of("info", "-"));
    p = run(stdin, big);
    String err = stderr(p);
    assertThat(p.exitValue()).as(err).isEqualTo(1);
    assertThat(err).startsWith("ndprim: <stdin>: shape (2, 30000000) of '|i1' needs 60000000 data bytes")
        .contains("run java with a larger -Xmx").doesNotContain("\tat ").doesNotContain("Exception");
  }

  /**
   * A truncated .npy is an error whatever its dtype: info of a '<U5' file (a dtype ndprim does
   * not read) whose header claims 2 GB and which holds 20 data bytes fails as np.load would,
   * from a file and from standard input, with --brief too.
   */
  @Test
  void aTruncatedFileOfAnUnsupportedDtype() throws IOException {
    Path f = dir.resolve("str.npy");
    byte[] header = NpzCliTest.npyHeader("{'descr': '<U5', 'fortran_order': False, 'shape': (100000000,), }");
    byte[] bytes = java.util.Arrays.copyOf(header, header.length + 20);
    Files.write(f, bytes);
    String truncated = "truncated data: shape (100000000,) of '<U5' needs 2000000000 data bytes, the"
        + " input ends after 20\n";
    for (Cli.Result r : List.of(Cli.run("info", f.toString()), Cli.run("info", f.toString(), "--brief"))) {
      assertThat(r.code()).as(r.err()).isEqualTo(1);
      assertThat(r.err()).isEqualTo("ndprim: " + f + ": " + truncated);
    }
    Cli.Result piped = Cli.runWithStdin(bytes, "info", "-");
    assertThat(piped.code()).as(piped.err()).isEqualTo(1);
    assertThat(piped.err()).isEqualTo("ndprim: <stdin>: " + truncated);
    // the whole data: the header is shown, min and max are not read
    Path whole = dir.resolve("whole.npy");
    byte[] small = NpzCliTest.npyHeader("{'descr': '<U5', 'fortran_order': False, 'shape': (3,), }");
    Files.write(whole, java.util.Arrays.copyOf(small, small.length + 60));
    Cli.Result ok = Cli.run("info", whole.toString());
    assertThat(ok.code()).as(ok.err()).isZero();
    assertThat(ok.out()).contains("size   3 elements, 60 data bytes").contains("min    (not read: unsupported dtype)");
  }

  /** An empty FILE or OUT is a usage error naming it, not "is a directory" (Path.of("") is "."). */
  @Test
  void emptyNamesAreUsageErrors() {
    String digits = Cli.digits().toString();
    for (Cli.Result r : List.of(Cli.run("info", ""), Cli.run("slice", "", "0"), Cli.run("show", ""),
        Cli.run("convert", "", dir.resolve("o.npy").toString()))) {
      assertThat(r.code()).as(r.err()).isEqualTo(2);
      assertThat(r.err()).startsWith("ndprim: FILE is an empty name: give a .npy or .npz file, or - for"
          + " standard input");
    }
    Cli.Result out = Cli.run("convert", digits, "");
    assertThat(out.code()).as(out.err()).isEqualTo(2);
    assertThat(out.err()).startsWith("ndprim: OUT is an empty name: it must end in .npy or .npz; ");
    Cli.Result o = Cli.run("slice", digits, "0", "-o", "");
    assertThat(o.code()).as(o.err()).isEqualTo(2);
    assertThat(o.err()).startsWith("ndprim: -o is an empty name: it must end in .npy; ");
  }

  /**
   * A member name for a .npz OUT has no path in it: numpy's savez would write 'a/b.npy' or
   * '../x.npy' as it is, which unzip tools unpack outside their folder.
   */
  @Test
  void memberNamesWithAPathAreRefused() {
    String digits = Cli.digits().toString();
    Path out = dir.resolve("n.npz");
    for (String name : List.of("../evil", "a/b", "a\\b", "")) {
      Cli.Result r = Cli.run("convert", digits, out.toString(), "--name", name);
      assertThat(r.code()).as(name + ": " + r.err()).isEqualTo(2);
      assertThat(r.err()).startsWith("ndprim: --name '" + name + "' ")
          .contains(name.isEmpty() ? "is empty: a member needs a name" : "holds / or \\: a member name is written without them")
          .hasLineCount(1);
    }
    assertThat(out).doesNotExist();
    Cli.Result ok = Cli.run("convert", digits, out.toString(), "--name", "pixels");
    assertThat(ok.code()).as(ok.err()).isZero();
  }

  /** A 200-byte .npz whose member claims 640 MB: refused in a 64 MiB heap, a message and no stack trace. */
  @Test
  void aTinyArchiveClaimingAHugeMember() throws Exception {
    Path tiny = dir.resolve("tiny.npz");
    byte[] header = NpzCliTest.npyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (4, 20000000), }");
    org.ndprim.io.Npz.writeMembers(tiny, java.util.Map.of("x", out -> {
      out.write(header);
      out.write(new byte[8]);
    }), true);
    List<String> base = List.of(java(), "-Xmx64m", "-cp", System.getProperty("java.class.path"), "org.ndprim.cli.Main");
    for (List<String> args : List.of(List.of("info", tiny.toString()), List.of("slice", tiny.toString(), "0"),
        List.of("show", tiny.toString(), "None, 0:3"), List.of("convert", tiny.toString(), dir.resolve("o.npy").toString()))) {
      List<String> cmd = new ArrayList<>(base);
      cmd.addAll(args);
      Process p = run(cmd);
      String err = stderr(p);
      assertThat(p.exitValue()).as(args + ": " + err).isEqualTo(1);
      assertThat(err).as(args.toString()).endsWith("ndprim: " + tiny + ": member 'x.npy': truncated data: shape (4, 20000000) of '<f8'"
          + " needs 640000000 data bytes, the member holds 8\n").doesNotContain("\tat ");
    }
    assertThat(dir.resolve("o.npy")).doesNotExist();
  }

  /**
   * An empty member numpy cannot make ("array is too big": non-zero dimensions times the item size
   * beyond 2^63-1 bytes) is refused by every command, info included, as np.load refuses it.
   */
  @Test
  void anEmptyMemberNumpyCannotMake() throws Exception {
    Path archive = dir.resolve("bigmem.npz");
    byte[] header = NpzCliTest.npyHeader(
        "{'descr': '<i2', 'fortran_order': False, 'shape': (3037000499, 3037000499, 0), }");
    org.ndprim.io.Npz.writeMembers(archive, java.util.Map.of("x", out -> out.write(header)), true);
    List<String> base = List.of(java(), "-cp", System.getProperty("java.class.path"), "org.ndprim.cli.Main");
    for (List<String> args : List.of(List.of("info", archive.toString()),
        List.of("info", "--brief", archive.toString()), List.of("slice", archive.toString(), "0"),
        List.of("convert", archive.toString(), dir.resolve("o.npy").toString()))) {
      List<String> cmd = new ArrayList<>(base);
      cmd.addAll(args);
      Process p = run(cmd);
      String err = stderr(p);
      assertThat(p.exitValue()).as(args + ": " + err).isEqualTo(1);
      assertThat(err).as(args.toString()).contains("shape (3037000499, 3037000499, 0) of '<i2' is too"
          + " big").doesNotContain("\tat ");
    }
    assertThat(dir.resolve("o.npy")).doesNotExist();
  }

  /** A 2 GiB file (sparse where the file system allows) in a 64 MiB heap: mapped in chunks. */
  @Test
  void aFileBeyondTwoGibOpensInA64MibHeap() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Files.getFileStore(dir).getUsableSpace() > (6L << 30), "needs room for a 2 GiB file");
    Path huge = dir.resolve("huge.npy");
    org.ndprim.ShortNdArray a = org.ndprim.io.Npy.mapNew(huge, org.ndprim.ShortNdArray.TYPE,
        org.ndprim.Shape.of(32768, 32769));
    a.setShort((short) -7, 20000, 5);
    a.setShort((short) 9, -1, -1);
    List<String> base = List.of(java(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
        "org.ndprim.cli.Main");
    List<String> info = new ArrayList<>(base);
    info.addAll(List.of("info", huge.toString()));
    Process p = run(info);
    assertThat(p.exitValue()).as(stderr(p)).isZero();
    assertThat(stdout(p)).contains("shape  (32768, 32769)").contains("2147549184 data bytes")
        .contains("min    -7").contains("max    9");
    List<String> slice = new ArrayList<>(base);
    slice.addAll(List.of("slice", huge.toString(), "20000, 3:7"));
    p = run(slice);
    assertThat(p.exitValue()).as(stderr(p)).isZero();
    assertThat(stdout(p)).isEqualTo("[ 0  0 -7  0]\n");
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private Process run(List<String> cmd) throws IOException, InterruptedException {
    return run(cmd, null);
  }

  /** Runs {@code cmd} with {@code stdin} (a file, or null for none) as its standard input. */
  private Process run(List<String> cmd, Path stdin) throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    if (stdin != null) {
      pb.redirectInput(stdin.toFile());
    }
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: " + cmd);
    }
    outputs.put(p, new Path[] {out, err});
    return p;
  }

  private final java.util.Map<Process, Path[]> outputs = new java.util.HashMap<>();

  private String stdout(Process p) throws IOException {
    return Files.readString(outputs.get(p)[0]);
  }

  private String stderr(Process p) throws IOException {
    Path[] files = outputs.get(p);
    return files == null ? new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8) : Files.readString(files[1]);
  }
}
