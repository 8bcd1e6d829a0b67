package org.ndprim;

import java.util.Objects;

/**
 * One entry of a basic-indexing spec, as NumPy basic indexing: an integer, a slice
 * {@code start:stop:step}, {@code None} (new axis) or {@code ...} (ellipsis).
 *
 * <p>Instances are immutable and created by {@link Indices}. An {@code Index} is not bound to
 * any array: bounds are checked and normalised only when the spec is applied
 * ({@code org.ndprim.layout.Layout#slice}), so a slice whose step is zero can be built and fails
 * only there, in NumPy's order of checks.
 */
public final class Index {
  /** What an entry does. {@link #AT} and {@link #RANGE} consume one input axis; the others none. */
  public enum Kind {
    /** An integer index: selects one position and removes the axis (unless {@code keepDim}). */
    AT,
    /** A slice {@code start:stop:step}: keeps the axis, possibly shorter, reversed or strided. */
    RANGE,
    /** {@code None}/{@code newaxis}: inserts an output axis of length 1. */
    NEW_AXIS,
    /** {@code ...}: stands for as many full slices {@code :} as needed (possibly none). */
    ELLIPSIS,
    /**
     * An integer array (NumPy advanced indexing): consumes one input axis; its positions select
     * elements of that axis and its shape, broadcast with the other advanced entries, replaces it.
     */
    ARRAY,
    /**
     * A boolean array (NumPy advanced indexing), read as its {@code nonzero()}: consumes as many
     * input axes as its rank, whose lengths it must match (a rank-0 mask consumes none and adds
     * an axis of length 1 or 0).
     */
    MASK
  }

  private static final Index NEW_AXIS = new Index(Kind.NEW_AXIS, 0, false, null, null, 1);
  private static final Index ELLIPSIS = new Index(Kind.ELLIPSIS, 0, false, null, null, 1);

  private final Kind kind;
  private final long index;
  private final boolean keepDim;
  private final Long start;
  private final Long stop;
  private final long step;
  /** The shape of an {@link Kind#ARRAY} or {@link Kind#MASK} entry, else null. */
  private final Shape arrayShape;
  /** The positions of an {@link Kind#ARRAY} entry, in C order; never handed out. */
  private final long[] positions;
  /** The flags of a {@link Kind#MASK} entry, in C order; never handed out. */
  private final boolean[] flags;

  private Index(Kind kind, long index, boolean keepDim, Long start, Long stop, long step) {
    this(kind, index, keepDim, start, stop, step, null, null, null);
  }

  private Index(Kind kind, long index, boolean keepDim, Long start, Long stop, long step,
      Shape arrayShape, long[] positions, boolean[] flags) {
    this.arrayShape = arrayShape;
    this.positions = positions;
    this.flags = flags;
    this.kind = kind;
    this.index = index;
    this.keepDim = keepDim;
    this.start = start;
    this.stop = stop;
    this.step = step;
  }

  static Index at(long index, boolean keepDim) {
    return new Index(Kind.AT, index, keepDim, null, null, 1);
  }

  static Index range(Long start, Long stop, long step) {
    return new Index(Kind.RANGE, 0, false, start, stop, step);
  }

  /** An integer-array entry over {@code positions} (owned: the caller passes a fresh array). */
  static Index array(Shape shape, long[] positions) {
    if (shape.size() != positions.length) {
      throw new IllegalArgumentException("shape " + shape + " does not hold " + positions.length
          + " positions");
    }
    return new Index(Kind.ARRAY, 0, false, null, null, 1, shape, positions, null);
  }

  /** A boolean-array entry over {@code flags} (owned: the caller passes a fresh array). */
  static Index mask(Shape shape, boolean[] flags) {
    if (shape.size() != flags.length) {
      throw new IllegalArgumentException("shape " + shape + " does not hold " + flags.length
          + " flags");
    }
    return new Index(Kind.MASK, 0, false, null, null, 1, shape, null, flags);
  }

  long[] positions() {
    return positions;
  }

  boolean[] flags() {
    return flags;
  }

  static Index newAxis() {
    return NEW_AXIS;
  }

  static Index ellipsis() {
    return ELLIPSIS;
  }

  /** {@return the kind of this entry} */
  public Kind kind() {
    return kind;
  }

  /**
   * {@return the integer of an {@link Kind#AT} entry, as given (a negative value counts from the
   * end of the axis)}
   *
   * @throws IllegalStateException if this is not an {@code AT} entry
   */
  public long index() {
    requireKind(Kind.AT);
    return index;
  }

