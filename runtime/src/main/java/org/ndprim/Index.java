package org.ndprim;

import java.util.Objects;
import org.ndprim.layout.Layout;

/**
 * One entry of a basic-indexing spec, as NumPy basic indexing: an integer, a slice
 * {@code start:stop:step}, {@code None} (new axis) or {@code ...} (ellipsis).
 *
 * <p>Instances are created by {@link Indices}. An {@code Index} is not bound to any array:
 * bounds are checked and normalised only when the spec is applied
 * ({@code org.ndprim.layout.Layout#slice}), so a slice whose step is zero can be built and fails
 * only there, in NumPy's order of checks. Entries other than arrays are immutable; an array entry
 * made from the caller's array ({@link Indices#take(NdArray)}, {@link Indices#take(long...)},
 * {@link Indices#mask(BooleanNdArray)}) refers to it and reads its elements each time the entry
 * is applied, as NumPy reads the index arrays of {@code a[idx]} when the index is applied; its
 * shape and type are fixed when the entry is made. {@link #equals}, {@link #hashCode} and
 * {@link #toString} of such an entry read the elements as they are at the call.
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
  /**
   * The caller's array of an {@link Kind#ARRAY} entry (of an integer type) or a {@link Kind#MASK}
   * entry (bool) whose elements are read when the entry is applied, else null (then
   * {@link #positions} or {@link #flags} hold them).
   */
  private final NdArray source;

  private Index(Kind kind, long index, boolean keepDim, Long start, Long stop, long step) {
    this(kind, index, keepDim, start, stop, step, null, null, null, null);
  }

  private Index(Kind kind, long index, boolean keepDim, Long start, Long stop, long step,
      Shape arrayShape, long[] positions, boolean[] flags, NdArray source) {
    this.arrayShape = arrayShape;
    this.positions = positions;
    this.flags = flags;
    this.source = source;
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
    return new Index(Kind.ARRAY, 0, false, null, null, 1, shape, positions, null, null);
  }

  /**
   * An integer-array entry over the caller's {@code source}, of an integer type, whose elements
   * are read (and cast to {@code int64}) each time the entry is applied.
   */
  static Index array(NdArray source) {
    requireIndexable(source);
    return new Index(Kind.ARRAY, 0, false, null, null, 1, source.shape(), null, null, source);
  }

  /** A boolean-array entry over {@code flags} (owned: the caller passes a fresh array). */
  static Index mask(Shape shape, boolean[] flags) {
    if (shape.size() != flags.length) {
      throw new IllegalArgumentException("shape " + shape + " does not hold " + flags.length
          + " flags");
    }
    return new Index(Kind.MASK, 0, false, null, null, 1, shape, null, flags, null);
  }

  /** A boolean-array entry over the caller's {@code source}, read each time it is applied. */
  static Index mask(BooleanNdArray source) {
    requireIndexable(source);
    return new Index(Kind.MASK, 0, false, null, null, 1, source.shape(), null, null, source);
  }

  private static void requireIndexable(NdArray source) {
    if (source.size() > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException("an index array of shape " + source.shape() + " has "
          + source.size() + " elements, more than a Java array holds ("
          + ScalarType.MAX_ARRAY_SIZE + ")");
    }
  }

  /** {@return the positions of an {@link Kind#ARRAY} entry, as they are now} */
  long[] positions() {
    return positions(null);
  }

  /**
   * {@return the positions of an {@link Kind#ARRAY} entry, as they are now, in C order: the
   * caller's own {@code long[]} when its array is one whole C-order int64 Java array whose
   * memory is not {@code guard}, else a copy} Pass as {@code guard} the memory about to be
   * written ({@link UfuncDriver#memory}), so that writes cannot change the positions.
   */
  long[] positions(Object guard) {
    if (source == null) {
      return positions;
    }
    if (source instanceof LongNdArray l) {
      Object own = whole(source, guard);
      return own instanceof long[] p ? p : l.toArray();
    }
    // uint64 positions of 2^63 and more wrap to negative ones, as NumPy's cast to intp: 2^64 - 1
    // is the last position, 2^63 is out of bounds; the cast is a fresh C-order array
    NdArray cast = source.astype(LongNdArray.TYPE);
    Object own = whole(cast, null);
    return own instanceof long[] p ? p : ((LongNdArray) cast).toArray();
  }

  /**
   * {@return the bytes of the copy {@link #positions(Object)} makes: none for positions it reads
   * where they lie, 8 per position else}
   */
  long copyBytes(Object guard) {
    if (source == null || source instanceof LongNdArray && whole(source, guard) instanceof long[]) {
      return 0;
    }
    return 8L * source.size();
  }

  /**
   * {@return the flags of a {@link Kind#MASK} entry, as they are now, in C order: the caller's
   * own {@code boolean[]} when it is one whole C-order Java array whose memory is not
   * {@code guard}, else a copy}
   */
  boolean[] flags(Object guard) {
    if (source == null) {
      return flags;
    }
    Object own = whole(source, guard);
    return own instanceof boolean[] f ? f : ((BooleanNdArray) source).toArray();
  }

  /** {@return the flags of a {@link Kind#MASK} entry, as they are now} */
  boolean[] flags() {
    return flags(null);
  }

  /**
   * {@return the Java array {@code a} is, whole, in C order (offset 0, contiguous, of its
   * length), unless it is {@code guard}; else null}
   */
  private static Object whole(NdArray a, Object guard) {
    if (!(a instanceof StridedNdArray<?> s)) {
      return null;
    }
    Object storage = s.storage();
    if (storage == null || storage == guard || !storage.getClass().isArray()) {
      return null;
    }
    Layout l = s.layout();
    boolean exact = l.offset() == 0 && l.isContiguous()
        && java.lang.reflect.Array.getLength(storage) == l.size();
    return exact ? storage : null;
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
        && java.util.Arrays.equals(kind == Kind.ARRAY ? positions() : null,
            other.kind == Kind.ARRAY ? other.positions() : null)
        && java.util.Arrays.equals(kind == Kind.MASK ? flags() : null,
            other.kind == Kind.MASK ? other.flags() : null);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, index, keepDim, start, stop, step, arrayShape,
        java.util.Arrays.hashCode(kind == Kind.ARRAY ? positions() : null),
        java.util.Arrays.hashCode(kind == Kind.MASK ? flags() : null));
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
        return listLiteral(0, 0, positions(), null);
      case MASK:
        return listLiteral(0, 0, null, flags());
      default:
        return "...";
    }
  }

  /** The array entry's elements from flat position {@code from}, along {@code axis}, as a list. */
  private String listLiteral(int axis, long from, long[] positions, boolean[] flags) {
    if (axis == arrayShape.rank()) {
      return positions != null ? Long.toString(positions[(int) from])
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
      sb.append(listLiteral(axis + 1, from + i * inner, positions, flags));
    }
    return sb.append(']').toString();
  }
}
