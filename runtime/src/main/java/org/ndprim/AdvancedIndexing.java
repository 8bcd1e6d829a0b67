package org.ndprim;

import java.util.ArrayList;
import java.util.List;
import org.ndprim.layout.Layout;

/**
 * NumPy's advanced indexing ({@code numpy/_core/src/multiarray/mapping.c}): the index math,
 * done once for every element type and storage, and the element moves of the gather
 * ({@code a[index]}) and the scatter ({@code a[index] = value}).
 *
 * <p>The rules, as NumPy's: integer arrays of any shape broadcast together; a boolean array is
 * its {@code nonzero()} (one integer array per axis it spans; a rank-0 boolean adds an axis of
 * length 1 indexed by {@code [0]} or {@code []}); once an array is present, integers count as
 * rank-0 integer arrays. The broadcast shape of the advanced entries replaces the axes they
 * index, in place when the advanced entries are adjacent in the spec, else at the front of the
 * result (a slice, {@code None} or {@code ...} between them separates them). The other entries
 * are basic indexing of the remaining axes.
 *
 * <p>The plan holds what gives the storage offset of each element of the broadcast shape (C
 * order) and the strided "subspace" the basic entries leave; the moves copy one subspace per
 * offset, through the storage's Java array when there is one and through the typed
 * {@link ScalarType#copy} of views otherwise. No array of offsets is made: a {@link Walk} streams
 * them in blocks of {@link #BLOCK} (a boolean mask is read flag by flag, NumPy's count of the
 * trues first giving the result's size; integer positions are checked, wrapped and turned into
 * offsets in the same pass), and one loop per storage primitive moves each block.
 */
final class AdvancedIndexing {
  /** Subspaces up to this many elements are moved element by element over Java arrays. */
  private static final int SMALL_SUBSPACE = 4096;

  /** Offsets streamed per block: 8 KiB of {@code long}s, within L1 with their partner block. */
  static final int BLOCK = 1024;

  /**
   * Per-thread offset blocks for the moves over Java arrays (the walks and {@link Kernels} call
   * no other code meanwhile, so one set per thread suffices and a call allocates none).
   */
  private static final ThreadLocal<long[][]> BLOCKS =
      ThreadLocal.withInitial(() -> new long[4][BLOCK]);

  private AdvancedIndexing() {}

  /** {@return whether any entry of {@code spec} is an array} */
  static boolean any(Index[] spec) {
    for (Index index : spec) {
      if (index.isAdvanced()) {
        return true;
      }
    }
    return false;
  }

  /** Where the advanced indices select, and the shape of the result. */
  static final class Plan {
    /** The shape of {@code a[index]}. */
    Shape result;
    /** The broadcast shape of the advanced entries. */
    long[] broadcast;
    /** The axis of {@link #result} where {@link #broadcast} starts. */
    int advPos;
    /** The number of subspaces: the size of {@link #broadcast}. */
    long count;
    /** The lengths and storage strides of the axes the basic entries leave, in result order. */
    long[] subDims;
    long[] subStrides;
    /** The storage offset of the view the basic entries leave. */
    long base;
    /** The integer arrays, in spec order, and their axes' lengths and storage strides. */
    List<Adv> advs;
    long[] lengths;
    long[] strides;
    /** The flags of the only advanced entry when it is a mask of rank 1 or more, else null. */
    boolean[] mask;
    /** The lengths and storage strides of the axes {@link #mask} spans. */
    long[] maskDims;
    long[] maskStrides;
    /** Whether {@link #check()} ran (else the walk checks the one integer array). */
    boolean checked;

    /**
     * Checks every position, each array in turn (NumPy's order, before anything is moved;
     * none when the broadcast shape is empty, as NumPy checks positions as it visits them).
     *
     * @throws IndexOutOfBoundsException NumPy's message for the first position out of bounds
     */
    void check() {
      checked = true;
      for (int j = 0; j < advs.size() && count > 0; j++) {
        long[] pos = advs.get(j).positions();
        if (pos == null) {
          continue; // a mask's positions are in bounds
        }
        long n = lengths[j];
        for (long x : pos) {
          long y = x < 0 ? x + n : x;
          if (y < 0 || y >= n) {
            throw outOfBounds(x, advs.get(j).inputAxis(), n);
          }
        }
      }
    }

    /** {@return a new walk over the storage offsets of the subspaces, C order} */
    Walk walk() {
      if (mask != null) {
        return new MaskWalk(mask, maskDims, maskStrides, base);
      }
      return new ArrayWalk(this);
    }
  }