  /**
   * {@return whether an {@link Kind#AT} entry keeps its axis (with length 1) instead of removing
   * it; {@code false} for every other kind}
   */
  public boolean keepDim() {
    return keepDim;
  }

  /**
   * {@return the start of a {@link Kind#RANGE}, or {@code null} when omitted}
   *
   * @throws IllegalStateException if this is not a {@code RANGE} entry
   */
  public Long start() {
    requireKind(Kind.RANGE);
    return start;
  }

  /**
   * {@return the (exclusive) stop of a {@link Kind#RANGE}, or {@code null} when omitted}
   *
   * @throws IllegalStateException if this is not a {@code RANGE} entry
   */
  public Long stop() {
    requireKind(Kind.RANGE);
    return stop;
  }

  /**
   * {@return the step of a {@link Kind#RANGE} (1 when omitted; may be 0, which is rejected when
   * the spec is applied)}
   *
   * @throws IllegalStateException if this is not a {@code RANGE} entry
   */
  public long step() {
    requireKind(Kind.RANGE);
    return step;
  }

  /**
   * {@return whether this entry consumes an input axis ({@link Kind#AT}, {@link Kind#RANGE},
   * {@link Kind#ARRAY}, or a {@link Kind#MASK} of rank 1 or more, which consumes one per axis)}
   */
  public boolean consumesAxis() {
    return kind == Kind.AT || kind == Kind.RANGE || kind == Kind.ARRAY
        || kind == Kind.MASK && arrayShape.rank() > 0;
  }

  /**
   * {@return whether this entry is an advanced index ({@link Kind#ARRAY} or {@link Kind#MASK}),
   * which makes indexing gather a copy instead of taking a view}
   */
  public boolean isAdvanced() {
    return kind == Kind.ARRAY || kind == Kind.MASK;
  }

  /**
   * {@return the shape of an {@link Kind#ARRAY} or {@link Kind#MASK} entry}
   *
   * @throws IllegalStateException if this is not an advanced entry
   */
  public Shape arrayShape() {
    if (!isAdvanced()) {
      throw new IllegalStateException("index " + this + " is " + kind + ", not an array");
    }
    return arrayShape;
  }

  private void requireKind(Kind expected) {
    if (kind != expected) {
      throw new IllegalStateException("index " + this + " is " + kind + ", not " + expected);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Index)) {
      return false;
    }
    Index other = (Index) o;
    return kind == other.kind && index == other.index && keepDim == other.keepDim
        && Objects.equals(start, other.start) && Objects.equals(stop, other.stop)
        && step == other.step && Objects.equals(arrayShape, other.arrayShape)
        && java.util.Arrays.equals(positions, other.positions)
        && java.util.Arrays.equals(flags, other.flags);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, index, keepDim, start, stop, step, arrayShape,
        java.util.Arrays.hashCode(positions), java.util.Arrays.hashCode(flags));
  }

  /**
   * Returns this entry in NumPy syntax: {@code 3}, {@code 1:-1:2}, {@code ::-1}, {@code :},
   * {@code ...}, {@code None}, an array as a Python list ({@code [0, 2]}, {@code [True, False]},
   * {@code True} for a rank-0 mask). A step of 1 is omitted. An {@code at(i, true)} entry prints as the
   * equivalent slice ({@code 2:3}, {@code -1:}), which NumPy would not bounds-check.
   */
  @Override
  public String toString() {
    switch (kind) {
      case AT:
        if (!keepDim) {
          return Long.toString(index);
        }
        return index == -1 ? "-1:" : index + ":" + (index + 1);
      case RANGE:
        StringBuilder sb = new StringBuilder();
        if (start != null) {
          sb.append(start);
        }
        sb.append(':');
        if (stop != null) {
          sb.append(stop);
        }
        if (step != 1) {
          sb.append(':').append(step);
        }
        return sb.toString();
      case NEW_AXIS:
        return "None";
      case ARRAY:
      case MASK:
        return listLiteral(0, 0);
      default:
        return "...";
    }
  }

  /** The array entry's elements from flat position {@code from}, along {@code axis}, as a list. */
  private String listLiteral(int axis, long from) {
    if (axis == arrayShape.rank()) {
      return kind == Kind.ARRAY ? Long.toString(positions[(int) from])
          : flags[(int) from] ? "True" : "False";
    }
    long n = arrayShape.dim(axis);
    long inner = 1;
    for (int k = axis + 1; k < arrayShape.rank(); k++) {
      inner *= arrayShape.dim(k);
    }
    StringBuilder sb = new StringBuilder("[");
    for (long i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(listLiteral(axis + 1, from + i * inner));
    }
    return sb.append(']').toString();
  }
}
