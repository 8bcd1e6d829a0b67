package org.ndprim.cli;

/** Bad usage found while running a command (a member not named, an option that does not apply): exit code 2. */
final class Usage extends RuntimeException {
  private static final long serialVersionUID = 1L;

  Usage(String message) {
    super(message);
  }
}