  private static IndexOutOfBoundsException outOfBounds(long x, int axis, long n) {
    return new IndexOutOfBoundsException("index " + x + " is out of bounds for axis " + axis
        + " with size " + n);
  }

  /**
   * One integer array of the plan: positions (normalised as they are walked) on one axis of the
   * view; {@code null} positions for an axis of a mask that is walked flag by flag.
   */
  private record Adv(Shape shape, long[] positions, int viewAxis, int inputAxis) {}

  /**
   * Computes the plan of {@code spec}, which holds at least one array entry, on {@code l}.
   *
   * @throws IllegalArgumentException two ellipses; a boolean array whose shape differs from the
   *     axes it indexes; integer arrays that do not broadcast; a result too large for a Java
   *     array of offsets
   * @throws IllegalRankException if the spec indexes more axes than there are
   * @throws IndexOutOfBoundsException if a position is outside its axis
   */
  static Plan plan(Layout l, Index[] spec) {
    return plan(l, spec, null, false, null, "slice", 0);
  }

  /**
   * {@link #plan(Layout, Index[])}, calling {@code beforePositions} with the result's shape once
   * it is known and before any position is checked: NumPy's setitem checks the value's shape
   * there ({@code a[[5]] = [1, 2]} on a {@code (2, 3)} array is a shape mismatch, not an
   * {@code IndexError}). The positions are all checked here, unless {@code lazy} and there is one
   * integer array, whose walk checks them in order as it goes (the same first error, for a
   * gather into a new array that a failure discards).
   *
   * <p>The array entries are read here, once each, as they are now ({@link Index#positions}
   * refers to the caller's array): an entry whose memory is {@code guard} (the destination of an
   * assignment, {@link UfuncDriver#memory}) is copied first, so that the writes cannot change
   * which elements are selected.
   */
  static Plan plan(Layout l, Index[] spec, java.util.function.Consumer<Shape> beforePositions,
      boolean lazy, Object guard, String operation, int resultItemBytes) {
    long[] dims = l.shape().asArray();
    int rank = dims.length;
    int ellipses = 0;
    int consumed = 0;
    for (Index index : spec) {
      if (index.kind() == Index.Kind.ELLIPSIS) {
        ellipses++;
      } else if (index.kind() == Index.Kind.MASK) {
        consumed += index.arrayShape().rank();
      } else if (index.consumesAxis()) {
        consumed++;
      }
    }
    if (ellipses > 1) {
      throw new IllegalArgumentException("an index can only have a single ellipsis ('...')");
    }
    if (consumed > rank) {
      throw new IllegalRankException("too many indices for array: array is " + rank
          + "-dimensional, but " + consumed + " were indexed");
    }
    int advancedEntries = 0;
    for (Index index : spec) {
      if (index.isAdvanced() || index.kind() == Index.Kind.AT && !index.keepDim()) {
        advancedEntries++;
      }
    }
    boolean[] loneMask = null;
    int loneMaskAxis = -1;
    java.util.Map<Integer, Index> deferred = new java.util.LinkedHashMap<>();
    List<Index> basic = new ArrayList<>();
    List<Adv> advs = new ArrayList<>();
    int first = -1;
    int last = -1;
    boolean separated = false;
    int in = 0;
    int view = 0;
    for (int e = 0; e < spec.length; e++) {
      Index index = spec[e];
      boolean advanced = index.isAdvanced()
          || index.kind() == Index.Kind.AT && !index.keepDim();
      if (advanced) {
        if (last >= 0 && last != e - 1) {
          separated = true;
        }
        if (first < 0) {
          first = e;
        }
        last = e;
      }
      switch (index.kind()) {
        case AT:
          if (index.keepDim()) {
            basic.add(index);
          } else {
            basic.add(Indices.all());
            // NumPy checks an integer where it parses it, before any array
            long n = dims[in];
            long x = index.index();
            if (x < -n || x >= n) {
              throw new IndexOutOfBoundsException("index " + x + " is out of bounds for axis "
                  + in + " with size " + n);
            }
            advs.add(new Adv(Shape.scalar(), new long[] {x}, view, in));
          }
          view++;
          in++;
          break;
        case ARRAY:
          basic.add(Indices.all());
          // read once the result's shape is known and the copies are found to fit the heap
          deferred.put(advs.size(), index);
          advs.add(new Adv(index.arrayShape(), null, view++, in++));
          break;
        case MASK: {
          Shape ms = index.arrayShape();
          if (ms.rank() == 0) {
            basic.add(Indices.newAxis());
            boolean set = index.flags(guard)[0];
            advs.add(new Adv(Shape.of(set ? 1 : 0), new long[set ? 1 : 0], view++, -1));
            break;
          }
          for (int k = 0; k < ms.rank(); k++) {
            if (ms.dim(k) != dims[in + k]) {
              throw new IllegalArgumentException("boolean index did not match indexed array"
                  + " along axis " + (in + k) + "; size of axis is " + dims[in + k]
                  + " but size of corresponding boolean axis is " + ms.dim(k));
            }
          }
          if (advancedEntries == 1) {
            // the only advanced entry: its flags are walked, no positions are made
            boolean[] flags = index.flags(guard);
            int count = 0;
            for (boolean f : flags) {
              count += f ? 1 : 0;
            }
            loneMask = flags;
            loneMaskAxis = view;
            for (int k = 0; k < ms.rank(); k++) {
              basic.add(Indices.all());
              advs.add(new Adv(Shape.of(count), null, view++, in++));
            }
            break;
          }
          long[][] nz = nonzero("a boolean index", ms, index.flags(guard));
          for (int k = 0; k < ms.rank(); k++) {
            basic.add(Indices.all());
            advs.add(new Adv(Shape.of(nz[k].length), nz[k], view++, in++));
          }
          break;
        }
        case ELLIPSIS:
          basic.add(index);
          view += rank - consumed;
          in += rank - consumed;
          break;
        case NEW_AXIS:
          basic.add(index);
          view++;
          break;
        default: // RANGE
          basic.add(index);
          view++;
          in++;
      }
    }
    Layout v = l.slice(basic.toArray(new Index[0]));
    long[] vDims = v.shape().asArray();
    long[] vStrides = v.strides();
    for (int e = first; e <= last && !separated; e++) {
      if (!(spec[e].isAdvanced() || spec[e].kind() == Index.Kind.AT && !spec[e].keepDim())) {
        separated = true;
      }
    }
    long[] broadcast = broadcast(advs);
    int bRank = broadcast.length;
    long nB = 1;
    for (long d : broadcast) {
      nB = Math.multiplyExact(nB, d);
    }
    boolean[] isAdv = new boolean[vDims.length];
    for (Adv a : advs) {
      isAdv[a.viewAxis()] = true;
    }
    int subRank = vDims.length - advs.size();
    long[] subDims = new long[subRank];
    long[] subStrides = new long[subRank];
    int advPos = 0;
    for (int k = 0, s = 0; k < vDims.length; k++) {
      if (!isAdv[k]) {
        if (!separated && k < advs.get(0).viewAxis()) {
          advPos++;
        }
        subDims[s] = vDims[k];
        subStrides[s++] = vStrides[k];
      }
    }
    long[] result = new long[subRank + bRank];
    System.arraycopy(subDims, 0, result, 0, advPos);
    System.arraycopy(broadcast, 0, result, advPos, bRank);
    System.arraycopy(subDims, advPos, result, advPos + bRank, subRank - advPos);
    Plan p = new Plan();
    p.result = Shape.of(result);
    if (beforePositions != null) {
      beforePositions.accept(p.result);
    }
    if (nB > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException("advanced index of broadcast shape "
          + Shape.of(broadcast) + " selects " + nB + " subspaces, more than a Java array holds ("
          + ScalarType.MAX_ARRAY_SIZE + ")");
    }
    // the positions' int64 copies and the result (of a gather) are held at once: refused
    // together, before any of them is made
    long bytes;
    try {
      bytes = resultItemBytes == 0 ? 0 : StridedNdArray.bytes(p.result.size(), resultItemBytes);
    } catch (ArithmeticException e) {
      bytes = 0; // a size beyond a long: the result's allocation refuses it, with its message
    }
    for (Index index : deferred.values()) {
      long more = index.copyBytes(guard);
      bytes = StridedNdArray.sumBytes(bytes, more);
    }
    StridedNdArray.requireHeap(operation, p.result, bytes);
    for (java.util.Map.Entry<Integer, Index> e : deferred.entrySet()) {
      Adv a = advs.get(e.getKey());
      advs.set(e.getKey(), new Adv(a.shape(), e.getValue().positions(guard), a.viewAxis(),
          a.inputAxis()));
    }
    p.broadcast = broadcast;
    p.advPos = advPos;
    p.count = nB;
    p.subDims = subDims;
    p.subStrides = subStrides;
    p.base = v.offset();
    p.advs = advs;
    p.lengths = new long[advs.size()];
    p.strides = new long[advs.size()];
    for (int j = 0; j < advs.size(); j++) {
      p.lengths[j] = vDims[advs.get(j).viewAxis()];
      p.strides[j] = vStrides[advs.get(j).viewAxis()];
    }
    if (loneMask != null) {
      int k = advs.size();
      p.mask = loneMask;
      p.maskDims = java.util.Arrays.copyOfRange(vDims, loneMaskAxis, loneMaskAxis + k);
      p.maskStrides = java.util.Arrays.copyOfRange(vStrides, loneMaskAxis, loneMaskAxis + k);
    } else if (!lazy || advs.size() > 1) {
      p.check();
    }
    return p;
  }

