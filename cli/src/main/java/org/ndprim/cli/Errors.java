package org.ndprim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import org.ndprim.IllegalRankException;
import org.ndprim.IndexSyntaxException;
import org.ndprim.io.NpyFormatException;
import org.ndprim.text.Printable;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns exceptions from a command into one {@code ndprim: ...} message on stderr and an exit code;
 * no stack traces. Every message goes through {@link Printable#escape}: a name from a file (or
 * a command line) holding control characters is printed escaped, never sent to the terminal.
 */
final class Errors implements IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(Exception e, CommandLine cmd, ParseResult parseResult) {
    PrintWriter err = cmd.getErr();
    int code;
    String message;
    if (e instanceof IndexSyntaxException) {
      IndexSyntaxException s = (IndexSyntaxException) e;
      // a window of at most ~60 characters of the SPEC, however long it is
      err.println("ndprim: invalid SPEC: " + Printable.escape(s.getMessage()));
      err.println("  " + s.excerpt());
      err.println("  " + " ".repeat(s.excerptPosition()) + "^");
      err.flush();
      return Main.EXIT_USAGE;
    } else if (e instanceof Usage || e instanceof java.util.NoSuchElementException) {
      message = e.getMessage();
      code = Main.EXIT_USAGE;
    } else if (e instanceof OutputError || e instanceof Memory.Exhausted) {
      message = e.getMessage();
      code = Main.EXIT_FILE;
    } else if (e instanceof IndexOutOfBoundsException || e instanceof IllegalRankException) {
      message = "index error: " + e.getMessage();
      code = Main.EXIT_USAGE;
    } else if (e instanceof NpyFormatException) {
      message = e.getMessage();
      code = Main.EXIT_FILE;
    } else if (e instanceof NoSuchFileException) {
      NoSuchFileException n = (NoSuchFileException) e;
      message = "no such file: " + n.getFile() + (n.getReason() != null ? " (" + n.getReason() + ")" : "");
      code = Main.EXIT_FILE;
    } else if (e instanceof AccessDeniedException) {
      AccessDeniedException a = (AccessDeniedException) e;
      message = "permission denied: " + a.getFile() + (a.getReason() != null ? " (" + a.getReason() + ")" : "");
      code = Main.EXIT_FILE;
    } else if (e instanceof FileSystemException) {
      FileSystemException f = (FileSystemException) e;
      message = f.getFile() + ": " + (f.getReason() != null ? f.getReason() : f.getClass().getSimpleName());
      code = Main.EXIT_FILE;
    } else if (e instanceof IOException) {
      message = "I/O error: " + e.getMessage();
      code = Main.EXIT_FILE;
    } else if (e instanceof InvalidPathException) {
      message = invalidPath((InvalidPathException) e, System.getProperty("sun.jnu.encoding"));
      code = Main.EXIT_FILE;
    } else if (e instanceof IllegalArgumentException) {
      // e.g. "slice step cannot be zero"
      message = e.getMessage();
      code = Main.EXIT_USAGE;
    } else if (e instanceof ArithmeticException) {
      // e.g. a result too large to write as .npy
      message = e.getMessage();
      code = Main.EXIT_FILE;
    } else {
      message = "internal error: " + e;
      code = Main.EXIT_FILE;
    }
    err.println("ndprim: " + Printable.escape(message));
    err.flush();
    return code;
  }

  /**
   * What a command does when the JVM reports a fault in a mapped file's memory
   * ({@link InternalError} "a fault occurred in an unsafe memory access operation", the SIGBUS of
   * reading past the end of a file another process shrank while it was mapped, as an in-place
   * {@code np.save} does): one message naming the file and exit code 1, as for any file that cannot
   * be read. Any other {@code InternalError} is rethrown.
   *
   * @param file the file the command maps (its FILE or IN), or null if it has none
   */
  static CommandLine.ExecutionException mappedFault(InternalError e, CommandLine cmd, String file) {
    if (e.getMessage() == null || !e.getMessage().contains("unsafe memory access")) {
      throw e;
    }
    String what = file == null ? "a mapped file" : file;
    return new CommandLine.ExecutionException(cmd, what, new FileSystemException(what, null,
        "the file changed while it was read: it is shorter than when it was opened (another process truncated or"
            + " rewrote it, as an in-place np.save does); run again once it is complete"));
  }

  /**
   * The message for a file name the JDK cannot make a path of: in a C or POSIX locale, a name
   * outside ASCII cannot be encoded in the platform's file-name encoding ({@code sun.jnu.encoding},
   * which the JDK takes from the locale at start-up), whatever bytes the file system holds.
   *
   * @param encoding the value of {@code sun.jnu.encoding} (null if unset)
   */
  static String invalidPath(InvalidPathException e, String encoding) {
    String input = e.getInput();
    boolean unencodable = e.getReason() != null
        && (e.getReason().contains("unmappable") || e.getReason().contains("Malformed"));
    if (!unencodable && encoding != null) {
      try {
        unencodable = !Charset.forName(encoding).newEncoder().canEncode(input);
      } catch (IllegalArgumentException unknown) {
        // keep the reason the JDK gave
      }
    }
    if (unencodable) {
      return "the path '" + input + "' cannot be represented in the platform's file-name encoding (sun.jnu.encoding="
          + encoding + "); run with a UTF-8 locale, e.g. LANG=C.UTF-8";
    }
    return "invalid path '" + input + "': " + e.getReason();
  }

  /**
   * Picocli's errors while parsing the command line (an unknown option or command, a missing
   * parameter, a value of the wrong type): one {@code ndprim: ...} line and a hint where the help
   * is, instead of the whole usage text; exit code 2.
   */
  static final class Parameters implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
      CommandLine cmd = e.getCommandLine();
      PrintWriter err = cmd.getErr();
      String message = String.valueOf(e.getMessage()).strip().replaceAll("\\s*\\R\\s*", "; ");
      boolean top = cmd.getParent() == null;
      if (top && e instanceof UnmatchedArgumentException
          && !((UnmatchedArgumentException) e).getUnmatched().isEmpty()
          && !((UnmatchedArgumentException) e).getUnmatched().get(0).startsWith("-")) {
        message = "unknown command '" + ((UnmatchedArgumentException) e).getUnmatched().get(0) + "' (the commands are "
            + String.join(", ", cmd.getSubcommands().keySet()) + ")";
      } else if (!message.isEmpty()) {
        message = Character.toLowerCase(message.charAt(0)) + message.substring(1);
      }
      err.println("ndprim: " + Printable.escape(message));
      err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
      err.flush();
      return Main.EXIT_USAGE;
    }
  }
}
