package org.ndprim;

/**
 * Thrown by {@link Indices#parse(String)} for a string that is not a NumPy basic-indexing spec.
 * The message names the 0-based character position of the problem in the input.
 */
public class IndexSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String input;
  private final int position;

  /**
   * Creates the exception.
   *
   * @param input the string being parsed
   * @param position the 0-based position of the offending character ({@code input.length()} for
   *     an unexpected end)
   * @param problem what was wrong, e.g. {@code "expected an integer"}
   */
  public IndexSyntaxException(String input, int position, String problem) {
    super(problem + " at position " + position + " in \"" + input + "\"");
    this.input = input;
    this.position = position;
  }

  /** Returns the string that failed to parse. */
  public String input() {
    return input;
  }

  /** Returns the 0-based position of the problem in {@link #input()}. */
  public int position() {
    return position;
  }
}
