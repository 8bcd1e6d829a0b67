package org.ndprim.layout;

import java.util.Arrays;
import org.ndprim.Shape;

/**
 * Walks N operand layouts together, after NumPy's {@code nditer} with an external loop: the
 * operands are broadcast to one shape, the loop order is chosen, axes that are contiguous in
 * every operand are merged, and each step hands over a <em>block</em> of {@link #rows()} rows of
 * {@link #count()} elements. In a block, operand {@code op}'s element {@code (r, k)} is at storage
 * offset
 *
 * <pre>{@code offset(op) + r * rowStride(op) + k * stride(op)}</pre>
 *
 * and the same {@code (r, k)} is the same broadcast coordinates in every operand. A broadcast
 * operand has stride 0 along the axes it is stretched over. Typical kernel:
 *
 * <pre>{@code
 * for (NdIter it = NdIter.of(NdIter.Order.KEEP, a.layout(), b.layout(), out.layout()); it.next(); ) {
 *   long ao = it.offset(0), bo = it.offset(1), oo = it.offset(2);
 *   for (long r = 0; r < it.rows(); r++, ao += it.rowStride(0), bo += it.rowStride(1), oo += it.rowStride(2)) {
 *     for (long k = 0; k < it.count(); k++) {
 *       o[oo + k * it.stride(2)] = a[ao + k * it.stride(0)] + b[bo + k * it.stride(1)];
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>The two innermost merged axes form the block, so short inner runs (the view
 * {@code x[:, ::-1, ::2]} of a {@code [512, 512, 8]} array: runs of 4) cost one step per row of
 * runs, not one per run. Every other axis is on an odometer that allocates nothing after
 * construction.
 *
 * <p><b>Order</b> (NumPy's {@code order=} of {@code nditer}):
 * <ul>
 *   <li>{@link Order#C}: logical C order, the last axis fastest; axes are merged only where that
 *       keeps the order (NumPy's {@code 'C'}).</li>
 *   <li>{@link Order#KEEP}: memory order, as NumPy's {@code 'K'}: axes sorted so that strides
 *       shrink inwards (NumPy's {@code find_best_axis_ordering}: an axis moves inwards only when
 *       every operand with non-zero strides on both axes agrees, C order wins ties), and an axis
 *       along which every operand steps backwards (no stride positive, one negative) is walked
 *       forwards in memory. So a Fortran-order, transposed or reversed operand is walked like a
 *       C-order one. For element-wise work, where the visiting order does not change a result.</li>
 *   <li>{@link Order#KEEP_DIRECTIONS}: {@code KEEP}'s axis order without the flips, as NumPy's
 *       reductions and copies ({@code NPY_ITER_DONT_NEGATE_STRIDES}): each axis is visited in
 *       its logical direction.</li>
 * </ul>
 *
 * <p>An empty shape has no blocks; a rank-0 shape (or one of all length-1 axes) has one block
 * of one element. Sizes, offsets and strides are {@code long}; counts fit the broadcast size. Not
 * thread-safe; one instance per walk.
 */
public final class NdIter {
  /** The order in which an {@link NdIter} visits the broadcast elements. */
  public enum Order {
    /** Logical C order (row-major), NumPy's {@code 'C'}. */
    C,
    /** Memory order with negative strides flipped, NumPy's {@code 'K'}. */
    KEEP,
    /** Memory order of the axes, each axis in its logical direction. */
    KEEP_DIRECTIONS
  }

  private static final int BEFORE = 0;
  private static final int ON = 1;
  private static final int DONE = 2;

  private final Shape shape;
  private final int[] axisOrder;
  private final long count;
  private final long rows;
  private final long[] stride;
  private final long[] rowStride;
  private final long[] dims;
  /** {@code strides[op][axis]} of the odometer's axes, outermost first. */
  private final long[][] strides;
  private final long[][] backs;
  private final long[] counters;
  private final long[] offsets;
  /** The offsets of the first block, for {@link #from}. */
  private final long[] start;
  private final boolean empty;
  private int state;

