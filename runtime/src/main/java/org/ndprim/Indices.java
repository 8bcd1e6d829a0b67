package org.ndprim;

import java.util.ArrayList;
import java.util.List;

/**
 * Factories for {@link Index} entries (names as TF-Java's {@code Indices}) and a parser for NumPy
 * basic-indexing syntax.
 *
 * <p>Semantics are NumPy basic indexing (see {@code org.ndprim.layout.Layout#slice}), not TF-Java's
 * arithmetic: slice bounds wrap once and are clamped, integers are never clamped. Every slice
 * bound is exclusive at the stop, also for {@link #range(long, long)} and {@link #sliceTo(long)}.
 */
public final class Indices {
  private static final Index ALL = Index.range(null, null, 1);

  private Indices() {}

  /**
   * An integer index {@code i}: selects position {@code i} and removes the axis. A negative
   * {@code i} counts from the end; out of {@code [-n, n)} fails when applied
   * ({@code IndexOutOfBoundsException}), it is never clamped.
   */
  public static Index at(long i) {
    return Index.at(i, false);
  }

  /**
   * An integer index that optionally keeps its axis. With {@code keepDim == false} this is
   * {@link #at(long)}. With {@code keepDim == true} the result is the NumPy slice {@code i:i+1}
   * (an axis of length 1), except that {@code i} is still validated like an integer index: out
   * of {@code [-n, n)} fails with {@code IndexOutOfBoundsException} instead of giving an empty
   * axis, and {@code -1} selects the last position (where the literal slice {@code -1:0} would be
   * empty).
   */
  public static Index at(long i, boolean keepDim) {
    return Index.at(i, keepDim);
  }

  /** The full slice {@code :} (keeps the axis whole). */
  public static Index all() {
    return ALL;
  }

  /**
   * The slice {@code start:stop}; {@code stop} is exclusive (TF-Java's Javadoc says inclusive,
   * but its behaviour and this one are exclusive).
   */
  public static Index range(long start, long stop) {
    return Index.range(start, stop, 1);
  }

  /** The slice {@code start:stop}; {@code null} means omitted. */
  public static Index slice(Long start, Long stop) {
    return Index.range(start, stop, 1);
  }

  /**
   * The slice {@code start:stop:step}; {@code null} bounds mean omitted. A step of 0 is accepted
   * here and rejected when applied ({@code IllegalArgumentException: slice step cannot be zero}).
   */
  public static Index slice(Long start, Long stop, long step) {
    return Index.range(start, stop, step);
  }

  /** The slice {@code start:}. */
  public static Index sliceFrom(long start) {
    return Index.range(start, null, 1);
  }

  /** The slice {@code start::step}. */
  public static Index sliceFrom(long start, long step) {
    return Index.range(start, null, step);
  }

  /** The slice {@code :stop} ({@code stop} exclusive). */
  public static Index sliceTo(long stop) {
    return Index.range(null, stop, 1);
  }

  /** The slice {@code :stop:step} ({@code stop} exclusive). */
  public static Index sliceTo(long stop, long step) {
    return Index.range(null, stop, step);
  }

  /** The slice {@code ::step}; a negative step walks from the last position down to the first. */
  public static Index step(long step) {
    return Index.range(null, null, step);
  }

  /** The slice {@code ::-1} (the axis reversed). */
  public static Index flip() {
    return Index.range(null, null, -1);
  }

  /** The slice {@code ::2} (positions 0, 2, 4, ...). */
  public static Index even() {
    return Index.range(null, null, 2);
  }

  /** The slice {@code 1::2} (positions 1, 3, 5, ...). */
  public static Index odd() {
    return Index.range(1L, null, 2);
  }

  /** {@code None} (NumPy {@code newaxis}): inserts an output axis of length 1. */
  public static Index newAxis() {
    return Index.newAxis();
  }

  /** {@code ...}: expands to as many full slices as the other entries leave (possibly 0). */
  public static Index ellipsis() {
    return Index.ellipsis();
  }

