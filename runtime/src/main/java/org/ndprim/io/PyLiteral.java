package org.ndprim.io;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser of Python literals as {@code ast.literal_eval} (Python 3.11) reads a string: what
 * {@code numpy.load} uses for a {@code .npy} header. It follows Python's tokenizer rules
 * (whitespace is space, tab and form feed; {@code \n}, {@code \r\n} and {@code \r} end lines; a
 * backslash joins lines; {@code #} comments; lines inside brackets are joined; a first line with
 * indentation is an error) and Python's literal forms: {@code str} and {@code bytes} with every
 * prefix, escape and implicit concatenation, ints in every base with digit separators
 * ({@code 00}, {@code 0x10}, {@code 1_0}), floats, imaginary numbers, {@code True},
 * {@code False}, {@code None}, {@code ...}, tuples, lists, dicts (a repeated key keeps the last
 * value), sets, {@code set()}, unary {@code +}/{@code -} on a number and {@code a + bj}.
 *
 * <p>Values: {@link String}, {@link Bytes}, {@link BigInteger}, {@link Double}, {@link Complex},
 * {@link Boolean}, {@link #NONE}, {@link #ELLIPSIS}, {@link Tuple}, {@link PyList},
 * {@link PySet} and {@link Dict}.
 *
 * <p>{@code legacyLongSuffix} is numpy's {@code _filter_header} for format versions 1.0 and 2.0:
 * a name {@code L} right after a number is dropped, so Python 2's {@code 6L} reads as 6.
 */
final class PyLiteral {
  /** Python's {@code None}. */
  static final Object NONE = new Object() {
    @Override
    public String toString() {
      return "None";
    }
  };

  /** Python's {@code Ellipsis}. */
  static final Object ELLIPSIS = new Object() {
    @Override
    public String toString() {
      return "Ellipsis";
    }
  };

  record Bytes(String latin1) {
    @Override
    public String toString() {
      return "b" + quote(latin1);
    }
  }

  record Complex(double real, double imag) {
    @Override
    public String toString() {
      return "(" + real + "+" + imag + "j)";
    }
  }

  record Tuple(List<Object> items) {
    @Override
    public String toString() {
      if (items.size() == 1) {
        return "(" + repr(items.get(0)) + ",)";
      }
      return "(" + join(items) + ")";
    }
  }

  record PyList(List<Object> items) {
    @Override
    public String toString() {
      return "[" + join(items) + "]";
    }
  }

  record PySet(List<Object> items) {
    @Override
    public String toString() {
      return items.isEmpty() ? "set()" : "{" + join(items) + "}";
    }
  }

  /** A dict; string keys map to their last value, {@code positions} to where that value starts. */
  record Dict(Map<Object, Object> entries, Map<Object, Integer> positions) {
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("{");
      for (Map.Entry<Object, Object> e : entries.entrySet()) {
        sb.append(sb.length() > 1 ? ", " : "").append(repr(e.getKey())).append(": ").append(repr(e.getValue()));
      }
      return sb.append('}').toString();
    }
  }

  /** A syntax error or a value that is not a literal, at a 0-based position of the text. */
  static final class SyntaxError extends Exception {
    private static final long serialVersionUID = 1L;
    final int position;

    SyntaxError(String message, int position) {
      super(message);
      this.position = position;
    }
  }

  /** Python's repr of a parsed value, for messages. */
  static String repr(Object v) {
    if (v instanceof String) {
      return quote((String) v);
    }
    if (v instanceof Boolean) {
      return (Boolean) v ? "True" : "False";
    }
    return String.valueOf(v);
  }

  private static String join(List<Object> items) {
    StringBuilder sb = new StringBuilder();
    for (Object o : items) {
      sb.append(sb.length() > 0 ? ", " : "").append(repr(o));
    }
    return sb.toString();
  }

  private static String quote(String s) {
    StringBuilder sb = new StringBuilder("'");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c == '\n') {
        sb.append("\\n");
      } else if (c == '\t') {
        sb.append("\\t");
      } else if (c == '\r') {
        sb.append("\\r");
      } else if (c < 0x20 || c == 0x7f) {
        sb.append(String.format("\\x%02x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('\'').toString();
  }

  // ------------------------------------------------------------------------------------ tokens

  private enum T { NUMBER, STRING, NAME, OP, NEWLINE, END }

  private record Token(T type, String text, Object value, int start, int end) {}

  /** CPython's tokenizer refuses this many open brackets (MAXLEVEL); it also bounds our recursion. */
  private static final int MAX_NESTING = 200;

  private final String s;
  private final boolean legacyLongSuffix;
  private int pos;
  private int depth;
  private boolean lineStart = true;
  private boolean firstLine = true;
  private Token ahead;

  private PyLiteral(String s, boolean legacyLongSuffix) {
    this.s = s;
    this.legacyLongSuffix = legacyLongSuffix;
  }

  /**
   * Parses {@code text} as {@code ast.literal_eval(text)} does.
   *
   * @throws SyntaxError with the position of the first problem
   */
  static Object parse(String text, boolean legacyLongSuffix) throws SyntaxError {
    PyLiteral p = new PyLiteral(text, legacyLongSuffix);
    // literal_eval strips leading spaces and tabs before parsing
    while (p.pos < text.length() && (text.charAt(p.pos) == ' ' || text.charAt(p.pos) == '\t')) {
      p.pos++;
    }
    int nul = text.indexOf('\0');
    if (nul >= 0) {
      throw new SyntaxError("the header contains a NUL character", nul);
    }
    while (p.peek().type == T.NEWLINE) {
      p.next();
    }
    Token first = p.peek();
    if (first.type == T.END) {
      throw new SyntaxError("the header is empty: expected a dict", first.start);
    }
    Object v = p.expression();
    Token t = p.next();
    if (t.type == T.OP && t.text.equals(",")) {
      throw new SyntaxError("the header is a tuple, not a dict", t.start);
    }
    while (t.type == T.NEWLINE) {
      t = p.next();
    }
    if (t.type != T.END) {
      throw new SyntaxError("unexpected text after the header dict", t.start);
    }
    return v;
  }

  private Token peek() throws SyntaxError {
    if (ahead == null) {
      ahead = lex();
    }
    return ahead;
  }

  private Token next() throws SyntaxError {
    Token t = peek();
    ahead = null;
    if (t.type == T.NUMBER && legacyLongSuffix) {
      Token n = peek();
      if (n.type == T.NAME && n.text.equals("L")) {
        ahead = null; // numpy's _filter_header drops a Python 2 long suffix
      }
    }
    return t;
  }

  private boolean isOp(Token t, String op) {
    return t.type == T.OP && t.text.equals(op);
  }

  private Token lex() throws SyntaxError {
    while (true) {
      if (lineStart && depth == 0) {
        int col = 0;
        int at = pos;
        while (pos < s.length()) {
          char c = s.charAt(pos);
          if (c == ' ') {
            col++;
          } else if (c == '\t') {
            col = (col / 8 + 1) * 8;
          } else if (c == '\f') {
            col = 0;
          } else {
            break;
          }
          pos++;
        }
        // numpy's _filter_header (versions 1.0, 2.0) rewrites the first line's indentation as spaces,
        // which literal_eval then strips
        boolean forgiven = firstLine && legacyLongSuffix;
        if (pos < s.length() && !isNewline(s.charAt(pos)) && s.charAt(pos) != '#' && s.charAt(pos) != '\\' && col != 0
            && !forgiven) {
          throw new SyntaxError("unexpected indentation", at);
        }
        // Python's tokenizer takes a last line of only whitespace, with no line end, for an
        // indented statement; _filter_header (1.0, 2.0) drops such a line, but it splits lines at
        // '\n' only, so not one that follows a lone '\r'
        if (pos >= s.length() && col != 0 && !(legacyLongSuffix && at > 0 && s.charAt(at - 1) == '\n')) {
          throw new SyntaxError("unexpected indentation", at);
        }
        lineStart = false;
      }
      if (pos >= s.length()) {
        return new Token(T.END, "", null, pos, pos);
      }
      char c = s.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\f') {
        pos++;
      } else if (c == '#') {
        while (pos < s.length() && !isNewline(s.charAt(pos))) {
          pos++;
        }
      } else if (c == '\\') {
        int at = pos++;
        if (pos >= s.length() || !isNewline(s.charAt(pos))) {
          throw new SyntaxError("unexpected character after line continuation character", at);
        }
        skipNewline();
        if (pos >= s.length()) {
          throw new SyntaxError("unexpected end of the header after a line continuation", at);
        }
      } else if (isNewline(c)) {
        int at = pos;
        skipNewline();
        firstLine = false;
        lineStart = depth == 0;
        if (depth == 0) {
          return new Token(T.NEWLINE, "\n", null, at, pos);
        }
      } else if (c >= '0' && c <= '9' || c == '.' && pos + 1 < s.length() && isDigit(s.charAt(pos + 1))) {
        return number();
      } else if (c == '\'' || c == '"') {
        return string(pos, "");
      } else if (Character.isUnicodeIdentifierStart(c) || c == '_') {
        int start = pos;
        while (pos < s.length() && isIdentifierPart(s.charAt(pos))) {
          pos++;
        }
        String name = s.substring(start, pos);
        if (pos < s.length() && (s.charAt(pos) == '\'' || s.charAt(pos) == '"') && isPrefix(name)) {
          return string(start, name.toLowerCase());
        }
        return new Token(T.NAME, name, null, start, pos);
      } else {
        int start = pos++;
        String op = String.valueOf(c);
        if (c == '.' && s.startsWith("..", pos)) {
          pos += 2;
          op = "...";
        } else if ("([{".indexOf(c) >= 0) {
          if (++depth >= MAX_NESTING) {
            throw new SyntaxError("too many nested parentheses", start); // Python's tokenizer limit
          }
        } else if (")]}".indexOf(c) >= 0) {
          depth = Math.max(0, depth - 1);
        }
        return new Token(T.OP, op, null, start, pos);
      }
    }
  }

  private static boolean isPrefix(String name) {
    switch (name.toLowerCase()) {
      case "r": case "u": case "b": case "br": case "rb": case "f": case "fr": case "rf":
        return true;
      default:
        return false;
    }
  }

  private static boolean isIdentifierPart(char c) {
    return c == '_' || Character.isUnicodeIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
  }

  private static boolean isNewline(char c) {
    return c == '\n' || c == '\r';
  }

  private void skipNewline() {
    if (s.charAt(pos) == '\r' && pos + 1 < s.length() && s.charAt(pos + 1) == '\n') {
      pos++;
    }
    pos++;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isDigit(char c, int radix) {
    return Character.digit(c, radix) >= 0 && c < 128;
  }

  /** Digits of one radix with single underscores between them; returns them without underscores. */
  private String digits(int radix, boolean underscoreFirst, int start) throws SyntaxError {
    StringBuilder sb = new StringBuilder();
    boolean needDigit = true;
    if (underscoreFirst && pos < s.length() && s.charAt(pos) == '_') {
      pos++;
    }
    while (pos < s.length()) {
      char c = s.charAt(pos);
      if (isDigit(c, radix)) {
        sb.append(c);
        needDigit = false;
        pos++;
      } else if (c == '_' && !needDigit) {
        pos++;
        needDigit = true;
      } else {
        break;
      }
    }
    if (needDigit && (sb.length() > 0 || pos > start)) {
      throw new SyntaxError("invalid " + (radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : radix == 2 ? "binary" : "decimal")
          + " literal", start);
    }
    return sb.toString();
  }

  private Token number() throws SyntaxError {
    int start = pos;
    char c = s.charAt(pos);
    if (c == '0' && pos + 1 < s.length() && "xXoObB".indexOf(s.charAt(pos + 1)) >= 0) {
      char b = Character.toLowerCase(s.charAt(pos + 1));
      int radix = b == 'x' ? 16 : b == 'o' ? 8 : 2;
      pos += 2;
      String d = digits(radix, true, start);
      if (d.isEmpty()) {
        throw new SyntaxError("invalid " + (radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : "binary") + " literal", start);
      }
      endOfNumber(start);
      return new Token(T.NUMBER, s.substring(start, pos), new BigInteger(d, radix), start, pos);
    }
    String intPart = c == '.' ? "" : digits(10, false, start);
    boolean isFloat = false;
    StringBuilder f = new StringBuilder(intPart);
    if (pos < s.length() && s.charAt(pos) == '.') {
      isFloat = true;
      pos++;
      f.append('.');
      if (pos < s.length() && isDigit(s.charAt(pos))) {
        f.append(digits(10, false, start));
      }
    }
    if (pos < s.length() && (s.charAt(pos) == 'e' || s.charAt(pos) == 'E')) {
      int e = pos++;
      StringBuilder exp = new StringBuilder("e");
      if (pos < s.length() && (s.charAt(pos) == '+' || s.charAt(pos) == '-')) {
        exp.append(s.charAt(pos++));
      }
      if (pos < s.length() && isDigit(s.charAt(pos))) {
        exp.append(digits(10, false, start));
        f.append(exp);
        isFloat = true;
      } else {
        pos = e;
        throw new SyntaxError("invalid decimal literal", start);
      }
    }
    if (pos < s.length() && (s.charAt(pos) == 'j' || s.charAt(pos) == 'J')) {
      pos++;
      endOfNumber(start);
      return new Token(T.NUMBER, s.substring(start, pos), new Complex(0, Double.parseDouble(f.toString())), start, pos);
    }
    if (isFloat) {
      endOfNumber(start);
      return new Token(T.NUMBER, s.substring(start, pos), Double.parseDouble(f.toString()), start, pos);
    }
    if (intPart.length() > 1 && intPart.charAt(0) == '0' && !intPart.chars().allMatch(ch -> ch == '0')) {
      throw new SyntaxError("leading zeros in decimal integer literals are not permitted", start);
    }
    endOfNumber(start);
    return new Token(T.NUMBER, s.substring(start, pos), new BigInteger(intPart), start, pos);
  }

  /** A number may not run into a name ({@code 3l}); numpy's filter takes a lone {@code L} off first. */
  private void endOfNumber(int start) throws SyntaxError {
    if (pos < s.length() && isIdentifierPart(s.charAt(pos))) {
      boolean lone = s.charAt(pos) == 'L' && (pos + 1 >= s.length() || !isIdentifierPart(s.charAt(pos + 1)));
      if (!(lone && legacyLongSuffix)) {
        throw new SyntaxError("invalid decimal literal", start);
      }
    }
  }

  private Token string(int start, String prefix) throws SyntaxError {
    if (prefix.contains("f")) {
      throw new SyntaxError("an f-string is not a literal", start);
    }
    boolean raw = prefix.contains("r");
    boolean bytes = prefix.contains("b");
    char q = s.charAt(pos);
    boolean triple = s.startsWith(String.valueOf(q).repeat(3), pos);
    int open = pos;
    pos += triple ? 3 : 1;
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (pos >= s.length()) {
        throw new SyntaxError("unterminated string", open);
      }
      char c = s.charAt(pos);
      if (c == q && (!triple || s.startsWith(String.valueOf(q).repeat(3), pos))) {
        pos += triple ? 3 : 1;
        break;
      }
      if (isNewline(c)) {
        if (!triple) {
          throw new SyntaxError("unterminated string", open);
        }
        skipNewline();
        sb.append('\n');
        continue;
      }
      if (bytes && c > 0x7f) {
        throw new SyntaxError("bytes can only contain ASCII literal characters", pos);
      }
      if (c != '\\') {
        sb.append(c);
        pos++;
        continue;
      }
      int esc = pos++;
      if (pos >= s.length()) {
        throw new SyntaxError("unterminated string", open);
      }
      char e = s.charAt(pos);
      if (raw) {
        sb.append('\\');
        if (isNewline(e)) {
          skipNewline();
          sb.append('\n');
        } else {
          sb.append(e);
          pos++;
        }
        continue;
      }
      if (isNewline(e)) {
        skipNewline();
        continue;
      }
      pos++;
      switch (e) {
        case '\\': sb.append('\\'); break;
        case '\'': sb.append('\''); break;
        case '"': sb.append('"'); break;
        case 'a': sb.append('\u0007'); break;
        case 'b': sb.append('\b'); break;
        case 'f': sb.append('\f'); break;
        case 'n': sb.append('\n'); break;
        case 'r': sb.append('\r'); break;
        case 't': sb.append('\t'); break;
        case 'v': sb.append('\u000b'); break;
        case 'x':
          sb.append((char) hex(2, esc, "\\xXX"));
          break;
        case 'u':
        case 'U':
        case 'N':
          if (bytes) {
            sb.append('\\').append(e);
          } else if (e == 'N') {
            sb.appendCodePoint(named(esc));
          } else {
            int cp = hex(e == 'u' ? 4 : 8, esc, e == 'u' ? "\\uXXXX" : "\\UXXXXXXXX");
            if (cp > Character.MAX_CODE_POINT) {
              throw new SyntaxError("illegal Unicode character", esc);
            }
            sb.appendCodePoint(cp);
          }
          break;
        default:
          if (e >= '0' && e <= '7') {
            int v = e - '0';
            for (int k = 0; k < 2 && pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '7'; k++) {
              v = v * 8 + s.charAt(pos++) - '0';
            }
            if (bytes) {
              v &= 0xff;
            }
            sb.append((char) v);
          } else {
            sb.append('\\').append(e); // an unknown escape stays as written (a warning in Python)
          }
      }
    }
    Object value = bytes ? new Bytes(sb.toString()) : sb.toString();
    return new Token(T.STRING, s.substring(start, pos), value, start, pos);
  }

  private int hex(int n, int esc, String form) throws SyntaxError {
    if (pos + n > s.length()) {
      throw new SyntaxError("truncated " + form + " escape", esc);
    }
    int v = 0;
    for (int k = 0; k < n; k++) {
      int d = Character.digit(s.charAt(pos + k), 16);
      if (d < 0 || s.charAt(pos + k) > 127) {
        throw new SyntaxError("truncated " + form + " escape", esc);
      }
      v = v * 16 + d;
    }
    pos += n;
    return v;
  }

  private int named(int esc) throws SyntaxError {
    int close = s.indexOf('}', pos);
    if (pos >= s.length() || s.charAt(pos) != '{' || close < 0) {
      throw new SyntaxError("malformed \\N character escape", esc);
    }
    String name = s.substring(pos + 1, close);
    try {
      int cp = Character.codePointOf(name);
      pos = close + 1;
      return cp;
    } catch (IllegalArgumentException e) {
      throw new SyntaxError("unknown Unicode character name", esc);
    }
  }

  // ------------------------------------------------------------------------------------ grammar

  /** A literal: a sum (only {@code a + bj}), a signed number or an atom. */
  private Object expression() throws SyntaxError {
    Token first = peek();
    Object left = unary();
    Token op = peek();
    if (isOp(op, "+") || isOp(op, "-")) {
      next();
      Token rt = peek();
      Object right = unary();
      boolean leftNumber = left instanceof BigInteger || left instanceof Double;
      if (!leftNumber || !(right instanceof Complex) || composite) {
        throw new SyntaxError("not a literal: only a complex number a + bj may use '" + op.text + "'", first.start);
      }
      Complex c = (Complex) right;
      double real = left instanceof BigInteger ? ((BigInteger) left).doubleValue() : (Double) left;
      left = new Complex(real + c.real, op.text.equals("-") ? -c.imag : c.imag);
      composite = true;
      checkNotOperator(rt);
    }
    checkNotOperator(first);
    return left;
  }

  /**
   * Whether the last value came from a sign or a sum, also inside parentheses: literal_eval takes
   * a sign only on a constant ({@code -(-3)} and {@code -(1+2j)} are not literals) and a sum only of
   * constants.
   */
  private boolean composite;

  private int nesting;

  private void checkNotOperator(Token start) throws SyntaxError {
    Token t = peek();
    if (nesting == 0 && t.type != T.END && t.type != T.NEWLINE && !isOp(t, ",")) {
      throw new SyntaxError("unexpected text after the header dict", t.start);
    }
    if (t.type == T.OP && "*/%@&|^~<>=!.([".contains(t.text.substring(0, 1)) && !t.text.equals("...")) {
      throw new SyntaxError("not a literal: unexpected '" + t.text + "'", t.start);
    }
    if (t.type == T.NAME || t.type == T.NUMBER || t.type == T.STRING) {
      throw new SyntaxError("invalid syntax: expected ',' or a closing bracket", t.start);
    }
    if (isOp(t, "+") || isOp(t, "-")) {
      throw new SyntaxError("not a literal: unexpected '" + t.text + "'", t.start);
    }
  }

  private Object unary() throws SyntaxError {
    Token t = peek();
    if (isOp(t, "+") || isOp(t, "-")) {
      next();
      Object v = atom();
      if (!(v instanceof BigInteger || v instanceof Double || v instanceof Complex) || composite) {
        throw new SyntaxError("not a literal: '" + t.text + "' applies only to a number", t.start);
      }
      composite = true;
      if (t.text.equals("+")) {
        return v;
      }
      if (v instanceof BigInteger) {
        return ((BigInteger) v).negate();
      }
      if (v instanceof Double) {
        return -(Double) v;
      }
      Complex c = (Complex) v;
      return new Complex(-c.real, -c.imag);
    }
    return atom();
  }

  private Object atom() throws SyntaxError {
    composite = false;
    Token t = next();
    switch (t.type) {
      case NUMBER:
        return t.value;
      case STRING: {
        Object v = t.value;
        while (peek().type == T.STRING) {
          Token more = next();
          if ((v instanceof Bytes) != (more.value instanceof Bytes)) {
            throw new SyntaxError("cannot mix bytes and nonbytes literals", more.start);
          }
          v = v instanceof Bytes ? new Bytes(((Bytes) v).latin1 + ((Bytes) more.value).latin1) : (String) v + more.value;
        }
        return v;
      }
      case NAME:
        switch (t.text) {
          case "True":
            return Boolean.TRUE;
          case "False":
            return Boolean.FALSE;
          case "None":
            return NONE;
          case "set":
            if (isOp(peek(), "(")) {
              next();
              if (isOp(peek(), ")")) {
                next();
                return new PySet(List.of());
              }
            }
            throw new SyntaxError("not a literal: a call other than set()", t.start);
          default:
            throw new SyntaxError("not a literal: the name '" + t.text + "'", t.start);
        }
      case OP:
        switch (t.text) {
          case "...":
            return ELLIPSIS;
          case "(":
          case "[":
          case "{":
            nesting++;
            try {
              return t.text.equals("(") ? parenthesised(t) : t.text.equals("[") ? new PyList(items("]")) : braces(t);
            } finally {
              nesting--;
            }
          default:
            throw new SyntaxError("invalid syntax: unexpected '" + t.text + "'", t.start);
        }
      case NEWLINE:
      case END:
      default:
        throw new SyntaxError("unexpected end of the header", t.start);
    }
  }

  private Object parenthesised(Token open) throws SyntaxError {
    if (isOp(peek(), ")")) {
      next();
      return new Tuple(List.of());
    }
    Object first = expression();
    Token t = next();
    if (isOp(t, ")")) {
      return first; // (x) is x
    }
    if (!isOp(t, ",")) {
      throw closing(t, ")", open);
    }
    List<Object> items = new ArrayList<>();
    items.add(first);
    items.addAll(items(")"));
    return new Tuple(items);
  }

  /** Comma-separated values up to {@code close}, a trailing comma allowed; consumes {@code close}. */
  private List<Object> items(String close) throws SyntaxError {
    List<Object> items = new ArrayList<>();
    while (true) {
      Token t = peek();
      if (isOp(t, close)) {
        next();
        return items;
      }
      items.add(expression());
      t = next();
      if (isOp(t, close)) {
        return items;
      }
      if (!isOp(t, ",")) {
        throw closing(t, close, null);
      }
    }
  }

  private Object braces(Token open) throws SyntaxError {
    if (isOp(peek(), "}")) {
      next();
      return new Dict(new LinkedHashMap<>(), new LinkedHashMap<>());
    }
    Token keyToken = peek();
    Object first = expression();
    if (!isOp(peek(), ":")) {
      Token t = next();
      List<Object> items = new ArrayList<>();
      items.add(first);
      if (isOp(t, ",")) {
        items.addAll(items("}"));
      } else if (!isOp(t, "}")) {
        throw closing(t, "}", open);
      }
      return new PySet(items);
    }
    Map<Object, Object> entries = new LinkedHashMap<>();
    Map<Object, Integer> positions = new LinkedHashMap<>();
    Object key = first;
    while (true) {
      Token colon = next();
      if (!isOp(colon, ":")) {
        throw new SyntaxError("expected ':' after a dict key", colon.start);
      }
      int valuePos = peek().start;
      Object value = expression();
      Object k = key instanceof PyList || key instanceof Dict || key instanceof PySet ? new Unhashable(key, keyToken.start) : key;
      entries.put(k, value);
      positions.put(k, valuePos);
      Token t = next();
      if (isOp(t, "}")) {
        break;
      }
      if (!isOp(t, ",")) {
        throw closing(t, "}", open);
      }
      if (isOp(peek(), "}")) {
        next();
        break;
      }
      keyToken = peek();
      key = expression();
    }
    return new Dict(entries, positions);
  }

  /** A key that Python cannot hash (a list, dict or set); kept so that the key check can name it. */
  record Unhashable(Object key, int position) {
    @Override
    public String toString() {
      return repr(key);
    }
  }

  private SyntaxError closing(Token t, String close, Token open) {
    if (t.type == T.END || t.type == T.NEWLINE) {
      return new SyntaxError("'" + (open == null ? close : open.text) + "' was never closed", t.start);
    }
    return new SyntaxError("invalid syntax: expected ',' or '" + close + "'", t.start);
  }
}
