package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;
import org.ndprim.io.Npy;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** What a new user of the command ran into: each defect of the report, as the fixed behaviour. */
class NewUserTest {
  @TempDir Path dir;

  /** One {@code ndprim: ...} line on stderr (and {@code extra} lines after it), exit {@code code}, nothing on stdout. */
  private static void assertOneError(Cli.Result r, int code, String line) {
    assertThat(r.code()).as("exit code; stderr: %s", r.err()).isEqualTo(code);
    assertThat(r.err()).isEqualTo(line + "\n");
    assertThat(r.out()).isEmpty();
  }

  private Path ok() throws IOException {
    Path ok = dir.resolve("ok.npy");
    Npy.write(IntNdArray.wrap(Shape.of(2, 3), new int[] {0, 1, 2, 3, 4, 5}), ok);
    return ok;
  }

  private Path raw(String name, String descr, int dataBytes) throws IOException {
    Path f = dir.resolve(name);
    byte[] header = NpzCliTest.npyHeader("{'descr': " + descr + ", 'fortran_order': False, 'shape': (2,), }");
    byte[] all = java.util.Arrays.copyOf(header, header.length + dataBytes);
    Files.write(f, all);
    return f;
  }

  private List<String> files() throws IOException {
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  // ------------------------------------------- 1: a path the file-name encoding cannot represent

  @Test
  void aPathOutsideTheFileNameEncodingSaysSoWithAHint() {
    CommandLine cl = Main.commandLine(null, null);
    StringWriter err = new StringWriter();
    cl.setErr(new PrintWriter(err, true));
    int code = new Errors().handleExecutionException(new InvalidPathException("\u00fcn\u00ef/\u0434\u0430\u043d\u0456.npy",
        "Malformed input or input contains unmappable characters"), cl, null);
    assertThat(code).isEqualTo(Main.EXIT_FILE);
    assertThat(err.toString()).startsWith("ndprim: the path '\u00fcn\u00ef/\u0434\u0430\u043d\u0456.npy' cannot be"
        + " represented in the platform's file-name encoding (sun.jnu.encoding=").endsWith(
        "); run with a UTF-8 locale, e.g. LANG=C.UTF-8\n");
    assertThat(Errors.invalidPath(new InvalidPathException("\u00fc.npy", "whatever the JDK says"), "ANSI_X3.4-1968"))
        .isEqualTo("the path '\u00fc.npy' cannot be represented in the platform's file-name encoding"
            + " (sun.jnu.encoding=ANSI_X3.4-1968); run with a UTF-8 locale, e.g. LANG=C.UTF-8");
    assertThat(Errors.invalidPath(new InvalidPathException("a\0b", "Nul character not allowed"), "UTF-8"))
        .isEqualTo("invalid path 'a\0b': Nul character not allowed");
  }

  @Test
  void aPathOutsideTheFileNameEncodingInARealCLocale() throws Exception {
    assumeTrue(new File("/bin/bash").canExecute() && new File("/usr/bin/env").canExecute(), "bash and env");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String line = "/usr/bin/env -i '" + java + "' -cp '" + System.getProperty("java.class.path")
        + "' org.ndprim.cli.Main info $'\\xc3\\xbcn\\xc3\\xaf/\\xd0\\xb4.npy'";
    Process p = new ProcessBuilder("/bin/bash", "-c", line).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assumeFalse(err.startsWith("ndprim: no such file"), "this platform's C locale encodes file names in UTF-8");
    assertThat(p.exitValue()).as(err).isEqualTo(1);
    assertThat(err.lines()).hasSize(1);
    assertThat(err).startsWith("ndprim: the path '").contains("cannot be represented in the platform's file-name"
        + " encoding (sun.jnu.encoding=").endsWith("run with a UTF-8 locale, e.g. LANG=C.UTF-8\n");
  }

  // ------------------------------------------------------ 2: unsupported dtypes, in CLI words

  @Test
  void anUnsupportedDtypeNamesItsKindAndWhatNdprimReads() throws IOException {
    String reads = "; ndprim reads |b1 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 <f2 <f4 <f8 <c8 <c16 <V2 (either byte order)";
    assertThat(reads).contains(String.join(" ", Npy.builtInDtypes()));
    Map<String, String> cases = new LinkedHashMap<>();
    cases.put("'|O'", "dtype '|O' (Python objects) is not supported");
    cases.put("'<U5'", "dtype '<U5' (Unicode strings) is not supported");
    cases.put("'|S3'", "dtype '|S3' (byte strings) is not supported");
    cases.put("[('x', '<i4'), ('y', '<f8')]", "dtype '[('x', '<i4'), ('y', '<f8')]' (structured) is not supported");
    cases.put("'|V4'", "dtype '|V4' (raw bytes, void) is not supported");
    cases.put("'<f16'", "dtype '<f16' (float128, C long double) is not supported");
    cases.put("'<M8[ns]'", "dtype '<M8[ns]' (datetime64) is not supported");
    int i = 0;
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Path f = raw("u" + i++ + ".npy", c.getKey(), 64);
      for (String command : new String[] {"slice", "show"}) {
        assertOneError(Cli.run(command, f.toString(), "0"), 1, "ndprim: " + f + ": " + c.getValue() + reads);
      }
      assertOneError(Cli.runWithStdin(Files.readAllBytes(f), "slice", "-", "0"), 1,
          "ndprim: <stdin>: " + c.getValue() + reads);
      assertOneError(Cli.run("convert", f.toString(), dir.resolve("out.npz").toString()), 1,
          "ndprim: " + f + ": " + c.getValue() + reads);
    }
    assertThat(dir.resolve("out.npz")).doesNotExist();
  }