  private NdIter(Shape shape, int[] axisOrder, long count, long rows, long[] stride,
      long[] rowStride, long[] dims, long[][] strides, long[] offsets, boolean empty) {
    this.shape = shape;
    this.axisOrder = axisOrder;
    this.count = count;
    this.rows = rows;
    this.stride = stride;
    this.rowStride = rowStride;
    this.dims = dims;
    this.strides = strides;
    this.backs = new long[strides.length][];
    for (int op = 0; op < strides.length; op++) {
      backs[op] = Axes.backs(dims, strides[op]);
    }
    this.counters = new long[dims.length];
    this.offsets = offsets;
    this.start = offsets.clone();
    this.empty = empty;
    this.state = empty ? DONE : BEFORE;
  }

  /**
   * {@return an iterator over the operands broadcast together, as {@code np.nditer} with
   * {@code flags=['external_loop']}}
   *
   * @param order the visiting order
   * @param operands at least one layout; they are broadcast together by NumPy's rules
   *     ({@link #broadcastShape})
   * @throws IllegalArgumentException if the shapes do not broadcast together (naming them all
   *     and the first axis where they disagree), or if there is no operand
   * @throws ArithmeticException if the broadcast size overflows a {@code long}
   */
  public static NdIter of(Order order, Layout... operands) {
    Shape[] shapes = new Shape[operands.length];
    for (int op = 0; op < operands.length; op++) {
      shapes[op] = operands[op].shape();
    }
    return over(order, broadcastShape(shapes), operands);
  }

  /**
   * {@return an iterator over operands of one shape, none broadcast: for a copy or comparison
   * between two arrays, where a shape mismatch is an error rather than a broadcast}
   *
   * @param order the visiting order
   * @param operands at least one layout, all of the first one's shape
   * @throws IllegalArgumentException if the shapes differ, naming them, or if there is no operand
   */
  public static NdIter sameShape(Order order, Layout... operands) {
    if (operands.length == 0) {
      throw new IllegalArgumentException("an iterator needs at least one operand");
    }
    Shape shape = operands[0].shape();
    for (Layout l : operands) {
      if (!l.shape().equals(shape)) {
        throw new IllegalArgumentException("cannot walk layouts of shapes " + shape + " and "
            + l.shape() + " in lock step: the shapes differ");
      }
    }
    return over(order, shape, operands);
  }

  /**
   * {@return an iterator over the operands broadcast to {@code shape}, for an output whose shape
   * is fixed (NumPy's {@code out=})}
   *
   * @param order the visiting order
   * @param shape the shape every operand is broadcast to ({@link Layout#broadcastTo})
   * @param operands at least one layout
   * @throws IllegalArgumentException if an operand does not broadcast to {@code shape}, naming
   *     both shapes, or if there is no operand
   */
  public static NdIter over(Order order, Shape shape, Layout... operands) {
    java.util.Objects.requireNonNull(order, "order");
    if (operands.length == 0) {
      throw new IllegalArgumentException("an iterator needs at least one operand");
    }
    int nop = operands.length;
    NdIter run = oneRun(order, shape, operands);
    if (run != null) {
      return run;
    }
    long[] d = shape.asArray();
    int rank = d.length;
    long[][] s = new long[nop][];
    long[] offsets = new long[nop];
    for (int op = 0; op < nop; op++) {
      Layout l = operands[op].broadcastTo(shape);
      s[op] = l.strides();
      offsets[op] = l.offset();
      for (int axis = 0; axis < rank; axis++) {
        if (d[axis] == 1) {
          s[op][axis] = 0; // any stride walks an axis of length 1: make it no constraint
        }
      }
    }
    int[] perm = order == Order.C ? identity(rank) : bestAxisOrder(s, rank);
    if (order == Order.KEEP) {
      flipBackwardAxes(d, s, offsets);
    }
    long[] pd = new long[rank];
    long[][] ps = new long[nop][rank];
    for (int i = 0; i < rank; i++) {
      pd[i] = d[perm[i]];
      for (int op = 0; op < nop; op++) {
        ps[op][i] = s[op][perm[i]];
      }
    }
    boolean empty = shape.size() == 0;
    int n = empty ? 0 : Axes.coalesce(pd, ps);
    long count = empty ? 0 : n == 0 ? 1 : pd[n - 1];
    long rows = empty ? 0 : n < 2 ? 1 : pd[n - 2];
    long[] stride = new long[nop];
    long[] rowStride = new long[nop];
    int outer = Math.max(n - 2, 0);
    long[][] os = new long[nop][];
    for (int op = 0; op < nop; op++) {
      stride[op] = n == 0 ? 0 : Axes.runStride(ps[op][n - 1], count);
      rowStride[op] = n < 2 ? 0 : Axes.runStride(ps[op][n - 2], rows);
      os[op] = Arrays.copyOf(ps[op], outer);
    }
    return new NdIter(shape, perm, count, rows, stride, rowStride, Arrays.copyOf(pd, outer), os,
        offsets, empty);
  }