  /**
   * The storage offsets of a sequence of subspaces, streamed in blocks: the only per-element
   * work of the index math, in loops over Java arrays (called once per block, never per
   * element).
   */
  abstract static class Walk {
    /**
     * Writes the next {@code n} offsets into {@code out[0, n)}.
     *
     * @throws IndexOutOfBoundsException for a position outside its axis (NumPy's message)
     */
    abstract void next(long[] out, int n);
  }

  /** The offsets {@code base + b * step}, or an odometer over strided axes. */
  static final class StridedWalk extends Walk {
    private long offset;
    private final long step;
    private final Odometer odometer;

    /** The offsets of the elements of {@code dims} with {@code strides} from {@code base}. */
    StridedWalk(long[] dims, long[] strides, long base) {
      int last = -1;
      boolean flat = true;
      for (int k = 0; k < dims.length; k++) {
        if (dims[k] == 1) {
          continue; // no step along it
        }
        if (last >= 0 && strides[last] != strides[k] * dims[k]) {
          flat = false;
        }
        last = k;
      }
      this.offset = base;
      this.step = last < 0 ? 0 : strides[last];
      this.odometer = flat ? null : new Odometer(dims, strides, base);
    }

    /** The offsets {@code base, base + step, ...}. */
    StridedWalk(long base, long step) {
      this.offset = base;
      this.step = step;
      this.odometer = null;
    }