  // ----------------------------------------------------- 3: parse errors are one line and a hint

  @Test
  void parseErrorsAreOneLineAndWhereTheHelpIs() {
    String[][] runs = {{"info", "f", "--bogus"}, {"show", "f", "--scale", "abc"}, {"slice"}, {"bogus"}, {"info"},
        {"convert", "a.npy"}};
    String[] messages = {
      "ndprim: unknown option: '--bogus'\nTry 'ndprim info --help' for more information.\n",
      "ndprim: invalid value for option '--scale': 'abc' is not an int\nTry 'ndprim show --help' for more information.\n",
      "ndprim: missing required parameters: 'FILE', 'SPEC'\nTry 'ndprim slice --help' for more information.\n",
      "ndprim: unknown command 'bogus' (the commands are info, slice, convert, show, help)\n"
          + "Try 'ndprim --help' for more information.\n",
      "ndprim: missing required parameter: 'FILE'\nTry 'ndprim info --help' for more information.\n",
      "ndprim: missing required parameter: 'OUT'\nTry 'ndprim convert --help' for more information.\n"};
    for (int i = 0; i < runs.length; i++) {
      Cli.Result r = Cli.run(runs[i]);
      assertThat(r.code()).as(String.join(" ", runs[i])).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", runs[i])).isEqualTo(messages[i]);
      assertThat(r.out()).isEmpty();
    }
  }

  // ------------------------------------------------------------------------ 4: an empty SPEC

  @Test
  void anEmptyOrBlankSpecIsRefused() throws IOException {
    String f = ok().toString();
    String message = "ndprim: SPEC is empty (a[] is a syntax error in NumPy); write \"()\" or \"...\" for the whole array";
    assertOneError(Cli.run("slice", f, ""), 2, message);
    assertOneError(Cli.run("slice", f, "  "), 2, message);
    assertOneError(Cli.run("slice", f, "", ""), 2, message);
    assertOneError(Cli.run("show", f, ""), 2, message);
    // what the message suggests works, and the library's slice("") stays a[()]
    assertThat(Cli.run("slice", f, "()").out()).isEqualTo("[[0 1 2]\n [3 4 5]]\n");
    assertThat(Cli.run("slice", f, "...").out()).isEqualTo("[[0 1 2]\n [3 4 5]]\n");
    assertThat(Npy.read(ok()).slice("")).isEqualTo(Npy.read(ok()));
  }

  // ------------------------------------------------------------ 5: OUT's name chooses its format

  @Test
  void anOutputNameThatDoesNotSayItsFormatIsRefused() throws IOException {
    String f = ok().toString();
    String txt = dir.resolve("keep.txt").toString();
    assertOneError(Cli.run("convert", f, txt), 2, "ndprim: OUT " + txt + ": the name must end in .npy or .npz;"
        + " convert chooses the format by OUT's name (- writes a .npy to standard output)");
    assertOneError(Cli.run("convert", f, txt, "--compress"), 2, "ndprim: OUT " + txt + ": the name must end in .npy"
        + " or .npz; convert chooses the format by OUT's name (- writes a .npy to standard output)");
    assertOneError(Cli.run("slice", f, "0", "-o", txt), 2, "ndprim: -o " + txt + ": the name must end in .npy;"
        + " slice writes a .npy file (- writes it to standard output; convert makes .npz archives)");
    assertOneError(Cli.run("slice", f, "0", "-o", dir.resolve("a.npz").toString()), 2, "ndprim: -o " + dir.resolve("a.npz")
        + ": the name must end in .npy; slice writes a .npy file (- writes it to standard output; convert makes .npz archives)");
    assertOneError(Cli.run("show", f, "-o", dir.resolve("a.jpg").toString()), 2,
        "ndprim: -o " + dir.resolve("a.jpg") + ": the name must end in .png; show writes a PNG");
    assertOneError(Cli.run("show", f, "-o", "-"), 2, "ndprim: -o -: the name must end in .png; show writes a PNG");
    assertThat(files()).containsExactly("ok.npy");
    // case-insensitive
    assertThat(Cli.run("convert", f, dir.resolve("A.NPZ").toString()).code()).isZero();
    assertThat(Cli.run("slice", f, "0", "-o", dir.resolve("B.Npy").toString()).code()).isZero();
    assertThat(Cli.run("show", f, "-o", dir.resolve("C.PNG").toString()).code()).isZero();
    assertThat(files()).containsExactly("A.NPZ", "B.Npy", "C.PNG", "ok.npy");
  }