  /**
   * {@return the walk of operands that are each one run of {@code shape}'s elements (a
   * contiguous array, a reversed or stepped one, a row of a matrix): one block of one row, built
   * without the general plan's arrays, so that a copy or a ufunc over such operands allocates next
   * to nothing (with the iterator inlined, nothing); null for any other operands} The
   * {@code KEEP} orders walk C order here only when no run steps backwards (else the general
   * path flips them).
   */
  private static NdIter oneRun(Order order, Shape shape, Layout[] operands) {
    long size = shape.size();
    if (size == 0) {
      return null;
    }
    int nop = operands.length;
    for (int op = 0; op < nop; op++) {
      Layout l = operands[op];
      if (!l.isSingleRun() || !l.shape().equals(shape)
          || (order != Order.C && l.runStride() < 0 && size > 1)) {
        return null;
      }
    }
    long[] stride = new long[nop];
    long[] offsets = new long[nop];
    for (int op = 0; op < nop; op++) {
      stride[op] = size == 1 ? 0 : operands[op].runStride();
      offsets[op] = operands[op].offset();
    }
    return new NdIter(shape, size, stride, offsets);
  }

  /**
   * The iterator of {@link #oneRun}: one block of one row of {@code count} elements, no axes
   * left to the odometer ({@link #next()} returns true once), {@link #axisOrder()} the identity.
   */
  private NdIter(Shape shape, long count, long[] stride, long[] offsets) {
    this.shape = shape;
    this.axisOrder = null;
    this.count = count;
    this.rows = 1;
    this.stride = stride;
    this.rowStride = stride.length <= NO_STEPS.length ? NO_STEPS : new long[stride.length];
    this.dims = NO_AXES;
    this.strides = NO_STRIDES;
    this.backs = NO_STRIDES;
    this.counters = NO_AXES;
    this.offsets = offsets;
    this.start = offsets; // next() never moves them: there are no outer axes
    this.empty = false;
    this.state = BEFORE;
  }

  private static final long[] NO_AXES = new long[0];
  /** The row strides of a walk of one row, as the general path's (0): shared, never written. */
  private static final long[] NO_STEPS = new long[64];
  private static final long[][] NO_STRIDES = new long[0][];

  /**
   * {@return the shape that shapes broadcast to, by NumPy's rules ({@code np.broadcast_shapes}):
   * aligned at their trailing axes, each axis of the result is the length the shapes agree on,
   * where a length of 1 stretches to any length}
   *
   * @param shapes at least one shape
   * @throws IllegalArgumentException if two shapes have lengths that differ and are both not 1
   *     at some axis, as NumPy's "operands could not be broadcast together with shapes (6, 5)
   *     (4,)", naming every shape and the axis (counted from the end, as broadcasting aligns)
   * @throws ArithmeticException if the broadcast size overflows a {@code long}
   */
  public static Shape broadcastShape(Shape... shapes) {
    if (shapes.length == 0) {
      throw new IllegalArgumentException("broadcasting needs at least one shape");
    }
    int rank = 0;
    for (Shape sh : shapes) {
      rank = Math.max(rank, sh.rank());
    }
    long[] out = new long[rank];
    Arrays.fill(out, 1);
    for (int fromEnd = 1; fromEnd <= rank; fromEnd++) {
      for (Shape sh : shapes) {
        int axis = sh.rank() - fromEnd;
        if (axis < 0) {
          continue;
        }
        long len = sh.dim(axis);
        long have = out[rank - fromEnd];
        if (len != 1 && have != 1 && len != have) {
          StringBuilder all = new StringBuilder();
          for (Shape t : shapes) {
            all.append(' ').append(t);
          }
          throw new IllegalArgumentException("operands could not be broadcast together with shapes"
              + all + ": axis -" + fromEnd + " has lengths " + have + " and " + len);
        }
        if (len != 1) {
          out[rank - fromEnd] = len;
        }
      }
    }
    Shape result = Shape.of(out);
    result.size(); // throws ArithmeticException if the size overflows a long
    return result;
  }

