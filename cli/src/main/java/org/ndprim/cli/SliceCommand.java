package org.ndprim.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.Npz;
import org.ndprim.text.Printable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ndprim slice FILE SPEC [--member NAME] [-o OUT.npy]}: NumPy basic indexing on a file or an archive's member. */
@Command(
    name = "slice",
    description = {
      "Print FILE[SPEC] in NumPy's print layout (see README for float-format differences), and optionally save it as a .npy file.",
      "SPEC is what goes between the brackets in NumPy, e.g. \"0, ::2, ::2\", \"..., ::-1\",",
      "\"1:-1, None\", \"-1\", \"()\". Quote it; unquoted words are joined with spaces.",
      "FILE is a .npy file or a .npz archive (then --member NAME, unless it holds one array)."
    })
final class SliceCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
  boolean help;

  @Parameters(index = "0", paramLabel = "FILE", description = "a .npy file (- for standard input) or a .npz archive")
  String file;

  @Option(names = "--member", paramLabel = "NAME",
      description = "the member of a .npz archive (NAME or NAME.npy); not needed when it has only one")
  String member;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "SPEC",
      description = "NumPy basic-indexing spec: ints, start:stop:step, ..., None (or newaxis)")
  List<String> specWords;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT.npy",
      description = "also write the result to OUT.npy (version 1.0, little-endian, C order; the name must end"
          + " in .npy), atomically: a failed write leaves an existing file as it was; - writes the .npy to"
          + " standard output instead of printing the result")
  String output;

  /**
   * The array FILE (and {@code --member}) names: a mapped {@code .npy} file, standard input read
   * once, or a {@code .npz} member read into the heap.
   */
  static NdArray load(Main main, String file, String member) throws Exception {
    if (Input.isNpz(file)) {
      try (Npz npz = Input.openNpz(file)) {
        Npz.Member m = Input.member(npz, member);
        if (!Input.supported(m.header())) {
          throw Input.unsupported(Input.prefix(m), m.header());
        }
        try (Progress p = main.progress("reading " + Printable.escape(m.name()), m.size())) {
          return Memory.guard("reading " + file + ":" + Printable.escape(m.entryName()), () -> Input.readMember(m, p));
        }
      }
    }
    if (member != null) {
      throw new Usage("--member is for .npz archives; " + file + " is not one");
    }
    return Memory.guard("reading " + file, () -> Input.read(file, main.stdin, true)).array();
  }

  /**
   * The SPEC words joined with spaces, as NumPy would read them between brackets.
   *
   * @throws Usage if they are empty or blank: {@code a[]} is a syntax error in Python (the
   *     library's {@code slice("")} is {@code a[()]}, which is written {@code "()"} here)
   */
  static String indexSpec(List<String> words) {
    String joined = String.join(" ", words);
    if (joined.isBlank()) {
      throw new Usage("SPEC is empty (a[] is a syntax error in NumPy); write \"()\" or \"...\" for the whole array");
    }
    return joined;
  }

  @Override
  public Integer call() throws Exception {
    Main main = (Main) spec.parent().userObject();
    String indexSpec = indexSpec(specWords);
    if (output != null && !output.equals("-")) {
      Output.checkName(output, "-o", "slice writes a .npy file (- writes it to standard output; convert makes .npz archives)",
          ".npy");
      Output.checkWritable(output);
    }
    NdArray result = load(main, file, member).slice(indexSpec);
    PrintWriter out = spec.commandLine().getOut();
    boolean npyToStdout = "-".equals(output);
    // The result is printed unless the .npy goes to standard output (-, /dev/stdout, /dev/fd/1):
    // the text would come first in the same stream and corrupt the file.
    if (output == null || !Output.isStandardOutput(output)) {
      out.println(result);
      OutputError.check(out);
    }
    if (output != null) {
      if (npyToStdout) {
        OutputStream stdout = main.stdout;
        Npy.write(result, stdout);
        stdout.flush();
        if (stdout instanceof PrintStream && ((PrintStream) stdout).checkError()) {
          throw new OutputError("cannot write the .npy to standard output (closed, full or a broken pipe)");
        }
      } else {
        Npy.write(result, Path.of(output));
      }
      PrintWriter err = spec.commandLine().getErr();
      err.println("wrote " + (npyToStdout ? "<stdout>" : org.ndprim.text.Printable.escape(output)) + ": " + result.scalarType().dtype() + " " + result.shape());
      err.flush();
    }
    return 0;
  }
}