    @Override
    void next(long[] out, int n) {
      Odometer o = odometer;
      if (o == null) {
        long at = offset;
        long s = step;
        for (int i = 0; i < n; i++) {
          out[i] = at + i * s;
        }
        offset = at + n * s;
        return;
      }
      for (int i = 0; i < n; i++, o.next()) {
        out[i] = o.offset;
      }
    }
  }

  /**
   * The offsets where a boolean mask is true, C order over the axes it spans: one branch-free
   * pass over the flags (a flattenable span walks its flat position, any other an odometer).
   */
  static final class MaskWalk extends Walk {
    private final boolean[] flags;
    private final long base;
    private final long step;
    private final Odometer odometer;
    private int at;

    MaskWalk(boolean[] flags, long[] dims, long[] strides, long base) {
      StridedWalk flat = new StridedWalk(dims, strides, base);
      this.flags = flags;
      this.base = base;
      this.step = flat.step;
      this.odometer = flat.odometer;
    }

    /** The flags, C order over every element of {@code l}. */
    MaskWalk(boolean[] flags, Layout l) {
      this.flags = flags;
      this.base = l.offset();
      boolean run = l.isSingleRun();
      this.step = run && l.size() > 1 ? l.runStride() : 0;
      this.odometer = run ? null : new Odometer(l.shape().asArray(), l.strides(), l.offset());
    }

    @Override
    void next(long[] out, int n) {
      boolean[] f = flags;
      int i = at;
      int k = 0;
      Odometer o = odometer;
      if (o == null) {
        long b = base;
        long s = step;
        while (k < n) {
          out[k] = b + i * s;
          k += f[i++] ? 1 : 0;
        }
      } else {
        while (k < n) {
          out[k] = o.offset;
          k += f[i++] ? 1 : 0;
          o.next();
        }
      }
      at = i;
    }
  }

  /**
   * The offsets of integer arrays broadcast together: each position checked against its axis,
   * wrapped when negative and scaled by the axis' stride in one pass over the block.
   */
  static final class ArrayWalk extends Walk {
    private final long base;
    private final long[][] positions;
    private final long[] lengths;
    private final long[] strides;
    private final int[] axes;
    /** Per array, the odometer picking its position when it is broadcast, else null. */
    private final Odometer[] picks;
    private int next;

    ArrayWalk(Plan p) {
      int n = p.advs.size();
      this.base = p.base;
      this.positions = new long[n][];
      this.lengths = p.lengths;
      this.strides = p.strides;
      this.axes = new int[n];
      this.picks = new Odometer[n];
      for (int j = 0; j < n; j++) {
        Adv a = p.advs.get(j);
        positions[j] = a.positions();
        axes[j] = a.inputAxis();
        if (a.shape().rank() != p.broadcast.length || a.positions().length != p.count) {
          picks[j] = new Odometer(p.broadcast, broadcastStrides(a.shape(), p.broadcast), 0);
        }
      }
    }