  // --------------------------------------------------------------- 6: what show says of 0-d and 1-d

  @Test
  void aZeroDimensionalArrayIsOneValueAndTheOneDimensionalHintWorks() throws IOException {
    Path zero = dir.resolve("zero_d.npy");
    Npy.write(DoubleNdArray.wrap(Shape.of(), new double[] {3.5}), zero);
    assertOneError(Cli.run("show", zero.toString()), 2, "ndprim: " + zero + " is a 0-d array, one value: 3.5;"
        + " there is nothing to draw");
    String f = ok().toString();
    assertOneError(Cli.run("show", f, "1, 2"), 2, "ndprim: " + f + "[1, 2] is a 0-d array, one value: 5;"
        + " there is nothing to draw");
    Path line = dir.resolve("line.npy");
    Npy.write(DoubleNdArray.wrap(Shape.of(3), new double[] {0, 1, 2}), line);
    for (String[] args : new String[][] {{"show", line.toString()}, {"show", f, "0"}, {"show", f, "..., 1"}}) {
      Cli.Result r = Cli.run(args);
      assertThat(r.code()).isEqualTo(2);
      Matcher hint = Pattern.compile("draw it as one row with the SPEC \"([^\"]*)\"\n$").matcher(r.err());
      assertThat(hint.find()).as(r.err()).isTrue();
      Cli.Result followed = Cli.run("show", args[1], hint.group(1), "--scale", "1");
      assertThat(followed.code()).as(hint.group(1) + ": " + followed.err()).isZero();
      assertThat(followed.out()).hasLineCount(1);
    }
  }

  // -------------------------------------------------------------- 7: every dtype --help lists

  /** The names in "the dtypes ndprim has: bool, int8-64, uint8-64, float16/32/64, ..." of ndprim --help. */
  static Set<String> namesInTheHelp() {
    String description = String.join(" ", Main.class.getAnnotation(Command.class).description());
    Matcher m = Pattern.compile("of the dtypes ndprim has: ([^.]*)\\.").matcher(description);
    assertThat(m.find()).as(description).isTrue();
    Set<String> names = new LinkedHashSet<>();
    for (String item : m.group(1).split(",\\s*")) {
      Matcher range = Pattern.compile("([a-z]+)(\\d+)-(\\d+)").matcher(item);
      Matcher list = Pattern.compile("([a-z]+)(\\d+(?:/\\d+)+)").matcher(item);
      if (range.matches()) {
        for (int bits = Integer.parseInt(range.group(2)); bits <= Integer.parseInt(range.group(3)); bits *= 2) {
          names.add(range.group(1) + bits);
        }
      } else if (list.matches()) {
        for (String bits : list.group(2).split("/")) {
          names.add(list.group(1) + bits);
        }
      } else {
        names.add(item.strip());
      }
    }
    return names;
  }

