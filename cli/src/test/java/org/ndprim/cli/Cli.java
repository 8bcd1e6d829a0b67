package org.ndprim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs the command in-process with captured stdout and stderr. */
final class Cli {
  private Cli() {}

  record Result(int code, String out, String err) {}

  static Result run(String... args) {
    return runWithStdin(new byte[0], args);
  }

  /** Runs with {@code stdin} as standard input; binary standard output (-o -) is in {@link Result#out()} as latin-1. */
  static Result runWithStdin(byte[] stdin, String... args) {
    java.io.ByteArrayOutputStream binary = new java.io.ByteArrayOutputStream();
    CommandLine cl = Main.commandLine(new java.io.ByteArrayInputStream(stdin), binary);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out + binary.toString(java.nio.charset.StandardCharsets.ISO_8859_1), err.toString());
  }

  /** Runs with a standard output that fails on every write, as /dev/full or a closed stdout does. */
  static Result runWithBrokenStdout(String... args) {
    CommandLine cl = Main.commandLine(new java.io.ByteArrayInputStream(new byte[0]), new java.io.PrintStream(BROKEN));
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(BROKEN, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, "", err.toString());
  }

  private static final java.io.OutputStream BROKEN = new java.io.OutputStream() {
    @Override
    public void write(int b) throws java.io.IOException {
      throw new java.io.IOException("No space left on device");
    }
  };

  /** The bundled digits.npy as copied into target/classes by the build (the jar holds the same file). */
  static Path digits() {
    return resource("data/digits.npy");
  }

  static Path resource(String name) {
    try {
      return Path.of(Main.class.getResource(name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("resource " + name + " missing: build with Maven so that data/ is copied", e);
    }
  }

  /** A file of src/test/resources, e.g. {@code "npz/digits.npz"} (made by the scripts in src/test/python). */
  static Path testFile(String name) {
    try {
      return Path.of(Cli.class.getResource("/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("test file " + name + " missing: run the scripts in src/test/python", e);
    }
  }

  static Path golden(String name) {
    try {
      return Path.of(Cli.class.getResource("/golden/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("golden file " + name + " missing: run src/test/python/gen_slice_golden.py", e);
    }
  }
}
