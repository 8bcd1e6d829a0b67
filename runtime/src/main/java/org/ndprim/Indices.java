package org.ndprim;

import java.math.BigInteger;
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
   *
   * @param i the position on the axis
   * @return the index entry
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
   *
   * @param i the position on the axis
   * @param keepDim whether the axis stays, with length 1
   * @return the index entry
   */
  public static Index at(long i, boolean keepDim) {
    return Index.at(i, keepDim);
  }

  /** {@return the full slice {@code :}} It keeps the axis whole. */
  public static Index all() {
    return ALL;
  }

  /**
   * The slice {@code start:stop}; {@code stop} is exclusive (TF-Java's Javadoc says inclusive,
   * but its behaviour and this one are exclusive).
   *
   * @param start the first position
   * @param stop the position after the last
   * @return the index entry
   */
  public static Index range(long start, long stop) {
    return Index.range(start, stop, 1);
  }

  /**
   * The slice {@code start:stop:step} with both bounds given; {@code Indices.slice(10, 500, 3)}
   * needs no casts and boxes nothing. A step of 0 is accepted here and rejected when applied.
   *
   * @param start the first position
   * @param stop the bound not reached (exclusive)
   * @param step the distance between positions; negative walks down
   * @return the index entry
   */
  public static Index range(long start, long stop, long step) {
    return Index.range(start, stop, step);
  }

  /**
   * The slice {@code start:stop}; {@code null} means omitted. With two primitive bounds
   * {@link #slice(long, long)} is chosen, which boxes nothing.
   *
   * @param start the first position, or {@code null} for the start of the axis
   * @param stop the position after the last, or {@code null} for the end of the axis
   * @return the index entry
   */
  public static Index slice(Long start, Long stop) {
    return Index.range(start, stop, 1);
  }

  /**
   * {@return the slice {@code start:stop} with both bounds given} The same as
   * {@link #range(long, long)}.
   *
   * @param start the first position
   * @param stop the position after the last
   */
  public static Index slice(long start, long stop) {
    return Index.range(start, stop, 1);
  }

  /**
   * The slice {@code start:stop:step}; {@code null} bounds mean omitted. A step of 0 is accepted
   * here and rejected when applied ({@code IllegalArgumentException: slice step cannot be zero}).
   * With two primitive bounds {@link #slice(long, long, int)} is chosen.
   *
   * @param start the first position, or {@code null} for the axis's first in the step's direction
   * @param stop the bound not reached, or {@code null} to run to the axis's end in the step's
   *     direction
   * @param step the distance between positions; negative walks down
   * @return the index entry
   */
  public static Index slice(Long start, Long stop, long step) {
    return Index.range(start, stop, step);
  }

  /**
   * The slice {@code start:stop:step} with both bounds given and an {@code int} step:
   * {@code Indices.slice(10, 500, 3)} compiles without casts (the {@code Long} form needs
   * {@code 10L}) and boxes nothing; {@link #range(long, long, long)} takes a {@code long} step.
   *
   * <p>Why an {@code int} step: a {@code slice(long, long, long)} overload would make calls that
   * mix a primitive and a {@code Long} bound, and {@code Indices::slice} used as a function of
   * three {@code Long}s, ambiguous next to {@link #slice(Long, Long, long)}; with an {@code int}
   * step those still resolve to the {@code Long} form (a {@code Long} never converts to
   * {@code int}).
   *
   * @param start the first position
   * @param stop the bound not reached (exclusive)
   * @param step the distance between positions; negative walks down
   * @return the index entry
   */
  public static Index slice(long start, long stop, int step) {
    return Index.range(start, stop, step);
  }

  /**
   * {@return the slice {@code start:}}
   *
   * @param start the first position
   */
  public static Index sliceFrom(long start) {
    return Index.range(start, null, 1);
  }

  /**
   * {@return the slice {@code start::step}}
   *
   * @param start the first position
   * @param step the distance between positions; negative walks down
   */
  public static Index sliceFrom(long start, long step) {
    return Index.range(start, null, step);
  }

  /**
   * {@return the slice {@code :stop}} {@code stop} is exclusive.
   *
   * @param stop the position after the last
   */
  public static Index sliceTo(long stop) {
    return Index.range(null, stop, 1);
  }

  /**
   * {@return the slice {@code :stop:step}} {@code stop} is exclusive.
   *
   * @param stop the bound not reached
   * @param step the distance between positions; negative walks down
   */
  public static Index sliceTo(long stop, long step) {
    return Index.range(null, stop, step);
  }

  /**
   * {@return the slice {@code ::step}} A negative step walks from the last position down to the
   * first.
   *
   * @param step the distance between positions
   */
  public static Index step(long step) {
    return Index.range(null, null, step);
  }

  /** {@return the slice {@code ::-1}, the axis reversed} */
  public static Index flip() {
    return Index.range(null, null, -1);
  }

  /** {@return the slice {@code ::2}, positions 0, 2, 4, ...} */
  public static Index even() {
    return Index.range(null, null, 2);
  }

  /** {@return the slice {@code 1::2}, positions 1, 3, 5, ...} */
  public static Index odd() {
    return Index.range(1L, null, 2);
  }

  /** {@return {@code None} (NumPy {@code newaxis}), which inserts an output axis of length 1} */
  public static Index newAxis() {
    return Index.newAxis();
  }

  /**
   * {@return the ellipsis {@code ...}, which expands to as many full slices as the other entries
   * leave (possibly none)}
   */
  public static Index ellipsis() {
    return Index.ellipsis();
  }

  /**
   * An integer-array index (NumPy advanced indexing), {@code a[[0, 2, -1]]}: selects the given
   * positions of one axis, in order, repeats allowed; a negative position counts from the end.
   * Indexing with it gives a copy, never a view.
   *
   * <p>The entry refers to {@code positions} (no copy is made) and reads them each time it is
   * applied, as NumPy reads the index arrays of {@code a[idx]} when the index is applied: a change
   * to {@code positions} after this call is seen by the next use (see {@link #take(NdArray)} for
   * the rules). Positions are checked when the spec is applied
   * ({@code IndexOutOfBoundsException: index 5 is out of bounds for axis 0 with size 3}).
   *
   * @param positions the positions, a one-dimensional array (referred to, not copied)
   * @return the index entry, of shape {@code (positions.length,)}
   */
  public static Index take(long... positions) {
    return take(LongNdArray.wrap(Shape.of(positions.length), positions));
  }

  /**
   * An integer-array index of any shape (NumPy advanced indexing): selects positions of one
   * axis; its shape, broadcast with the other array entries of the spec, replaces that axis in
   * the result. Indexing with it gives a copy, never a view.
   *
   * <p>The entry refers to {@code positions} and reads its values each time it is applied, as
   * NumPy reads the index arrays of {@code a[idx]} when the index is applied
   * ({@code idx = (p,); p[0] = 5; a[idx]} selects position 5): no copy is made when
   * {@code positions} is a whole C-order {@code int64} array over a Java array; other arrays
   * (views, other integer types, off-heap storage) are cast to {@code int64} positions at each
   * use. Its shape and type are fixed here. When applied, every position is checked before
   * anything is written ({@code IndexOutOfBoundsException}, NumPy's message); an assignment
   * whose destination shares memory with {@code positions} reads them all before its first
   * write, so its writes cannot change which elements are selected. The entry may be applied on
   * several threads at once (it only reads {@code positions}), but changing {@code positions}
   * while it is applied is a data race: the selection is then unspecified (every position used
   * is still checked against its axis).
   *
   * @param positions an array of an integer type ({@code int8} ... {@code uint64}), or a
   *     {@code bool} array, which is taken as {@link #mask(BooleanNdArray)}
   * @return the index entry
   * @throws IllegalArgumentException if {@code positions} has another type (NumPy's "arrays used
   *     as indices must be of integer (or boolean) type"), or more elements than a Java array
   *     holds; a {@code uint64} value of 2^63 or more wraps to a negative position, as NumPy's
   *     cast of index arrays to {@code intp} ({@code 2^64 - 1} is the last position)
   */
  public static Index take(NdArray positions) {
    if (positions instanceof BooleanNdArray m) {
      return mask(m);
    }
    char kind = positions.scalarType().kind();
    if (kind != 'i' && kind != 'u') {
      throw new IllegalArgumentException("arrays used as indices must be of integer (or boolean)"
          + " type, not " + positions.scalarType().dtype());
    }
    return Index.array(positions);
  }

  /**
   * A boolean-array index (NumPy advanced indexing, {@code a[a > 0.5]}): the positions where
   * {@code mask} is true, as NumPy's {@code mask.nonzero()}. A mask of rank k indexes k
   * consecutive axes, whose lengths it must equal; the result has one axis of length
   * {@code countNonzero(mask)} in their place. A rank-0 mask adds an axis of length 1
   * ({@code true}) or 0. Indexing with it gives a copy, never a view.
   *
   * <p>The entry refers to {@code mask} (no copy is made when it is a whole C-order array over a
   * Java array) and reads its flags each time it is applied, as NumPy reads an index array when
   * the index is applied. An assignment counts the trues before its first write; when its
   * destination shares memory with {@code mask} ({@code b.assign(v, Indices.mask(b))}) the flags
   * are all read first, so its writes cannot change which elements are selected. As for
   * {@link #take(NdArray)}, changing {@code mask} while the entry is applied on another thread is
   * a data race.
   *
   * @param mask the flags (referred to, read when the entry is applied)
   * @return the index entry
   * @throws IllegalArgumentException if the mask has more elements than a Java array holds
   */
  public static Index mask(BooleanNdArray mask) {
    return Index.mask(mask);
  }

  /**
   * Parses a NumPy basic-indexing spec, the text between the brackets of {@code a[...]}, in
   * Python's literal forms.
   *
   * <p>Entries are separated by commas; a trailing comma is allowed ({@code "1,"}) and the empty
   * (or blank) string is the empty spec, as {@code a[()]}. Each entry is an integer, a slice
   * {@code start:stop:step} with any part omitted or {@code None} ({@code 1:}, {@code :-1},
   * {@code ::-2}, {@code None:3}, {@code ::None}, {@code :}, {@code ::}), {@code ...} or
   * {@code Ellipsis}, {@code None} or {@code newaxis}. Integers are Python int literals with an
   * optional sign: {@code 3}, {@code -1}, {@code + 2}, {@code 1_000}, {@code 0x10}, {@code 0o17},
   * {@code 0b101}, {@code 00} (but not {@code 01}, which Python rejects). Any entry or bound may be
   * parenthesised ({@code (3)}), and the whole spec may be one parenthesised tuple without slices:
   * {@code ()} (the whole array, or the scalar of a 0-d array), {@code (1, 2)}, {@code (3,)}. White
   * space (spaces, tabs, form feeds, newlines) may appear between tokens. A slice bound beyond a
   * {@code long} is clamped to {@code Long.MIN_VALUE}/{@code Long.MAX_VALUE}, as Python clamps it
   * to {@code Py_ssize_t}; an integer index beyond a {@code long} is an error. Example: {@code "1:, ::-2, ..., None, 3"}.
   *
   * <p>Advanced indices are Python list literals, as NumPy reads them: a list of integers
   * (nested for more dimensions, {@code [[0, 1], [1, 0]]}) is {@link #take(NdArray)}, a list of
   * only {@code True}/{@code False} is {@link #mask(BooleanNdArray)} (a list mixing both is an
   * integer list, as {@code np.array([True, 2])}), and {@code True}/{@code False} alone are a
   * rank-0 mask. Example: {@code "[0, 2], ::-1"}. A ragged list is refused, as NumPy refuses it.
   *
   * <p>Rejected: nested tuples, floats, expressions ({@code 1+1}, {@code --1}), a slice inside
   * parentheses.
   *
   * @param spec the text between the brackets, e.g. {@code "1:, ::-2, ..., None, 3"}
   * @return the entries, in order
   * @throws IndexSyntaxException if the string is malformed; its message and
   *     {@link IndexSyntaxException#position()} give the 0-based position of the problem
   */
  public static Index[] parse(String spec) {
    return new Parser(spec).parse();
  }

  private static final class Parser {
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final String s;
    private int pos;

    Parser(String s) {
      if (s == null) {
        throw new NullPointerException("spec");
      }
      this.s = s;
    }

    /**
     * Python's tokenizer refuses 200 levels of parentheses ("too many nested parentheses"); so
     * does this parser, before its recursive descent could overflow the stack.
     */
    private static final int MAX_NESTING = 200;

    Index[] parse() {
      checkNesting();
      skipSpaces();
      if (pos == s.length()) {
        return new Index[0];
      }
      int mark = pos;
      Index[] tuple = parenthesisedTuple();
      if (tuple != null) {
        return tuple;
      }
      pos = mark;
      List<Index> entries = new ArrayList<>();
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

    /**
     * The whole spec as one parenthesised tuple ({@code ()}, {@code (1, 2)}, {@code (3,)},
     * {@code ((1, 2))}), or null when it is something else ({@code (3), 4} is two entries,
     * {@code (1:2)} not Python).
     */
    private Index[] parenthesisedTuple() {
      Object t = tupleLiteral(true);
      if (t == null) {
        return null;
      }
      skipSpaces();
      if (pos < s.length()) {
        return null; // "(3), 4" or "(1, 2), 3": more after the parentheses
      }
      return t instanceof Index ? new Index[] {(Index) t} : ((List<?>) t).toArray(new Index[0]);
    }

    /**
     * {@code ( [element {, element} [,]] )} where an element is a scalar ({@link #scalar}) or, alone
     * and without a comma, another such tuple: a {@code List<Index>} for a tuple, an {@link Index}
     * for a parenthesised scalar, null (position unchanged) for anything else.
     */
    private Object tupleLiteral(boolean top) {
      int open = pos;
      if (pos >= s.length() || s.charAt(pos) != '(') {
        return null;
      }
      pos++;
      skipSpaces();
      List<Index> entries = new ArrayList<>();
      boolean comma = false;
      Object only = null;
      while (pos < s.length() && s.charAt(pos) != ')') {
        int at = pos;
        Object e = s.charAt(pos) == '(' ? tupleLiteral(false) : scalar(true);
        if (e == null) {
          pos = open;
          return null; // e.g. a slice: "(1:2)" is not Python; let the entry parser say where
        }
        if (e instanceof List) {
          skipSpaces();
          if (comma || !entries.isEmpty() || only != null || pos >= s.length() || s.charAt(pos) != ')') {
            pos = at;
            throw error("a tuple inside the index is not basic indexing (NumPy reads it as an integer array)");
          }
          only = e;
          continue;
        }
        entries.add((Index) e);
        skipSpaces();
        if (pos < s.length() && s.charAt(pos) == ',') {
          comma = true;
          pos++;
          skipSpaces();
        } else if (pos < s.length() && s.charAt(pos) != ')') {
          pos = open;
          return null;
        }
      }
      if (pos >= s.length()) {
        pos = open;
        if (top) {
          throw error("'(' was never closed");
        }
        return null;
      }
      pos++; // ')'
      if (only != null) {
        return only; // ((1, 2)) is (1, 2)
      }
      if (entries.size() == 1 && !comma) {
        return entries.get(0); // (3) is 3
      }
      return entries;
    }

    private Index entry() {
      Index e = scalar(false);
      if (e != null && e.kind() != Index.Kind.AT) {
        return e;
      }
      Long start = null;
      if (e != null) {
        start = e.index();
      } else if (atBound()) {
        start = bound(false);
      }
      skipSpaces();
      if (pos == s.length() || s.charAt(pos) != ':') {
        if (e == null && start == null) {
          throw error("expected an integer, a slice, '...', 'None' or 'newaxis'");
        }
        if (e == null) {
          throw error("expected ':' after a None slice start");
        }
        return e;
      }
      pos++; // first ':'
      skipSpaces();
      Long stop = atBound() ? bound(false) : null;
      skipSpaces();
      Long step = null;
      if (pos < s.length() && s.charAt(pos) == ':') {
        pos++;
        skipSpaces();
        step = atBound() ? bound(true) : null;
      }
      return Index.range(start, stop, step == null ? 1 : step);
    }

    /**
     * An integer index, {@code None}/{@code newaxis} or {@code ...}/{@code Ellipsis}, possibly in
     * parentheses; null (position unchanged) if the text does not start with one, or (when
     * {@code inTuple} is false) if it is a {@code None} that starts a slice.
     */
    private Index scalar(boolean inTuple) {
      int begin = pos;
      if (pos < s.length() && s.charAt(pos) == '(') {
        pos++;
        skipSpaces();
        Index inner = scalar(true);
        skipSpaces();
        if (inner == null || pos >= s.length() || s.charAt(pos) != ')') {
          pos = begin;
          return null;
        }
        pos++;
        if (!inTuple && inner.kind() == Index.Kind.NEW_AXIS && followedByColon()) {
          pos = begin;
          return null;
        }
        return inner;
      }
      if (s.startsWith("...", pos)) {
        pos += 3;
        return Index.ellipsis();
      }
      if (pos < s.length() && s.charAt(pos) == '[') {
        return list();
      }
      if (pos < s.length() && (Character.isJavaIdentifierStart(s.charAt(pos)))) {
        int end = nameEnd(pos);
        String name = s.substring(pos, end);
        switch (name) {
          case "None":
          case "newaxis":
            pos = end;
            if (!inTuple && name.equals("None") && followedByColon()) {
              pos = begin;
              return null; // "None:3": a slice bound
            }
            return Index.newAxis();
          case "Ellipsis":
            pos = end;
            return Index.ellipsis();
          case "True":
          case "False":
            pos = end;
            return Index.mask(Shape.scalar(), new boolean[] {name.equals("True")});
          default:
            throw error("unknown name '" + abbreviate(name)
                + "' (expected None, newaxis, Ellipsis, True or False)");
        }
      }
      if (!startsInteger()) {
        return null;
      }
      BigInteger v = integer();
      if (v.compareTo(LONG_MIN) < 0 || v.compareTo(LONG_MAX) > 0) {
        int end = pos;
        if (!inTuple && followedByColon()) {
          pos = begin;
          return null; // a slice bound: clamped there
        }
        pos = begin;
        throw error("integer " + abbreviate(s.substring(begin, end).replaceAll("\\s", "")) + " does not fit a long");
      }
      return Index.at(v.longValue(), false);
    }

    /** A Python list literal of ints and bools, nested: an integer-array or mask entry. */
    private Index list() {
      int open = pos;
      Object tree = listTree();
      List<Long> dims = new ArrayList<>();
      for (Object t = tree; t instanceof List<?> l; t = l.isEmpty() ? null : l.get(0)) {
        dims.add((long) l.size());
      }
      long[] shape = new long[dims.size()];
      long size = 1;
      for (int k = 0; k < shape.length; k++) {
        shape[k] = dims.get(k);
        size *= shape[k];
      }
      List<Object> flat = new ArrayList<>();
      if (!flatten(tree, shape, 0, flat)) {
        pos = open;
        throw error("inhomogeneous list: NumPy cannot make an array of it (setting an array element"
            + " with a sequence)");
      }
      boolean allBool = !flat.isEmpty();
      for (Object o : flat) {
        allBool &= o instanceof Boolean;
      }
      if (allBool) {
        boolean[] flags = new boolean[(int) size];
        for (int i = 0; i < flags.length; i++) {
          flags[i] = (Boolean) flat.get(i);
        }
        return Index.mask(Shape.of(shape), flags);
      }
      long[] values = new long[(int) size];
      for (int i = 0; i < values.length; i++) {
        Object o = flat.get(i);
        values[i] = o instanceof Boolean b ? (b ? 1 : 0) : (Long) o;
      }
      return Index.array(Shape.of(shape), values);
    }

    private static boolean flatten(Object node, long[] shape, int depth, List<Object> out) {
      if (depth == shape.length) {
        if (node instanceof List) {
          return false;
        }
        out.add(node);
        return true;
      }
      if (!(node instanceof List<?> l) || l.size() != shape[depth]) {
        return false;
      }
      for (Object o : l) {
        if (!flatten(o, shape, depth + 1, out)) {
          return false;
        }
      }
      return true;
    }

    /** {@code [ [element {, element} [,]] ]}: a List of Long, Boolean and Lists. */
    private List<Object> listTree() {
      int open = pos;
      pos++; // '['
      skipSpaces();
      List<Object> items = new ArrayList<>();
      while (true) {
        if (pos >= s.length()) {
          pos = open;
          throw error("'[' was never closed");
        }
        if (s.charAt(pos) == ']') {
          pos++;
          return items;
        }
        char c = s.charAt(pos);
        if (c == '[') {
          items.add(listTree());
        } else if (s.startsWith("True", pos) && nameEnd(pos) == pos + 4) {
          pos += 4;
          items.add(Boolean.TRUE);
        } else if (s.startsWith("False", pos) && nameEnd(pos) == pos + 5) {
          pos += 5;
          items.add(Boolean.FALSE);
        } else if (startsInteger()) {
          int begin = pos;
          BigInteger v = integer();
          if (v.compareTo(LONG_MIN) < 0 || v.compareTo(LONG_MAX) > 0) {
            int end = pos;
            pos = begin;
            throw error("integer " + abbreviate(s.substring(begin, end).replaceAll("\\s", ""))
                + " does not fit a long");
          }
          items.add(v.longValue());
        } else {
          throw error("a list in an index holds integers, True, False or lists");
        }
        skipSpaces();
        if (pos < s.length() && s.charAt(pos) == ',') {
          pos++;
          skipSpaces();
        } else if (pos < s.length() && s.charAt(pos) != ']') {
          throw error("expected ',' or ']'");
        }
      }
    }

    private boolean followedByColon() {
      int p = pos;
      while (p < s.length() && isSpace(s.charAt(p))) {
        p++;
      }
      return p < s.length() && s.charAt(p) == ':';
    }

    private boolean atBound() {
      return pos < s.length() && (startsInteger() || s.startsWith("None", pos) || s.charAt(pos) == '(');
    }

    /** A slice bound: an int (clamped to a long) or None, possibly parenthesised. */
    private Long bound(boolean step) {
      int begin = pos;
      if (s.charAt(pos) == '(') {
        pos++;
        skipSpaces();
        Long inner = atBound() ? bound(step) : null;
        skipSpaces();
        if (pos >= s.length() || s.charAt(pos) != ')' || pos == begin + 1) {
          pos = begin;
          throw error("a slice bound must be an integer or None");
        }
        pos++;
        return inner;
      }
      if (s.startsWith("None", pos) && nameEnd(pos) == pos + 4) {
        pos += 4;
        return null;
      }
      if (!startsInteger()) {
        throw error("a slice bound must be an integer or None");
      }
      // beyond a long: clamped, as Python's PySlice_Unpack clamps to Py_ssize_t (a step below
      // -Long.MAX_VALUE acts as -Long.MAX_VALUE there; Layout treats Long.MIN_VALUE the same way)
      return integer().max(LONG_MIN).min(LONG_MAX).longValue();
    }

    private boolean startsInteger() {
      if (pos >= s.length()) {
        return false;
      }
      char c = s.charAt(pos);
      return isDigit(c) || c == '+' || c == '-';
    }

    /** {@code [+-] spaces} and a Python int literal. */
    private BigInteger integer() {
      char c = s.charAt(pos);
      boolean negative = false;
      if (c == '+' || c == '-') {
        negative = c == '-';
        pos++;
        skipSpaces();
        if (pos == s.length() || !isDigit(s.charAt(pos))) {
          throw error("expected digits after '" + c + "'");
        }
      }
      int begin = pos;
      int radix = 10;
      if (s.charAt(pos) == '0' && pos + 1 < s.length() && "xXoObB".indexOf(s.charAt(pos + 1)) >= 0) {
        char b = Character.toLowerCase(s.charAt(pos + 1));
        radix = b == 'x' ? 16 : b == 'o' ? 8 : 2;
        pos += 2;
        if (pos < s.length() && s.charAt(pos) == '_') {
          pos++;
        }
      }
      StringBuilder digits = new StringBuilder();
      boolean needDigit = true;
      while (pos < s.length()) {
        char d = s.charAt(pos);
        if (Character.digit(d, radix) >= 0 && d < 128) {
          digits.append(d);
          needDigit = false;
        } else if (d == '_' && !needDigit) {
          needDigit = true;
        } else {
          break;
        }
        pos++;
      }
      if (needDigit || pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_'
          || s.charAt(pos) == '.')) {
        int at = pos;
        pos = begin;
        String kind = radix == 16 ? "hexadecimal" : radix == 8 ? "octal" : radix == 2 ? "binary" : "decimal";
        if (at < s.length() && s.charAt(at) == '.' && radix == 10 && !needDigit) {
          pos = at;
          throw error("a float is not an index; NumPy indices are integers");
        }
        throw error("invalid " + kind + " literal");
      }
      String text = digits.toString();
      if (radix == 10 && text.length() > 1 && text.charAt(0) == '0' && !text.chars().allMatch(ch -> ch == '0')) {
        pos = begin;
        throw error("leading zeros in decimal integer literals are not permitted (Python: use 0o for octal)");
      }
      BigInteger v = text.length() > 4300 ? tooManyDigits(begin) : new BigInteger(text, radix);
      return negative ? v.negate() : v;
    }

    private BigInteger tooManyDigits(int begin) {
      pos = begin;
      throw error("integer of more than 4300 digits (Python's limit for int literals)");
    }

    private int nameEnd(int from) {
      int p = from;
      while (p < s.length() && Character.isJavaIdentifierPart(s.charAt(p)) && !Character.isIdentifierIgnorable(s.charAt(p))) {
        p++;
      }
      return p;
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private static boolean isSpace(char c) {
      return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r';
    }

    private void skipSpaces() {
      while (pos < s.length() && isSpace(s.charAt(pos))) {
        pos++;
      }
    }

    private static String abbreviate(String text) {
      return text.length() <= 24 ? text : text.substring(0, 10) + "..." + text.substring(text.length() - 10)
          + " (" + text.length() + " characters)";
    }

    private void checkNesting() {
      int depth = 0;
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '(' || c == '[' || c == '{') {
          if (++depth >= MAX_NESTING) {
            pos = i;
            throw error("too many nested parentheses");
          }
        } else if (c == ')' || c == ']' || c == '}') {
          depth = Math.max(0, depth - 1);
        }
      }
    }

    private IndexSyntaxException error(String problem) {
      return new IndexSyntaxException(s, pos, problem);
    }
  }
}