  @Test
  void everyDtypeTheHelpListsIsAcceptedByConvert() throws IOException {
    Map<String, String> written = new LinkedHashMap<>();
    written.put("bool", "|b1");
    written.put("int8", "|i1");
    written.put("int16", "<i2");
    written.put("int32", "<i4");
    written.put("int64", "<i8");
    written.put("uint8", "|u1");
    written.put("uint16", "<u2");
    written.put("uint32", "<u4");
    written.put("uint64", "<u8");
    written.put("float16", "<f2");
    written.put("float32", "<f4");
    written.put("float64", "<f8");
    written.put("bfloat16", "<V2");
    written.put("complex64", "<c8");
    written.put("complex128", "<c16");
    assertThat(namesInTheHelp()).containsExactlyInAnyOrderElementsOf(written.keySet());
    // and the examples of convert --dtype's help
    written.put("<f4", "<f4");
    written.put(">f8", ">f8");
    written.put("i2", "<i2");
    String f = ok().toString();
    for (Map.Entry<String, String> e : written.entrySet()) {
      Path out = dir.resolve("out.npy");
      Cli.Result r = Cli.run("convert", f, out.toString(), "--dtype", e.getKey());
      assertThat(r.code()).as(e.getKey() + ": " + r.err()).isZero();
      assertThat(r.err()).isEqualTo("wrote " + out + ": " + e.getValue() + " (2, 3)\n");
      assertThat(Npy.readHeader(out).descr()).isEqualTo(e.getValue());
    }
    Cli.run("convert", f, dir.resolve("bf.npy").toString(), "--dtype", "bfloat16");
    assertThat(Cli.run("slice", dir.resolve("bf.npy").toString(), "1").out()).isEqualTo("[3 4 5]\n"); // as ml_dtypes prints bfloat16
  }

  // ------------------------------------------------- 8: OUT is checked before anything is printed

  @Test
  void anOutputThatCannotBeWrittenFailsBeforeAnyOutput() throws IOException {
    String f = ok().toString();
    Path sub = Files.createDirectory(dir.resolve("sub.npy"));
    for (String[] args : new String[][] {{"slice", f, "0", "-o", sub.toString()}, {"convert", f, sub.toString()}}) {
      assertOneError(Cli.run(args), 1, "ndprim: cannot write " + sub + ": it is a directory");
    }
    Path dirPng = Files.createDirectory(dir.resolve("d.png"));
    assertOneError(Cli.run("show", f, "-o", dirPng.toString()), 1, "ndprim: cannot write " + dirPng + ": it is a directory");
    Path missing = dir.resolve("no/such/x.npy");
    assertOneError(Cli.run("slice", f, "0", "-o", missing.toString()), 1,
        "ndprim: cannot write " + missing + ": no such directory " + dir.resolve("no/such"));
    Path underAFile = Path.of(f, "x.npz");
    assertOneError(Cli.run("convert", f, underAFile.toString()), 1,
        "ndprim: cannot write " + underAFile + ": " + f + " is not a directory");
  }

  @Test
  void aDirectoryWithoutWritePermissionIsNamed() throws IOException {
    String f = ok().toString();
    Path locked = Files.createDirectory(dir.resolve("locked"));
    assumeTrue(locked.toFile().setWritable(false, false) && !Files.isWritable(locked), "a directory root cannot write in");
    try {
      Path in = locked.resolve("x.png");
      assertOneError(Cli.run("show", f, "-o", in.toString()), 1,
          "ndprim: cannot write " + in + ": no permission to create files in " + locked);
    } finally {
      locked.toFile().setWritable(true, false);
    }
  }

  // ----------------------------------------------------------------------- 9: the terminal's width

  @Test
  void theTerminalWidthComesFromColumnsThenStty() {
    assertThat(Terminals.columns(Map.of("COLUMNS", "120"), true)).isEqualTo(120);
    assertThat(Terminals.columns(Map.of("COLUMNS", "x"), false)).isEqualTo(80);
    assertThat(Terminals.columns(Map.of(), false)).isEqualTo(80);
    long start = System.nanoTime();
    int stty = Terminals.sttyColumns(); // -1 without a terminal (as under Maven), else its width
    assertThat(System.nanoTime() - start).isLessThan(5_000_000_000L);
    assertThat(stty == -1 || stty > 0).as("stty: %d", stty).isTrue();
    int width = Terminals.columns(Map.of(), true);
    assertThat(width).isEqualTo(stty >= 20 ? stty : 80);
  }

  // ------------------------------------------------------------------ 10: show draws the real part

  @Test
  void showDrawsTheRealPartOfAComplexArray() throws IOException {
    Path c = dir.resolve("c.npy");
    // np.array([[0+3j, 1+2j], [2+1j, 3+0j]]): the real parts 0..3, the imaginary ones 3..0
    Npy.write(org.ndprim.Complex128NdArray.wrap(Shape.of(2, 2), new double[] {0, 3, 1, 2, 2, 1, 3, 0}), c);
    Path png = dir.resolve("c.png");
    Cli.Result r = Cli.run("show", c.toString(), "-o", png.toString(), "--scale", "1");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.err()).isEqualTo("wrote " + png + ": 2x2 pixels, gray (2x2 real part 0..3 scaled to 0..255)\n");
    assertThat(ShowTest.samples(png)).isEqualTo(org.ndprim.ShortNdArray.wrap(Shape.of(2, 2),
        new short[] {0, 85, 170, 255}));
  }

}