  /**
   * {@return whether broadcasting {@code small} to {@code big} only repeats it along
   * {@code big}'s leading axes: {@code small}'s axes, after any leading 1s, are {@code big}'s
   * last ones, length for length (as {@code row} in NumPy's {@code matrix + row}), so that
   * {@code big}'s elements in C order are {@code small}'s, in C order, again and again}
   *
   * <p>{@code [256]} and {@code [1, 256]} repeat along the leading axis of {@code [4096, 256]}
   * (and {@code [1, 1, 256]} does not: it broadcasts to rank 3); a column {@code [4096, 1]}
   * does not repeat so; a shape repeats along no axes to itself, and a 0-d shape repeats to any
   * shape.
   *
   * @param small the shape broadcast
   * @param big the shape broadcast to
   */
  public static boolean repeatsAlongLeadingAxes(Shape small, Shape big) {
    int rs = small.rank();
    int rb = big.rank();
    if (rs > rb) {
      return false; // the broadcast has small's rank, not big's
    }
    int j = 1; // small's trailing axes equal to big's
    while (j <= rs && small.dim(rs - j) == big.dim(rb - j)) {
      j++;
    }
    for (int i = rs - j; i >= 0; i--) {
      if (small.dim(i) != 1) {
        return false;
      }
    }
    return true;
  }

  private static int[] identity(int rank) {
    int[] p = new int[rank];
    for (int i = 0; i < rank; i++) {
      p[i] = i;
    }
    return p;
  }

  /**
   * The axes from outermost to innermost by NumPy's {@code npyiter_find_best_axis_ordering}: an
   * insertion sort from the innermost axis outwards, where an axis moves inside another only when
   * every operand with non-zero strides on both has a strictly smaller magnitude on it (and at
   * least one operand decides); C order is kept otherwise, so the sort is stable.
   */
  private static int[] bestAxisOrder(long[][] s, int rank) {
    // inner[i] is the axis at position i counted from the innermost, as NumPy's perm.
    int[] inner = new int[rank];
    for (int i = 0; i < rank; i++) {
      inner[i] = rank - 1 - i;
    }
    for (int i0 = 1; i0 < rank; i0++) {
      int a0 = inner[i0];
      int pos = i0;
      for (int i1 = i0 - 1; i1 >= 0; i1--) {
        int a1 = inner[i1];
        boolean ambiguous = true;
        boolean swap = false;
        for (long[] st : s) {
          if (st[a0] != 0 && st[a1] != 0) {
            if (Math.abs(st[a1]) <= Math.abs(st[a0])) {
              swap = false;
            } else if (ambiguous) {
              swap = true;
            }
            ambiguous = false;
          }
        }
        if (!ambiguous) {
          if (swap) {
            pos = i1;
          } else {
            break;
          }
        }
      }
      if (pos != i0) {
        System.arraycopy(inner, pos, inner, pos + 1, i0 - pos);
        inner[pos] = a0;
      }
    }
    int[] outerFirst = new int[rank];
    for (int i = 0; i < rank; i++) {
      outerFirst[i] = inner[rank - 1 - i];
    }
    return outerFirst;
  }

  /** Walks forwards every axis along which no operand steps forwards and one steps backwards. */
  private static void flipBackwardAxes(long[] d, long[][] s, long[] offsets) {
    for (int axis = 0; axis < d.length; axis++) {
      if (d[axis] <= 1) {
        continue;
      }
      boolean forwards = false;
      boolean backwards = false;
      for (long[] st : s) {
        forwards |= st[axis] > 0;
        backwards |= st[axis] < 0;
      }
      if (backwards && !forwards) {
        for (int op = 0; op < s.length; op++) {
          // The last element along the axis; fits a long, as every element offset of a layout.
          offsets[op] += (d[axis] - 1) * s[op][axis];
          s[op][axis] = -s[op][axis];
        }
      }
    }
  }

