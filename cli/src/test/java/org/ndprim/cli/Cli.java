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
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

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

  static Path golden(String name) {
    try {
      return Path.of(Cli.class.getResource("/golden/" + name).toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IllegalStateException("golden file " + name + " missing: run src/test/python/gen_slice_golden.py", e);
    }
  }
}