  /**
   * Parses a NumPy basic-indexing spec, the text between the brackets of {@code a[...]}.
   *
   * <p>Entries are separated by commas; a trailing comma is allowed ({@code "1,"}) and the empty
   * (or blank) string is the empty spec. Each entry is an integer ({@code 3}, {@code -1},
   * {@code +2}), a slice {@code start:stop:step} with any part omitted ({@code 1:}, {@code :-1},
   * {@code ::-2}, {@code :}, {@code ::}), {@code ...}, {@code None} or {@code newaxis}. Spaces and
   * tabs may appear between tokens and after a sign. Example: {@code "1:, ::-2, ..., None, 3"}.
   *
   * @return the entries, in order
   * @throws IndexSyntaxException if the string is malformed; its message and
   *     {@link IndexSyntaxException#position()} give the 0-based position of the problem
   */
  public static Index[] parse(String spec) {
    return new Parser(spec).parse();
  }

  private static final class Parser {
    private final String s;
    private int pos;

    Parser(String s) {
      if (s == null) {
        throw new NullPointerException("spec");
      }
      this.s = s;
    }

    Index[] parse() {
      List<Index> entries = new ArrayList<>();
      skipSpaces();
      if (pos == s.length()) {
        return new Index[0];
      }
      while (true) {
        entries.add(entry());
        skipSpaces();
        if (pos == s.length()) {
          break;
        }
        if (s.charAt(pos) != ',') {
          throw error("expected ',' or end of input");
        }
        pos++;
        skipSpaces();
        if (pos == s.length()) {
          break; // a trailing comma, as in Python's a[1,]
        }
      }
      return entries.toArray(new Index[0]);
    }

    private Index entry() {
      if (s.startsWith("...", pos)) {
        pos += 3;
        return Index.ellipsis();
      }
      char c = s.charAt(pos);
      if (Character.isJavaIdentifierStart(c)) {
        int begin = pos;
        while (pos < s.length() && Character.isJavaIdentifierPart(s.charAt(pos))) {
          pos++;
        }
        String name = s.substring(begin, pos);
        if (name.equals("None") || name.equals("newaxis")) {
          return Index.newAxis();
        }
        pos = begin;
        throw error("unknown name '" + name + "' (expected None or newaxis)");
      }
      Long start = optionalInteger();
      skipSpaces();
      if (pos == s.length() || s.charAt(pos) != ':') {
        if (start == null) {
          throw error("expected an integer, a slice, '...', 'None' or 'newaxis'");
        }
        return Index.at(start, false);
      }
      pos++; // first ':'
      skipSpaces();
      Long stop = optionalInteger();
      skipSpaces();
      Long step = null;
      if (pos < s.length() && s.charAt(pos) == ':') {
        pos++;
        skipSpaces();
        step = optionalInteger();
      }
      return Index.range(start, stop, step == null ? 1 : step);
    }

    /** Parses {@code [+-] spaces digits} if the next character starts one, else returns null. */
    private Long optionalInteger() {
      if (pos == s.length()) {
        return null;
      }
      int begin = pos;
      char c = s.charAt(pos);
      boolean negative = false;
      if (c == '+' || c == '-') {
        negative = c == '-';
        pos++;
        skipSpaces();
        if (pos == s.length() || !isDigit(s.charAt(pos))) {
          throw error("expected digits after '" + c + "'");
        }
      } else if (!isDigit(c)) {
        return null;
      }
      int digits = pos;
      while (pos < s.length() && isDigit(s.charAt(pos))) {
        pos++;
      }
      String text = (negative ? "-" : "") + s.substring(digits, pos);
      try {
        return Long.parseLong(text);
      } catch (NumberFormatException e) {
        pos = begin;
        throw error("integer " + s.substring(begin, digits).replaceAll("\\s", "")
            + s.substring(digits, digitsEnd(digits)) + " does not fit a long");
      }
    }

    private int digitsEnd(int from) {
      int p = from;
      while (p < s.length() && isDigit(s.charAt(p))) {
        p++;
      }
      return p;
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private void skipSpaces() {
      while (pos < s.length() && (s.charAt(pos) == ' ' || s.charAt(pos) == '\t')) {
        pos++;
      }
    }

    private IndexSyntaxException error(String problem) {
      return new IndexSyntaxException(s, pos, problem);
    }
  }
}
