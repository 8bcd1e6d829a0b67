package org.ndprim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code ndprim} command: inspect and slice NumPy {@code .npy} files.
 *
 * <p>Without a subcommand it shows the bundled UCI handwritten digits ({@code digits.npy}, a
 * resource of this jar). Exit codes: 0 success, 1 a file cannot be read or written or is not a
 * readable {@code .npy} file, the heap is too small, or standard output cannot be written; 2 bad
 * usage (unknown option, bad SPEC, index out of bounds).
 */
@Command(
    name = "ndprim",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    subcommands = {InfoCommand.class, SliceCommand.class, CommandLine.HelpCommand.class},
    description = {
      "Inspect and slice NumPy .npy files (versions 1.0-3.0; bool, int8/16/32/64, uint16, float32/64).",
      "FILE.npy may be - for standard input, a pipe or a FIFO: it is read once.",
      "Without a command, shows the bundled UCI handwritten digits (digits.npy)."
    },
    footerHeading = "%nExit codes:%n",
    footer = {
      "  0  success",
      "  1  a file cannot be read or written or is not a readable .npy file, the",
      "     Java heap is too small, or standard output cannot be written",
      "  2  bad usage: unknown option, malformed SPEC, index out of bounds",
      "",
      "Examples:",
      "  ndprim info data/digits.npy",
      "  ndprim slice data/digits.npy \"0, ::2, ::2\"",
      "  ndprim slice data/digits.npy \"..., ::-1\" -o mirrored.npy"
    })
public final class Main implements Callable<Integer> {
  /** Exit code for unreadable, unwritable or malformed files. */
  static final int EXIT_FILE = 1;
  /** Exit code for usage errors (picocli's default for parameter errors too). */
  static final int EXIT_USAGE = 2;

  static final String DIGITS_RESOURCE = "data/digits.npy";
  static final String LABELS_RESOURCE = "data/digits_labels.npy";
  /** The slice shown by the demo, as NumPy would write it after {@code digits}. */
  static final String DEMO_SLICE = "0, ::2, ::2";

  @Spec CommandSpec spec;

  /** Where {@code -} as FILE.npy reads from. */
  final InputStream stdin;
  /** Where {@code -o -} writes the .npy bytes to. */
  final OutputStream stdout;

  Main(InputStream stdin, OutputStream stdout) {
    this.stdin = stdin;
    this.stdout = stdout;
  }

  /**
   * Runs the command and exits with its exit code. Output that cannot be written (stdout closed
   * or full) is exit code 1 with a message, and so is running out of memory: never a stack trace.
   *
   * @param args the command line, e.g. {@code info data/digits.npy}
   */
  public static void main(String[] args) {
    CommandLine cl = commandLine(System.in, System.out);
    int code;
    try {
      code = cl.execute(args);
    } catch (OutOfMemoryError e) {
      System.err.println("ndprim: " + Memory.exhausted("running ndprim " + String.join(" ", abbreviated(args)))
          .getMessage());
      code = EXIT_FILE;
    }
    cl.getOut().flush();
    if (code == 0 && (cl.getOut().checkError() || System.out.checkError())) {
      System.err.println("ndprim: cannot write to standard output (closed, full or a broken pipe); the output is lost");
      code = EXIT_FILE;
    }
    System.exit(code);
  }

  private static String[] abbreviated(String[] args) {
    String[] out = new String[args.length];
    for (int i = 0; i < args.length; i++) {
      out[i] = args[i].length() <= 40 ? args[i] : args[i].substring(0, 37) + "...";
    }
    return out;
  }

  /** A configured command line; tests call {@code execute} on it with their own out/err writers. */
  static CommandLine commandLine(InputStream stdin, OutputStream stdout) {
    CommandLine cl = new CommandLine(new Main(stdin, stdout));
    cl.setExecutionExceptionHandler(new Errors());
    // SPECs such as "-1, ::2" start with '-': treat what is not a known option as a parameter.
    cl.setUnmatchedOptionsArePositionalParams(true);
    // "@file" arguments would read a file's bytes as arguments (slice a.npy @/dev/zero hung)
    cl.setExpandAtFiles(false);
    return cl;
  }

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    NdArray digits;
    NpyHeader header;
    NdArray labels;
    try (InputStream in = resource(DIGITS_RESOURCE)) {
      header = Npy.readHeader(in);
    }
    try (InputStream in = resource(DIGITS_RESOURCE)) {
      digits = Npy.read(in);
    }
    try (InputStream in = resource(LABELS_RESOURCE)) {
      labels = Npy.read(in);
    }
    out.println("ndprim " + Version.version() + ": no command given, so here are the bundled UCI handwritten digits.");
    out.println("(1797 images of 8x8 pixels, each pixel 0..16; see --help for the commands)");
    out.println();
    Summary.print(out, "digits.npy (bundled)", header, digits);
    out.println();
    out.println("digits[0]   (a handwritten " + labels.getObject(0) + ", says digits_labels[0])");
    out.println(digits.get(0));
    out.println();
    out.println("digits[" + DEMO_SLICE + "]   (every other row and column of it)");
    out.println(digits.slice(DEMO_SLICE));
    out.println();
    out.println("Try: ndprim slice FILE.npy \"0, ::-1\"   or   ndprim info FILE.npy");
    OutputError.check(out);
    return 0;
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = Main.class.getResourceAsStream(name);
    if (in == null) {
      throw new IOException("the bundled " + name + " is missing from the ndprim jar");
    }
    return in;
  }

  /** {@code --version}: the Maven project version, filtered into {@code version.properties}. */
  static final class Version implements IVersionProvider {
    static String version() {
      Properties p = new Properties();
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
      return new String[] {"ndprim " + version(), "Java " + System.getProperty("java.version")};
    }
  }
}
