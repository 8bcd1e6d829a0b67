package org.ndprim.cli;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * The output cannot be written: standard output (closed, full disk, broken pipe: the result is
 * lost), or an OUT file (a directory, no such directory, no permission); exit 1.
 */
final class OutputError extends IOException {
  private static final long serialVersionUID = 1L;

  OutputError(String message) {
    super(message);
  }

  /** Flushes {@code out} and throws if anything printed to it so far was lost. */
  static void check(PrintWriter out) throws OutputError {
    out.flush();
    if (out.checkError()) {
      throw new OutputError("cannot write to standard output (closed, full or a broken pipe); the output is lost");
    }
  }
}
