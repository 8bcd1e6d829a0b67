package org.ndprim.storage;

import org.ndprim.layout.Layout;
import org.ndprim.layout.NdIter;
import org.ndprim.layout.RunCursor;

/**
 * Walks one or two layouts of equal shape in logical C order as <em>segments</em>: stretches of a
 * run that lie in one chunk of each side's memory ({@link Chunks}), so that each side reads them
 * from one buffer with {@code int} indices. A side without memory (storage in a Java array) is one
 * unbounded chunk: its segments are the runs, up to {@code Integer.MAX_VALUE} elements. The
 * generated loops of buffer-backed arrays are
 *
 * <pre>{@code
 * for (SegmentCursor c = SegmentCursor.of(layout, memory, 2); c.next(); ) {
 *   ShortBuffer s = data[c.chunkA()];
 *   for (int e = 0, i = c.indexA(), st = c.strideA(); e < c.count(); e++, i += st) { ... s.get(i) ... }
 * }
 * }</pre>
 *
 * <p>The runs come from a {@link RunCursor}, or for two layouts from the rows of an
 * {@link NdIter}'s blocks in C order (axes merged as NumPy's iterator does); a run is cut where either side's next element would leave its chunk. The
 * {@code int} strides are exact whenever {@link #count()} is above 1 (a longer step always leaves
 * the chunk). {@link #line} walks single runs handed in one by one, for the lines of an
 * {@code AxisLines} or a {@code CoordinateCursor}. Allocation-free after creation; not
 * thread-safe.
 */
public final class SegmentCursor {
  /** The shift of an unchunked side: every index below 2^62 is in chunk 0. */
  private static final int WHOLE = 62;

  private final RunCursor single;
  private final NdIter pair;
  /** The rows of the pair's current block still to walk, and the next row's offsets. */
  private long rowsLeft;
  private long rowA;
  private long rowB;
  private final int shiftA;
  private final long maskA;
  private final long itemsA;
  private final int shiftB;
  private final long maskB;
  private final long itemsB;

  private long offsetA;
  private long offsetB;
  private long strideA;
  private long strideB;
  /** Elements of the current run not yet handed out, counting the current segment's. */
  private long left;
  private int count;

  private SegmentCursor(RunCursor single, NdIter pair, Chunks a, Chunks b, int itemSize) {
    this.single = single;
    this.pair = pair;
    this.shiftA = a == null ? WHOLE : a.elementShift(itemSize);
    this.maskA = (1L << shiftA) - 1;
    this.itemsA = a == null ? Long.MAX_VALUE : a.items(itemSize);
    this.shiftB = b == null ? WHOLE : b.elementShift(itemSize);
    this.maskB = (1L << shiftB) - 1;
    this.itemsB = b == null ? Long.MAX_VALUE : b.items(itemSize);
  }

  /**
   * Returns a cursor over the segments of one layout over {@code memory}.
   *
   * @param layout the layout, within the memory
   * @param memory the memory, or null for storage in a Java array
   * @param itemSize the bytes of one element
   * @return the cursor
   */
  public static SegmentCursor of(Layout layout, Chunks memory, int itemSize) {
    return new SegmentCursor(layout.runs(), null, memory, null, itemSize);
  }

  /**
   * Returns a cursor over the common segments of two layouts of equal shape, each over its
   * memory: a segment is cut where either side leaves a chunk.
   *
   * @param a the first layout
   * @param memoryA its memory, or null for a Java array
   * @param b the second layout, of the same shape
   * @param memoryB its memory, or null for a Java array
   * @param itemSize the bytes of one element (the same type on both sides)
   * @return the cursor
   * @throws IllegalArgumentException if the shapes differ (naming both)
   */
  public static SegmentCursor pair(Layout a, Chunks memoryA, Layout b, Chunks memoryB,
      int itemSize) {
    return new SegmentCursor(null, NdIter.sameShape(NdIter.Order.C, a, b), memoryA, memoryB,
        itemSize);
  }

  /**
   * Returns a cursor over the segments of single runs over {@code memory}, each handed in by
   * {@link #start} and walked with {@link #next()}.
   *
   * @param memory the memory, or null for a Java array
   * @param itemSize the bytes of one element
   * @return the cursor, with no run yet
   */
  public static SegmentCursor line(Chunks memory, int itemSize) {
    return new SegmentCursor(null, null, memory, null, itemSize);
  }

  /**
   * Starts the walk of one run (of a cursor made by {@link #line}): {@code length} elements at
   * offsets {@code offset + k * stride}.
   *
   * @param offset the first element's offset
   * @param stride the step between elements
   * @param length the element count (0 gives no segment)
   * @return this cursor
   */
  public SegmentCursor start(long offset, long stride, long length) {
    this.offsetA = offset;
    this.strideA = stride;
    this.left = length;
    this.count = 0;
    return this;
  }

  /**
   * Advances to the next segment.
   *
   * @return true if there is one, false when all have been visited
   */
  public boolean next() {
    left -= count;
    offsetA += count * strideA;
    offsetB += count * strideB;
    if (left <= 0 && !nextRun()) {
      count = 0;
      return false;
    }
    int n = fit(offsetA, strideA, shiftA, maskA, itemsA, left);
    if (pair != null) {
      n = Math.min(n, fit(offsetB, strideB, shiftB, maskB, itemsB, left));
    }
    count = n;
    return true;
  }

  private boolean nextRun() {
    if (single != null) {
      if (!single.next()) {
        return false;
      }
      offsetA = single.offset();
      strideA = single.stride();
      left = single.length();
      return true;
    }
    if (pair != null) {
      if (rowsLeft == 0) {
        if (!pair.next()) {
          return false;
        }
        rowsLeft = pair.rows();
        rowA = pair.offset(0);
        rowB = pair.offset(1);
      }
      offsetA = rowA;
      offsetB = rowB;
      strideA = pair.stride(0);
      strideB = pair.stride(1);
      left = pair.count();
      rowsLeft--;
      rowA += pair.rowStride(0);
      rowB += pair.rowStride(1);
      return left > 0;
    }
    return false; // a line: its one run is over
  }

  /** How many elements from {@code offset} stay in its chunk, at most {@code left}. */
  private static int fit(long offset, long stride, int shift, long mask, long items, long left) {
    long chunkStart = offset & ~mask;
    long limit = Math.min(mask + 1, items - chunkStart);
    return Chunks.fit((int) (offset & mask), stride, left, (int) Math.min(limit, Integer.MAX_VALUE));
  }

  /** {@return the chunk of the first side's current segment} */
  public int chunkA() {
    return (int) (offsetA >>> shiftA);
  }

  /** {@return the index, in its chunk, of the first side's first element of the segment} */
  public int indexA() {
    return (int) (offsetA & maskA);
  }

  /** {@return the first side's step within the segment (exact when {@link #count()} > 1)} */
  public int strideA() {
    return (int) strideA;
  }

  /** {@return the layout offset of the first side's first element of the segment} */
  public long offsetA() {
    return offsetA;
  }

  /** {@return the chunk of the second side's current segment} */
  public int chunkB() {
    return (int) (offsetB >>> shiftB);
  }

  /** {@return the index, in its chunk, of the second side's first element of the segment} */
  public int indexB() {
    return (int) (offsetB & maskB);
  }

  /** {@return the second side's step within the segment (exact when {@link #count()} > 1)} */
  public int strideB() {
    return (int) strideB;
  }

  /** {@return the layout offset of the second side's first element of the segment} */
  public long offsetB() {
    return offsetB;
  }

  /** {@return the number of elements of the current segment, at least 1} */
  public int count() {
    return count;
  }
}
