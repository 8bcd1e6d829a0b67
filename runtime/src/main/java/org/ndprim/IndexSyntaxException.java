package org.ndprim;

/**
 * Thrown by {@link Indices#parse(String)} for a string that is not a NumPy basic-indexing spec.
 * The message names the 0-based character position of the problem in the input and shows the
 * input, or for a long input (more than {@value #WINDOW} characters) a window of it around the
 * position with {@code ...} marking the cut ends, so a huge spec gives a short message.
 */
public class IndexSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** The longest input shown whole; longer ones are shown as a window of this many characters. */
  public static final int WINDOW = 60;

  /** The string being parsed. */
  private final String input;
  /** The 0-based position of the problem in {@link #input}. */
  private final int position;
  /** What was wrong, without the position. */
  private final String problem;

  /**
   * Creates the exception.
   *
   * @param input the string being parsed
   * @param position the 0-based position of the offending character ({@code input.length()} for
   *     an unexpected end)
   * @param problem what was wrong, e.g. {@code "expected an integer"}
   */
  public IndexSyntaxException(String input, int position, String problem) {
    super(problem + " at position " + position + " in \"" + window(input, position)[0] + "\"");
    this.input = input;
    this.position = position;
    this.problem = problem;
  }

  /** {@return the string that failed to parse} */
  public String input() {
    return input;
  }

  /** {@return the 0-based position of the problem in {@link #input()}} */
  public int position() {
    return position;
  }

  /** {@return what was wrong, without the position, e.g. {@code "expected ',' or end of input"}} */
  public String problem() {
    return problem;
  }

  /**
   * {@return the part of the input to show under the message: all of it if at most {@value #WINDOW}
   * characters, else {@value #WINDOW} characters around the position with {@code ...} at a cut
   * end; line breaks, tabs and other control characters are shown as spaces so that a caret
   * line lines up}
   */
  public String excerpt() {
    return window(input, position)[0];
  }

  /** {@return the column of the problem in {@link #excerpt()}, where a caret {@code ^} goes} */
  public int excerptPosition() {
    return Integer.parseInt(window(input, position)[1]);
  }

  private static String[] window(String input, int position) {
    int p = Math.max(0, Math.min(position, input.length()));
    int start = 0;
    int end = input.length();
    if (input.length() > WINDOW) {
      start = Math.max(0, p - WINDOW / 2);
      end = Math.min(input.length(), start + WINDOW);
      start = Math.max(0, end - WINDOW);
    }
    StringBuilder sb = new StringBuilder(start > 0 ? "..." : "");
    for (int i = start; i < end; i++) {
      char c = input.charAt(i);
      // One column per char, so the caret lines up: anything not printable (a control, a bidi
      // override, a lone surrogate) is a space here; the quoted input escapes it instead.
      sb.append(org.ndprim.text.Printable.isPrintable(c) ? c : ' ');
    }
    if (end < input.length()) {
      sb.append("...");
    }
    return new String[] {sb.toString(), Integer.toString(p - start + (start > 0 ? 3 : 0))};
  }
}