    @Override
    void next(long[] out, int n) {
      int from = next;
      for (int j = 0; j < positions.length; j++) {
        long[] pos = positions[j];
        long len = lengths[j];
        long s = strides[j];
        long b = j == 0 ? base : 0;
        boolean add = j > 0;
        Odometer o = picks[j];
        if (o == null && !add) {
          for (int i = 0; i < n; i++) {
            long x = pos[from + i];
            long y = x < 0 ? x + len : x;
            if (y < 0 || y >= len) {
              throw outOfBounds(x, axes[j], len);
            }
            out[i] = b + y * s;
          }
        } else if (o == null) {
          for (int i = 0; i < n; i++) {
            long x = pos[from + i];
            long y = x < 0 ? x + len : x;
            if (y < 0 || y >= len) {
              throw outOfBounds(x, axes[j], len);
            }
            out[i] += y * s;
          }
        } else {
          for (int i = 0; i < n; i++, o.next()) {
            long x = pos[(int) o.offset];
            long y = x < 0 ? x + len : x;
            if (y < 0 || y >= len) {
              throw outOfBounds(x, axes[j], len);
            }
            out[i] = (add ? out[i] : b) + y * s;
          }
        }
      }
      next = from + n;
    }
  }

  /**
   * NumPy's {@code nonzero()} of a boolean array: one array of positions per axis, refused
   * before they are allocated when they and the {@code flags} (still held) need more than the
   * heap, naming {@code operation}.
   */
  static long[][] nonzero(String operation, Shape shape, boolean[] flags) {
    int count = 0;
    for (boolean f : flags) {
      if (f) {
        count++;
      }
    }
    int rank = shape.rank();
    int trues = count;
    StridedNdArray.requireHeap(operation, shape, flags.length + 8L * rank * trues);
    long[][] out = new long[rank][count];
    if (rank == 1) {
      for (int i = 0, k = 0; k < count; i++) {
        if (flags[i]) {
          out[0][k++] = i;
        }
      }
      return out;
    }
    long[] idx = new long[rank];
    for (int i = 0, k = 0; i < flags.length; i++) {
      if (flags[i]) {
        for (int d = 0; d < rank; d++) {
          out[d][k] = idx[d];
        }
        k++;
      }
      for (int d = rank - 1; d >= 0; d--) {
        if (++idx[d] < shape.dim(d)) {
          break;
        }
        idx[d] = 0;
      }
    }
    return out;
  }

  /** NumPy's broadcast of the index arrays, with its message. */
  private static long[] broadcast(List<Adv> advs) {
    int rank = 0;
    for (Adv a : advs) {
      rank = Math.max(rank, a.shape().rank());
    }
    long[] out = new long[rank];
    java.util.Arrays.fill(out, 1);
    for (Adv a : advs) {
      Shape s = a.shape();
      for (int k = 0; k < s.rank(); k++) {
        int at = rank - s.rank() + k;
        long d = s.dim(k);
        if (d != 1 && out[at] != 1 && out[at] != d) {
          StringBuilder all = new StringBuilder();
          for (Adv b : advs) {
            if (b.shape().rank() > 0) { // NumPy lists the arrays, not the integers
              all.append(all.length() == 0 ? "" : " ").append(packed(b.shape()));
            }
          }
          throw new IllegalArgumentException("shape mismatch: indexing arrays could not be"
              + " broadcast together with shapes " + all);
        }
        if (d != 1) {
          out[at] = d;
        }
      }
    }
    return out;
  }

  /** NumPy's shape in its indexing messages: {@code (2,)}, {@code (1,2)}, without spaces. */
  private static String packed(Shape s) {
    StringBuilder sb = new StringBuilder("(");
    for (int k = 0; k < s.rank(); k++) {
      sb.append(k == 0 ? "" : ",").append(s.dim(k));
    }
    return sb.append(s.rank() == 1 ? ",)" : ")").toString();
  }

  /** C-order strides of {@code shape} broadcast to {@code target} (0 on stretched axes). */
  static long[] broadcastStrides(Shape shape, long[] target) {
    long[] out = new long[target.length];
    long stride = 1;
    for (int k = shape.rank() - 1; k >= 0; k--) {
      int at = target.length - shape.rank() + k;
      out[at] = shape.dim(k) == 1 ? 0 : stride;
      stride *= shape.dim(k);
    }
    return out;
  }

  /** Walks the coordinates of {@code dims} in C order, keeping an offset with given strides. */
  static final class Odometer {
    private final long[] dims;
    private final long[] strides;
    private final long[] idx;
    long offset;

