package org.ndprim.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.ndprim.NdArray;
import org.ndprim.io.Npy;
import org.ndprim.io.NpyHeader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The {@code ndprim} command: inspect, slice, convert and draw NumPy {@code .npy} files and
 * {@code .npz} archives.
 *
 * <p>Without a subcommand it shows the bundled UCI handwritten digits ({@code digits.npy}, a
 * resource of this jar). Exit codes: 0 success, 1 a file cannot be read or written or is not a
 * readable {@code .npy} or {@code .npz} file, the heap is too small, or standard output cannot be
 * written; 2 bad usage (unknown option, bad SPEC, index out of bounds, no such member, a slice
 * that cannot be drawn).
 */
@Command(
    name = "ndprim",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    subcommands = {InfoCommand.class, SliceCommand.class, ConvertCommand.class, ShowCommand.class,
        CommandLine.HelpCommand.class},
    description = {
      "Inspect, slice, convert and draw NumPy .npy files (versions 1.0-3.0) and .npz archives (np.savez, np.savez_compressed) of the dtypes ndprim has: bool, int8-64, uint8-64, float16/32/64, bfloat16, complex64/128.",
      "A .npy FILE may be - for standard input, a pipe or a FIFO: it is read once.",
      "Work that lasts more than a second shows a progress bar when stderr is a terminal.",
      "Without a command, shows the bundled UCI handwritten digits (digits.npy)."
    },
    footerHeading = "%nExit codes:%n",
    footer = {
      "  0  success",
      "  1  a file cannot be read or written or is not a readable .npy/.npz file, the",
      "     Java heap is too small, or standard output cannot be written",
      "  2  bad usage: unknown option, malformed SPEC, index out of bounds, no such",
      "     member, a slice that is not a picture",
      "",
      "Examples:",
      "  ndprim info data/digits.npy",
      "  ndprim slice data/digits.npy \"0, ::2, ::2\"",
      "  ndprim slice data/digits.npy \"..., ::-1\" -o mirrored.npy",
      "  ndprim convert data/digits.npy digits.npz --compress",
      "  ndprim show digits.npz 0 -o digit0.png"
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

  /** Standard error when it is a terminal (progress bars are drawn there), else null. */
  PrintStream progressErr;
  /** Whether standard output is a terminal (the preview may then use colours). */
  boolean stdoutTerminal;
  /** The environment: TERM, COLORTERM, NO_COLOR, COLUMNS. */
  Map<String, String> env = Map.of();
  /** Whether the process has a console ({@link System#console()}): the terminal's width may then be asked with stty. */
  boolean console;

  Main(InputStream stdin, OutputStream stdout) {
    this.stdin = stdin;
    this.stdout = stdout;
  }

  /** A progress bar for work over {@code totalBytes}, drawn only on a terminal's stderr after a second. */
  Progress progress(String task, long totalBytes) {
    return Progress.of(task, totalBytes, progressErr);
  }

  /**
   * Runs the command and exits with its exit code. Output that cannot be written (stdout closed
   * or full) is exit code 1 with a message, and so is running out of memory: never a stack trace.
   *
   * @param args the command line, e.g. {@code info data/digits.npy}
   */
  public static void main(String[] args) {
    System.setProperty("java.awt.headless", "true");
    CommandLine cl = commandLine(System.in, System.out);
    Main main = cl.getCommand();
    main.env = System.getenv();
    main.console = System.console() != null;
    main.stdoutTerminal = Terminals.isTerminal(1);
    main.progressErr = Terminals.isTerminal(2) && !Terminals.isDumb(main.env) ? System.err : null;
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
    cl.setParameterExceptionHandler(new Errors.Parameters());
    // SPECs such as "-1, ::2" start with '-': treat what is not a known option as a parameter.
    cl.setUnmatchedOptionsArePositionalParams(true);
    // "@file" arguments would read a file's bytes as arguments (slice a.npy @/dev/zero hung)
    cl.setExpandAtFiles(false);
    cl.setExecutionStrategy(Main::execute);
    return cl;
  }

  /**
   * Runs the command picocli parsed. A fault in a mapped file's memory (a file shrunk by another
   * process while it is read) reaches here as an {@link InternalError}, which picocli lets
   * through, or as the cause of the {@code IOException} the library made of it while writing
   * (which names the file written, not the one that shrank): either becomes the one message
   * {@link Errors#mappedFault} makes, naming the command's FILE or IN (its first parameter).
   */
  private static int execute(ParseResult parseResult) {
    try {
      return new CommandLine.RunLast().execute(parseResult);
    } catch (InternalError e) {
      throw mappedFault(e, parseResult);
    } catch (CommandLine.ExecutionException e) {
      for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
        if (c instanceof InternalError
            && String.valueOf(c.getMessage()).contains("unsafe memory access")) {
          throw mappedFault((InternalError) c, parseResult);
        }
      }
      throw e;
    }
  }

  private static CommandLine.ExecutionException mappedFault(InternalError e,
      ParseResult parseResult) {
    ParseResult last = parseResult;
    while (last.hasSubcommand()) {
      last = last.subcommand();
    }
    List<String> first = last.hasMatchedPositional(0) ? last.matchedPositional(0).stringValues() : List.of();
    String file = first.isEmpty() ? null : first.get(0);
    return Errors.mappedFault(e, last.commandSpec().commandLine(), file);
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
    out.println("digits[0] as a picture   (ndprim show data/digits.npy 0; -o digit.png writes a PNG)");
    Picture picture = Picture.of(digits.get(0), "digits[0]");
    Preview.Mode mode = ShowCommand.mode(this, "auto");
    int[] size = Preview.fit(picture.width, picture.height, mode, Terminals.columns(env, console));
    out.print(Preview.render(picture, size[0], size[1], mode));
    out.println();
    out.println("Try: ndprim slice FILE \"0, ::-1\"   ndprim info FILE   ndprim show FILE 0   (FILE: .npy or .npz)");
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
