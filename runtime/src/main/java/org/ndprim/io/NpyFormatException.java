package org.ndprim.io;

import java.io.IOException;

/**
 * A byte stream is not a {@code .npy} file that {@link Npy} can read: bad magic bytes, a format
 * version other than 1.0, a malformed header, a dtype with no matching type, a shape whose size
 * overflows or does not fit a Java array, or fewer data bytes than the header announces.
 *
 * <p>The message says what is wrong and, when the input was a file, starts with the file's path.
 */
public class NpyFormatException extends IOException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception with its message.
   *
   * @param message what is wrong with the input
   */
  public NpyFormatException(String message) {
    super(message);
  }

  /**
   * Creates the exception with its message and the failure that revealed the problem.
   *
   * @param message what is wrong with the input
   * @param cause the underlying failure
   */
  public NpyFormatException(String message, Throwable cause) {
    super(message, cause);
  }
}