    Odometer(long[] dims, long[] strides, long offset) {
      this.dims = dims;
      this.strides = strides;
      this.idx = new long[dims.length];
      this.offset = offset;
    }

    void next() {
      for (int d = dims.length - 1; d >= 0; d--) {
        offset += strides[d];
        if (++idx[d] < dims[d]) {
          return;
        }
        offset -= strides[d] * dims[d];
        idx[d] = 0;
      }
    }
  }

  /** {@return the offsets of every element of {@code dims} with {@code strides}, C order} */
  private static long[] offsets(long[] dims, long[] strides, long base, int count) {
    long[] out = new long[count];
    Odometer o = new Odometer(dims, strides, base);
    for (int i = 0; i < count; i++, o.next()) {
      out[i] = o.offset;
    }
    return out;
  }

  /**
   * NumPy's {@code a[spec]} with at least one array entry: a new C-order array, never a view.
   */
  @SuppressWarnings("unchecked")
  static <A extends NdArray> A gather(StridedNdArray<A> src, Index[] spec) {
    Plan p = plan(src.layout(), spec, null, true, null, "slice", src.scalarType().itemSize());
    ScalarType<A> type = (ScalarType<A>) src.scalarType();
    A out = type.zeros(p.result);
    if (p.result.size() == 0) {
      if (!p.checked) {
        p.check(); // NumPy checks the positions even when the subspace is empty
      }
      return out;
    }
    StridedNdArray<?> to = (StridedNdArray<?>) out;
    long[] cs = to.layout().strides();
    long[] toSub = new long[p.subDims.length];
    for (int k = 0, s = 0; k < cs.length; k++) {
      if (k < p.advPos || k >= p.advPos + p.broadcast.length) {
        toSub[s++] = cs[k];
      }
    }
    // the broadcast axes of a C-order result are one run of subspaces
    long bStride = p.broadcast.length == 0 ? 0 : cs[p.advPos + p.broadcast.length - 1];
    move(type, src, p.walk(), p.subStrides, to, new StridedWalk(to.layout().offset(), bStride),
        toSub, p.subDims, p.count);
    return out;
  }

  /**
   * NumPy's {@code dst[spec] = value}: {@code value} cast (unsafe, as NumPy's
   * {@code __setitem__}) to {@code dst}'s type and broadcast to the indexed shape; everything is
   * checked before the first element is written.
   */
  @SuppressWarnings("unchecked")
  static <A extends NdArray> void assign(StridedNdArray<A> dst, NdArray value, Index[] spec) {
    ScalarType<A> type = (ScalarType<A>) dst.scalarType();
    if (assignedThroughMask(type, dst, value, spec)) {
      return;
    }
    boolean advanced = any(spec);
    java.util.function.Consumer<Shape> valueFits = target -> {
      if (spec.length == 1 && spec[0].kind() == Index.Kind.MASK
          && spec[0].arrayShape().rank() == dst.rank()) {
        // NumPy's own path for a[mask] = value with a mask of the array's rank
        if (value.rank() > 1) {
          throw new IllegalArgumentException("NumPy boolean array indexing assignment requires"
              + " a 0 or 1-dimensional input, input has " + value.rank() + " dimensions");
        }
        if (value.rank() == 1 && value.size() != 1 && value.size() != target.size()) {
          throw new IllegalArgumentException("NumPy boolean array indexing assignment cannot"
              + " assign " + value.size() + " input values to the " + target.size()
              + " output values where the mask is true");
        }
      }
      assignStrides(value, target, advanced);
    };
    Plan p = advanced ? plan(dst.layout(), spec, valueFits, false, UfuncDriver.memory(dst),
        "assign", 0)
        : null;
    Shape target = advanced ? p.result : dst.layout().slice(spec).shape();
    if (!advanced) {
      valueFits.accept(target);
    }
    long[] vStrides = assignStrides(value, target, advanced);
    NdArray v = value.scalarType() == type && !dst.mayShareMemory(value) ? value
        : value.astype(type);
    if (v != value) {
      vStrides = assignStrides(v, target, advanced);
    }
    if (target.size() == 0) {
      return;
    }
    StridedNdArray<?> from = (StridedNdArray<?>) v;
    if (!advanced) {
      Layout t = dst.layout().slice(spec);
      Layout vl = Layout.of(from.layout().offset(), t.shape().asArray(), vStrides);
      type.copy(from.asStrided(vl), dst.asStrided(t));
      return;
    }
    // value axes in the order of the plan: broadcast axes first, then the subspace
    int bRank = p.broadcast.length;
    long[] vB = new long[bRank];
    long[] vSub = new long[p.subDims.length];
    for (int k = 0, s = 0; k < vStrides.length; k++) {
      if (k >= p.advPos && k < p.advPos + bRank) {
        vB[k - p.advPos] = vStrides[k];
      } else {
        vSub[s++] = vStrides[k];
      }
    }
    Walk fromBase = new StridedWalk(p.broadcast, vB, from.layout().offset());
    move(type, from, fromBase, vSub, dst, p.walk(), p.subStrides, p.subDims, p.count);
  }