  /**
   * Advances to the next block.
   *
   * @return true if there is one, false when every block has been visited
   */
  public boolean next() {
    if (state == ON) {
      long[] c = counters;
      for (int axis = c.length - 1; axis >= 0; axis--) {
        if (++c[axis] < dims[axis]) {
          for (int op = 0; op < offsets.length; op++) {
            offsets[op] += strides[op][axis];
          }
          return true;
        }
        c[axis] = 0;
        for (int op = 0; op < offsets.length; op++) {
          offsets[op] -= backs[op][axis];
        }
      }
      state = DONE;
      return false;
    }
    if (state == BEFORE) {
      state = ON;
      return true;
    }
    return false;
  }

  /**
   * {@return the number of blocks of the walk: the product of the lengths of the axes outside
   * the block (1 when there are none), 0 when the shape is empty}
   */
  public long blocks() {
    if (empty) {
      return 0;
    }
    long n = 1;
    for (long d : dims) {
      n *= d; // at most the broadcast size, which fits a long
    }
    return n;
  }

  /**
   * {@return a new iterator over the same walk that starts at block {@code block} (counted from
   * 0 in the walk's order) and goes on to the end, whatever this one's position} Its first
   * {@link #next()} makes block {@code block} current: so disjoint ranges of blocks can be walked
   * by separate iterators, one per thread, each visiting its blocks in the walk's order.
   *
   * @param block in {@code [0, blocks()]}; {@code blocks()} gives an iterator with no block
   * @throws IllegalArgumentException if {@code block} is outside that range
   */
  public NdIter from(long block) {
    long total = blocks();
    if (block < 0 || block > total) {
      throw new IllegalArgumentException("block " + block + " is outside [0, " + total
          + "] of a walk of " + total + " blocks");
    }
    long[] o = start.clone();
    NdIter it = new NdIter(shape, axisOrder, count, rows, stride, rowStride, dims, strides, o,
        empty);
    if (block == total) {
      it.state = DONE;
    }
    long rest = block;
    for (int axis = dims.length - 1; axis >= 0 && rest > 0; axis--) {
      long c = rest % dims[axis];
      rest /= dims[axis];
      it.counters[axis] = c;
      for (int op = 0; op < o.length; op++) {
        o[op] += c * strides[op][axis];
      }
    }
    return it;
  }

  /**
   * {@return the storage offset of operand {@code op}'s first element in the current block}
   *
   * @param op the operand, in the order given to the factory
   * @throws IllegalStateException if {@link #next()} has not returned true
   */
  public long offset(int op) {
    if (state != ON) {
      throw new IllegalStateException("no current block: call next() first");
    }
    return offsets[op];
  }

  /** {@return the number of elements in each row of a block (0 when the shape is empty)} */
  public long count() {
    return count;
  }

  /** {@return the number of rows in each block, at least 1 (0 when the shape is empty)} */
  public long rows() {
    return rows;
  }

  /**
   * {@return operand {@code op}'s storage step between elements of a row (0 if broadcast)}
   *
   * @param op the operand, in the order given to the factory
   */
  public long stride(int op) {
    return stride[op];
  }

  /**
   * {@return operand {@code op}'s storage step from one row of a block to the next}
   *
   * @param op the operand, in the order given to the factory
   */
  public long rowStride(int op) {
    return rowStride[op];
  }

  /** {@return the number of operands} */
  public int operands() {
    return offsets.length;
  }

  /** {@return the broadcast shape the operands are walked over} */
  public Shape shape() {
    return shape;
  }

  /**
   * {@return the logical axes of {@link #shape()} from the outermost to the innermost of the
   * walk} The identity for {@link Order#C}; for the {@code KEEP} orders the memory order, which
   * is also the axis order in which to allocate an output that keeps the inputs' layout (NumPy's
   * {@code order='K'} for new arrays).
   */
  public int[] axisOrder() {
    return axisOrder == null ? identity(shape.rank()) : axisOrder.clone();
  }
}
