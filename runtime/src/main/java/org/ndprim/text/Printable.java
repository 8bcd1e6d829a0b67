package org.ndprim.text;

/**
 * Text from a file made safe to print on a terminal: a name read from a {@code .npz} archive or a
 * {@code .npy} header may hold control characters ({@code ESC ] 0 ; ... BEL} sets a terminal's
 * title, {@code ESC [2J} clears its screen, a newline forges a line of output, U+202E turns the
 * rest of the line around). {@link #escape} writes every character Python's
 * {@code str.isprintable()} calls non-printable as Python's {@code repr} writes it, and keeps
 * every other character, so the text reads as it would in {@code repr(name)} without the quotes.
 * The library's exception messages and the {@code ndprim} command pass every name from a file
 * through it.
 */
public final class Printable {
  private Printable() {}

  /**
   * {@return {@code text} with each non-printable code point escaped as Python's {@code repr} does}
   * Non-printable is what Python's {@code str.isprintable()} says: the Unicode categories Cc
   * (C0 controls, DEL, C1 controls), Cf (format characters, e.g. the bidirectional overrides
   * U+202A..U+202E and U+2066..U+2069, U+200B, U+FEFF), Cs (an unpaired surrogate), Co (private
   * use), Cn (unassigned in the running JDK's Unicode version), Zl, Zp, and Zs other than the
   * ASCII space. They are written {@code \t}, {@code \n}, {@code \r}, {@code \xhh} below U+0100,
   * {@code \}{@code uhhhh} below U+10000 and {@code \Uhhhhhhhh} above, in lower-case hex. Unlike
   * {@code repr}, a backslash is kept as it is, so escaping text twice gives what escaping it
   * once gives (a message built from escaped names can be escaped again as a whole); the price
   * is that a name holding the four characters {@code \x1b} prints as one holding ESC does.
   * The result holds no control character and no line break. {@code null} gives {@code "null"}.
   *
   * @param text the text to escape, e.g. a member name read from an archive
   */
  public static String escape(CharSequence text) {
    if (text == null) {
      return "null";
    }
    int n = text.length();
    int i = 0;
    while (i < n) {
      int c = Character.codePointAt(text, i);
      if (!isPrintable(c)) {
        break;
      }
      i += Character.charCount(c);
    }
    if (i == n) {
      return text.toString();
    }
    StringBuilder out = new StringBuilder(n + 16).append(text, 0, i);
    while (i < n) {
      int c = Character.codePointAt(text, i);
      i += Character.charCount(c);
      if (isPrintable(c)) {
        out.appendCodePoint(c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x100) {
        out.append("\\x").append(hex(c, 2));
      } else if (c < 0x10000) {
        out.append("\\u").append(hex(c, 4));
      } else {
        out.append("\\U").append(hex(c, 8));
      }
    }
    return out.toString();
  }

  /**
   * {@return whether Python's {@code str.isprintable()} holds for the one code point {@code c}}:
   * false for the categories {@link #escape} lists, true for every other one.
   *
   * @param c a Unicode code point
   */
  public static boolean isPrintable(int c) {
    if (c == ' ') {
      return true;
    }
    switch (Character.getType(c)) {
      case Character.CONTROL:
      case Character.FORMAT:
      case Character.SURROGATE:
      case Character.PRIVATE_USE:
      case Character.UNASSIGNED:
      case Character.LINE_SEPARATOR:
      case Character.PARAGRAPH_SEPARATOR:
      case Character.SPACE_SEPARATOR:
        return false;
      default:
        return true;
    }
  }

  private static String hex(int c, int digits) {
    String h = Integer.toHexString(c);
    return "0".repeat(Math.max(0, digits - h.length())) + h;
  }
}