  /**
   * NumPy's own path for {@code a[mask] = value} ({@code array_assign_boolean_subscript} in
   * {@code mapping.c}): a lone boolean index of the array's whole shape and a value of one element
   * or of one element per true flag. The flags are walked straight over the destination's
   * layout, with no plan: the positions need no check, and the value only the size check, so the
   * assignment allocates nothing of its own where the value is of the destination's type (the
   * per-thread offset blocks are reused). Returns false, having done nothing, for every other
   * index or value, which the general path takes (with its messages).
   */
  private static <A extends NdArray> boolean assignedThroughMask(ScalarType<A> type,
      StridedNdArray<A> dst, NdArray value, Index[] spec) {
    if (spec.length != 1 || spec[0].kind() != Index.Kind.MASK || dst.rank() == 0
        || value.rank() > 1 || !spec[0].arrayShape().equals(dst.shape())) {
      return false;
    }
    boolean[] flags = spec[0].flags(UfuncDriver.memory(dst));
    long count = 0;
    for (boolean f : flags) {
      count += f ? 1 : 0;
    }
    if (value.size() != 1 && value.size() != count) {
      return false; // NumPy's message, from the general path
    }
    NdArray v = value.scalarType() == type && !dst.mayShareMemory(value) ? value
        : value.astype(type);
    if (count == 0) {
      return true;
    }
    StridedNdArray<?> from = (StridedNdArray<?>) v;
    Layout vl = from.layout();
    Walk values = new StridedWalk(vl.offset(), v.size() == 1 ? 0 : vl.runStride());
    move(type, from, values, NO_AXES, dst, new MaskWalk(flags, dst.layout()), NO_AXES, NO_AXES,
        count);
    return true;
  }

  private static final long[] NO_AXES = new long[0];

  /**
   * Checks that {@code value} broadcasts to the result {@code target} of an advanced index, as
   * {@link #assign} checks it, for callers that must check it before positions they check
   * themselves (NumPy's setitem order).
   *
   * @throws IllegalArgumentException naming both shapes and the axis that does not broadcast
   */
  static void checkValue(NdArray value, Shape target) {
    assignStrides(value, target, true);
  }

  /**
   * {@return the strides of {@code value} broadcast to {@code target} (NumPy's setitem rule:
   * leading axes of length 1 of the value may be dropped)}
   *
   * @throws IllegalArgumentException naming both shapes and the axis that does not broadcast
   */
  private static long[] assignStrides(NdArray value, Shape target, boolean advanced) {
    Shape vs = value.shape();
    long[] st = value.layout().strides();
    int drop = 0;
    while (vs.rank() - drop > target.rank() && vs.dim(drop) == 1) {
      drop++;
    }
    int vr = vs.rank() - drop;
    long[] out = new long[target.rank()];
    int bad = vr > target.rank() ? 0 : -1;
    for (int k = 0; k < vr && bad < 0; k++) {
      int at = target.rank() - vr + k;
      long d = vs.dim(drop + k);
      if (d == target.dim(at)) {
        out[at] = st[drop + k];
      } else if (d == 1) {
        out[at] = 0;
      } else {
        bad = drop + k;
      }
    }
    if (bad >= 0) {
      String why = vr > target.rank()
          ? "the value has more axes (" + vs.rank() + ") than the destination (" + target.rank()
              + ")"
          : "axis " + bad + " of the value has length " + vs.dim(bad) + ", where the destination"
              + " has " + target.dim(target.rank() - vr + bad - drop);
      if (advanced) {
        throw new IllegalArgumentException("shape mismatch: value array of shape " + packed(vs)
            + " could not be broadcast to indexing result of shape " + packed(target) + ": "
            + why);
      }
      throw new IllegalArgumentException("could not broadcast input array from shape "
          + packed(vs) + " into shape " + packed(target) + ": " + why);
    }
    return out;
  }

