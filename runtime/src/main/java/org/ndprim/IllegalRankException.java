package org.ndprim;

/**
 * Thrown when the number of coordinates or indices does not fit the rank of an array: a wrong
 * number of coordinates for an element access, or more consuming indices than axes (NumPy's
 * {@code IndexError: too many indices for array}).
 */
public class IllegalRankException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception with the given message.
   *
   * @param message the detail message
   */
  public IllegalRankException(String message) {
    super(message);
  }
}
