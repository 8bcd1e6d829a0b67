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
 * <p>The plan is a list of storage offsets, one per element of the broadcast shape (C order),
 * and the strided "subspace" the basic entries leave; the moves copy one subspace per offset,
 * through the storage's Java array when there is one and through the typed
 * {@link ScalarType#copy} of views otherwise.
 */
final class AdvancedIndexing {
  /** Subspaces up to this many elements are moved element by element over Java arrays. */
  private static final int SMALL_SUBSPACE = 4096;

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
    /** The storage offset of each subspace, C order over {@link #broadcast}. */
    long[] offsets;
    /** The lengths and storage strides of the axes the basic entries leave, in result order. */
    long[] subDims;
    long[] subStrides;
  }

  /** One integer array of the plan: positions (normalised later) on one axis of the view. */
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
    return plan(l, spec, null);
  }

  /**
   * {@link #plan(Layout, Index[])}, calling {@code beforePositions} with the result's shape once
   * it is known and before any position is checked: NumPy's setitem checks the value's shape
   * there ({@code a[[5]] = [1, 2]} on a {@code (2, 3)} array is a shape mismatch, not an
   * {@code IndexError}).
   */
  static Plan plan(Layout l, Index[] spec, java.util.function.Consumer<Shape> beforePositions) {
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
          advs.add(new Adv(index.arrayShape(), index.positions(), view++, in++));
          break;
        case MASK: {
          Shape ms = index.arrayShape();
          if (ms.rank() == 0) {
            basic.add(Indices.newAxis());
            boolean set = index.flags()[0];
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
          long[][] nz = nonzero(ms, index.flags());
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
          + Shape.of(broadcast) + " selects " + nB + " subspaces, more than a Java array of"
          + " offsets holds (" + ScalarType.MAX_ARRAY_SIZE + ")");
    }
    // bounds, in NumPy's order: each array in turn, before anything is gathered; NumPy checks
    // positions as it visits them, so none when the broadcast shape is empty
    // the positions normalised, one array per index array, and the offsets: 8 bytes each
    ScalarType.requireHeap("an advanced index of broadcast shape " + Shape.of(broadcast)
        + " (" + nB + " positions)", nB > Long.MAX_VALUE / 8 / (advs.size() + 1) ? Long.MAX_VALUE
            : 8 * nB * (advs.size() + 1));
    long[][] normalized = new long[advs.size()][];
    for (int j = 0; j < advs.size() && nB > 0; j++) {
      Adv a = advs.get(j);
      long n = vDims[a.viewAxis()];
      long[] pos = a.positions();
      long[] out = new long[pos.length];
      for (int i = 0; i < pos.length; i++) {
        long x = pos[i];
        long y = x < 0 ? x + n : x;
        if (y < 0 || y >= n) {
          throw new IndexOutOfBoundsException("index " + x + " is out of bounds for axis "
              + a.inputAxis() + " with size " + n);
        }
        out[i] = y;
      }
      normalized[j] = out;
    }
    long[] offsets = new long[(int) nB];
    java.util.Arrays.fill(offsets, v.offset());
    for (int j = 0; j < advs.size() && nB > 0; j++) {
      Adv a = advs.get(j);
      long stride = vStrides[a.viewAxis()];
      long[] pos = normalized[j];
      if (a.shape().rank() == bRank && pos.length == nB) {
        for (int b = 0; b < nB; b++) {
          offsets[b] += pos[b] * stride;
        }
      } else {
        long[] bs = broadcastStrides(a.shape(), broadcast);
        Odometer o = new Odometer(broadcast, bs, 0);
        for (int b = 0; b < nB; b++, o.next()) {
          offsets[b] += pos[(int) o.offset] * stride;
        }
      }
    }
    p.broadcast = broadcast;
    p.advPos = advPos;
    p.offsets = offsets;
    p.subDims = subDims;
    p.subStrides = subStrides;
    return p;
  }

  /** NumPy's {@code nonzero()} of a boolean array: one array of positions per axis. */
  static long[][] nonzero(Shape shape, boolean[] flags) {
    int count = 0;
    for (boolean f : flags) {
      if (f) {
        count++;
      }
    }
    int rank = shape.rank();
    ScalarType.requireHeap("a boolean index of shape " + shape + " true at " + count
        + " positions", 8L * rank * count);
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
    Plan p = plan(src.layout(), spec);
    ScalarType<A> type = (ScalarType<A>) src.scalarType();
    A out = type.zeros(p.result);
    if (p.result.size() == 0) {
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
    long bStride = p.broadcast.length == 0 ? 0 : cs[p.advPos + p.broadcast.length - 1];
    long[] toBase = new long[p.offsets.length];
    long base = to.layout().offset();
    for (int b = 0; b < toBase.length; b++) {
      toBase[b] = base + b * bStride;
    }
    move(type, src, p.offsets, p.subStrides, to, toBase, toSub, p.subDims);
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
    boolean advanced = any(spec);
    java.util.function.Consumer<Shape> valueFits = target -> {
      if (spec.length == 1 && spec[0].kind() == Index.Kind.MASK
          && spec[0].arrayShape().rank() == dst.rank() && dst.rank() > 0) {
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
    Plan p = advanced ? plan(dst.layout(), spec, valueFits) : null;
    Shape target = advanced ? p.result : dst.layout().slice(spec).shape();
    if (!advanced) {
      valueFits.accept(target);
    }
    long[] vStrides = assignStrides(value, target, advanced);
    NdArray v = value.scalarType() == type && !sharesMemory(value, dst) ? value
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
    long[] fromBase = offsets(p.broadcast, vB, from.layout().offset(), p.offsets.length);
    move(type, from, fromBase, vSub, dst, p.offsets, p.subStrides, p.subDims);
  }

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

  /** Whether {@code a} and {@code b} are over the same memory. */
  private static boolean sharesMemory(NdArray a, NdArray b) {
    Object x = a instanceof StridedNdArray<?> s ? s.storage() : null;
    Object y = b instanceof StridedNdArray<?> t ? t.storage() : null;
    if (x instanceof StridedNdArray<?> xp) {
      x = xp.storage();
    }
    if (y instanceof StridedNdArray<?> yp) {
      y = yp.storage();
    }
    return x != null && x == y;
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
   * Copies, for each {@code b}, the subspace of {@code dims} at {@code fromBase[b]} (strides
   * {@code fromSub}) of {@code from} to the one at {@code toBase[b]} (strides {@code toSub}) of
   * {@code to}, in order of {@code b} (so a repeated destination keeps the last value).
   */
  private static void move(ScalarType<?> type, StridedNdArray<?> from, long[] fromBase,
      long[] fromSub, StridedNdArray<?> to, long[] toBase, long[] toSub, long[] dims) {
    long subSize = 1;
    for (long d : dims) {
      subSize *= d;
    }
    Object fa = UfuncDriver.javaArray(from, type);
    Object ta = UfuncDriver.javaArray(to, type);
    if (fa != null && ta != null && subSize <= SMALL_SUBSPACE) {
      int slots = type.slots();
      long[] fr = offsets(dims, fromSub, 0, (int) subSize);
      long[] tr = offsets(dims, toSub, 0, (int) subSize);
      if (slots != 1) {
        scale(fromBase = fromBase.clone(), slots);
        scale(toBase = toBase.clone(), slots);
        scale(fr, slots);
        scale(tr, slots);
      }
      Kernels.move(fa, fromBase, fr, ta, toBase, tr, slots);
      return;
    }
    for (int b = 0; b < fromBase.length; b++) {
      NdArray x = from.asStrided(Layout.of(fromBase[b], dims, fromSub));
      NdArray y = to.asStrided(Layout.of(toBase[b], dims, toSub));
      type.copy(x, y);
    }
  }

  private static void scale(long[] a, int by) {
    for (int i = 0; i < a.length; i++) {
      a[i] *= by;
    }
  }

  /**
   * The element moves over Java arrays, one loop per storage primitive (the only per-type code:
   * the offsets are computed once, above, for every type).
   */
  private static final class Kernels {
    private Kernels() {}

    static void move(Object f, long[] fb, long[] fr, Object t, long[] tb, long[] tr, int slots) {
      int n = fb.length;
      int m = fr.length;
      if (m == 1 && slots == 1) {
        long fo = fr[0];
        long to = tr[0];
        if (f instanceof double[] x && t instanceof double[] y) {
          for (int b = 0; b < n; b++) {
            y[(int) (tb[b] + to)] = x[(int) (fb[b] + fo)];
          }
          return;
        }
        if (f instanceof float[] x && t instanceof float[] y) {
          for (int b = 0; b < n; b++) {
            y[(int) (tb[b] + to)] = x[(int) (fb[b] + fo)];
          }
          return;
        }
      }
      for (int b = 0; b < n; b++) {
        for (int s = 0; s < m; s++) {
          int fi = (int) (fb[b] + fr[s]);
          int ti = (int) (tb[b] + tr[s]);
          for (int k = 0; k < slots; k++) {
            one(f, fi + k, t, ti + k);
          }
        }
      }
    }

    private static void one(Object f, int fi, Object t, int ti) {
      if (f instanceof double[] x) {
        ((double[]) t)[ti] = x[fi];
      } else if (f instanceof float[] x) {
        ((float[]) t)[ti] = x[fi];
      } else if (f instanceof long[] x) {
        ((long[]) t)[ti] = x[fi];
      } else if (f instanceof int[] x) {
        ((int[]) t)[ti] = x[fi];
      } else if (f instanceof short[] x) {
        ((short[]) t)[ti] = x[fi];
      } else if (f instanceof char[] x) {
        ((char[]) t)[ti] = x[fi];
      } else if (f instanceof byte[] x) {
        ((byte[]) t)[ti] = x[fi];
      } else {
        ((boolean[]) t)[ti] = ((boolean[]) f)[fi];
      }
    }
  }
}