  /**
   * Copies, for each of the {@code count} subspaces in turn, the subspace of {@code dims} at the
   * next offset of {@code fromBase} (strides {@code fromSub}) of {@code from} to the one at the
   * next offset of {@code toBase} (strides {@code toSub}) of {@code to}, in order (so a repeated
   * destination keeps the last value).
   */
  private static void move(ScalarType<?> type, StridedNdArray<?> from, Walk fromBase,
      long[] fromSub, StridedNdArray<?> to, Walk toBase, long[] toSub, long[] dims, long count) {
    long subSize = 1;
    for (long d : dims) {
      subSize *= d;
    }
    Object fa = UfuncDriver.javaArray(from, type);
    Object ta = UfuncDriver.javaArray(to, type);
    if (fa != null && ta != null && subSize <= SMALL_SUBSPACE) {
      long[][] blocks = BLOCKS.get();
      long[] fb = blocks[0];
      long[] tb = blocks[1];
      int slots = type.slots();
      if (subSize == 1 && slots == 1) {
        // a gather into a new array writes one run: no block of destination offsets
        StridedWalk run = toBase instanceof StridedWalk w && w.odometer == null && w.step == 1
            ? w : null;
        for (long done = 0; done < count; ) {
          int n = (int) Math.min(BLOCK, count - done);
          fromBase.next(fb, n);
          if (run != null) {
            Kernels.gather(fa, fb, ta, run.offset, n);
            run.offset += n;
          } else {
            toBase.next(tb, n);
            Kernels.move(fa, fb, ta, tb, n);
          }
          done += n;
        }
        return;
      }
      // each subspace element (and each slot of a complex one) as its own pair of offsets
      long[] fr = offsets(dims, fromSub, 0, (int) subSize);
      long[] tr = offsets(dims, toSub, 0, (int) subSize);
      long[] fe = blocks[2];
      long[] te = blocks[3];
      int e = 0;
      for (long done = 0; done < count; ) {
        int n = (int) Math.min(BLOCK, count - done);
        fromBase.next(fb, n);
        toBase.next(tb, n);
        for (int b = 0; b < n; b++) {
          for (int s = 0; s < fr.length; s++) {
            long fi = (fb[b] + fr[s]) * slots;
            long ti = (tb[b] + tr[s]) * slots;
            for (int k = 0; k < slots; k++) {
              fe[e] = fi + k;
              te[e++] = ti + k;
              if (e == BLOCK) {
                Kernels.move(fa, fe, ta, te, e);
                e = 0;
              }
            }
          }
        }
        done += n;
      }
      Kernels.move(fa, fe, ta, te, e);
      return;
    }
    // other storages (and large subspaces): one typed copy of views per subspace
    long[] fb = new long[BLOCK];
    long[] tb = new long[BLOCK];
    for (long done = 0; done < count; ) {
      int n = (int) Math.min(BLOCK, count - done);
      fromBase.next(fb, n);
      toBase.next(tb, n);
      for (int b = 0; b < n; b++) {
        NdArray x = from.asStrided(Layout.of(fb[b], dims, fromSub));
        NdArray y = to.asStrided(Layout.of(tb[b], dims, toSub));
        type.copy(x, y);
      }
      done += n;
    }
  }

  /**
   * The element moves over Java arrays, one block of offsets at a time: a loop per storage
   * primitive, the only per-type code (the offsets are walked once, above, for every type, and
   * the loops are called once per block, never per element).
   */
  private static final class Kernels {
    private Kernels() {}

    /** {@code t[to + i] = f[fo[i]]} for each {@code i < n}: a gather into one run. */
    static void gather(Object f, long[] fo, Object t, long to, int n) {
      int t0 = (int) to;
      if (f instanceof double[] x) {
        double[] y = (double[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof float[] x) {
        float[] y = (float[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof long[] x) {
        long[] y = (long[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof int[] x) {
        int[] y = (int[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof short[] x) {
        short[] y = (short[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof char[] x) {
        char[] y = (char[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else if (f instanceof byte[] x) {
        byte[] y = (byte[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      } else {
        boolean[] x = (boolean[]) f;
        boolean[] y = (boolean[]) t;
        for (int i = 0; i < n; i++) {
          y[t0 + i] = x[(int) fo[i]];
        }
      }
    }

    /** {@code t[to[i]] = f[fo[i]]} for each {@code i < n}, in order. */
    static void move(Object f, long[] fo, Object t, long[] to, int n) {
      if (f instanceof double[] x) {
        double[] y = (double[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof float[] x) {
        float[] y = (float[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof long[] x) {
        long[] y = (long[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof int[] x) {
        int[] y = (int[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof short[] x) {
        short[] y = (short[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof char[] x) {
        char[] y = (char[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else if (f instanceof byte[] x) {
        byte[] y = (byte[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      } else {
        boolean[] x = (boolean[]) f;
        boolean[] y = (boolean[]) t;
        for (int i = 0; i < n; i++) {
          y[(int) to[i]] = x[(int) fo[i]];
        }
      }
    }
  }
}
