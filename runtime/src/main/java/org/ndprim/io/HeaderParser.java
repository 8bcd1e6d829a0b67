package org.ndprim.io;

import java.util.ArrayList;
import java.util.List;
import org.ndprim.layout.Layout;

/**
 * Strict parser of a {@code .npy} header: the text of a Python dict literal with exactly the keys
 * {@code 'descr'} (a string), {@code 'fortran_order'} ({@code True} or {@code False}) and
 * {@code 'shape'} (a tuple of non-negative ints), in any order.
 *
 * <p>Accepted: Python whitespace (space, tab, newline, CR, form feed, vertical tab) between tokens
 * and before or after the dict, single or double quotes (no escapes, no prefixes), an optional
 * trailing comma in the dict and in the tuple ({@code (5,)} needs it, as in Python), and the
 * Python 2 suffix {@code L} on shape ints (numpy accepts both). Everything else is rejected with
 * the 0-based position in the header text.
 */
final class HeaderParser {
  private final String text;
  private int pos;

  private HeaderParser(String text) {
    this.text = text;
  }

  /** The parsed dict: descriptor text as written, Fortran flag, dims (each &ge; 0). */
  record Fields(String descr, boolean fortranOrder, long[] shape) {}

  static Fields parse(String text) throws NpyFormatException {
    return new HeaderParser(text).dict();
  }

  private Fields dict() throws NpyFormatException {
    String descr = null;
    Boolean fortran = null;
    long[] shape = null;
    skipWhitespace();
    if (peek() != '{') {
      throw error("the header is not a Python dict: expected '{'");
    }
    pos++;
    while (true) {
      skipWhitespace();
      if (peek() == '}') {
        pos++;
        break;
      }
      int keyPos = pos;
      String key = string("a key");
      skipWhitespace();
      expect(':', "after key '" + key + "'");
      skipWhitespace();
      switch (key) {
        case "descr":
          if (descr != null) {
            throw duplicate(key, keyPos);
          }
          if (peek() == '[' || peek() == '(' || peek() == '{') {
            throw error("descr is a structured dtype; only simple dtypes such as '<i4' are supported");
          }
          descr = string("the descr string");
          break;
        case "fortran_order":
          if (fortran != null) {
            throw duplicate(key, keyPos);
          }
          fortran = bool();
          break;
        case "shape":
          if (shape != null) {
            throw duplicate(key, keyPos);
          }
          shape = tuple();
          break;
        default:
          pos = keyPos;
          throw error("unexpected key '" + key + "'; a .npy header has exactly 'descr', 'fortran_order' and 'shape'");
      }
      skipWhitespace();
      if (peek() == ',') {
        pos++;
      } else if (peek() != '}') {
        throw error("expected ',' or '}' after the value of '" + key + "'");
      }
    }
    skipWhitespace();
    if (pos < text.length()) {
      throw error("unexpected text after the header dict");
    }
    if (descr == null) {
      throw missing("descr");
    }
    if (fortran == null) {
      throw missing("fortran_order");
    }
    if (shape == null) {
      throw missing("shape");
    }
    if (shape.length > Layout.MAX_RANK) {
      throw error("shape has " + shape.length + " dimensions; at most " + Layout.MAX_RANK
          + " are supported (as NumPy)");
    }
    return new Fields(descr, fortran, shape);
  }

  private String string(String what) throws NpyFormatException {
    char quote = peek();
    if (quote != '\'' && quote != '"') {
      throw error("expected " + what + " in quotes");
    }
    int start = ++pos;
    while (pos < text.length() && text.charAt(pos) != quote) {
      char c = text.charAt(pos);
      if (c == '\\') {
        throw error("escapes are not supported in header strings");
      }
      if (c == '\n' || c == '\r') {
        break; // a Python string in quotes ends on its line
      }
      pos++;
    }
    if (pos >= text.length() || text.charAt(pos) != quote) {
      pos = start - 1;
      throw error("unterminated string");
    }
    return text.substring(start, pos++);
  }

  private boolean bool() throws NpyFormatException {
    if (text.startsWith("True", pos) && !identifierContinues(pos + 4)) {
      pos += 4;
      return true;
    }
    if (text.startsWith("False", pos) && !identifierContinues(pos + 5)) {
      pos += 5;
      return false;
    }
    throw error("fortran_order must be True or False");
  }

  private long[] tuple() throws NpyFormatException {
    int open = pos;
    if (peek() != '(') {
      throw error("shape must be a tuple such as (2, 3), (5,) or ()");
    }
    pos++;
    List<Long> dims = new ArrayList<>();
    boolean comma = false;
    while (true) {
      skipWhitespace();
      if (peek() == ')') {
        pos++;
        break;
      }
      dims.add(dimension());
      skipWhitespace();
      if (peek() == ',') {
        pos++;
        comma = true;
      } else if (peek() != ')') {
        throw error("expected ',' or ')' in the shape tuple");
      }
    }
    if (dims.size() == 1 && !comma) {
      pos = open;
      throw error("shape " + text.substring(open, closeOf(open)) + " is an int, not a tuple; a 1-d shape is written (n,)");
    }
    long[] shape = new long[dims.size()];
    for (int i = 0; i < shape.length; i++) {
      shape[i] = dims.get(i);
    }
    return shape;
  }

  private int closeOf(int open) {
    int close = text.indexOf(')', open);
    return close < 0 ? text.length() : close + 1;
  }

  private long dimension() throws NpyFormatException {
    int start = pos;
    if (peek() == '-') {
      throw error("negative dimension in shape");
    }
    while (pos < text.length() && Character.isDigit(text.charAt(pos)) && text.charAt(pos) < 128) {
      pos++;
    }
    if (pos == start) {
      throw error("expected a non-negative int in the shape tuple");
    }
    String digits = text.substring(start, pos);
    if (digits.length() > 1 && digits.charAt(0) == '0') {
      pos = start;
      throw error("leading zeros are not allowed in a Python int: " + digits);
    }
    if (peek() == 'L' || peek() == 'l') {
      pos++; // Python 2 long suffix, accepted as numpy does
    }
    if (identifierContinues(pos)) {
      throw error("unexpected character in the shape tuple");
    }
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      pos = start;
      throw error("dimension " + digits + " is too large (more than 2^63-1)");
    }
  }

  private boolean identifierContinues(int at) {
    return at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_');
  }

  private void expect(char c, String where) throws NpyFormatException {
    if (peek() != c) {
      throw error("expected '" + c + "' " + where);
    }
    pos++;
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void skipWhitespace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\u000b') {
        return;
      }
      pos++;
    }
  }

  private NpyFormatException duplicate(String key, int keyPos) {
    pos = keyPos;
    return error("duplicate key '" + key + "'");
  }

  private NpyFormatException missing(String key) {
    pos = text.length();
    return new NpyFormatException("bad header: no '" + key + "' key in " + quoted());
  }

  private NpyFormatException error(String what) {
    String at = pos >= text.length() ? "at the end" : "at position " + pos;
    return new NpyFormatException("bad header: " + what + " (" + at + " of " + quoted() + ")");
  }

  private String quoted() {
    String t = text.stripTrailing();
    if (t.length() > 200) {
      t = t.substring(0, 200) + "...";
    }
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\x%02x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
