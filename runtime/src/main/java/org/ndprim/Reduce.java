package org.ndprim;

import org.ndprim.layout.AxisLines;
import org.ndprim.layout.Layout;
import org.ndprim.layout.NdIter;
import org.ndprim.layout.ReducedAxes;
import org.ndprim.layout.RunCursor;

/**
 * The reductions over several axes and the accumulations of every generated array type, once for
 * all types: {@code sum}, {@code prod}, {@code min}, {@code max}, {@code mean}, {@code var},
 * {@code std}, {@code countNonzero} (and {@code any}, {@code all} through it), {@code cumsum},
 * {@code cumprod}, as NumPy's. The generated {@code <Type>NdArray} interfaces call these; user
 * code calls those.
 *
 * <p><b>How.</b> An array is read through its <em>carrier</em>, as {@code astype} reads it:
 * {@code double} for floating-point types (exact), {@code long} for integers, {@code char} and
 * {@code boolean} (0, 1; the bits of a {@code uint64}). An array over a Java {@code double[]} or
 * {@code long[]} of its own values is read in place; any other array (another element type,
 * buffer, chunked or mapped storage) is cast to carrier copies part by part, each at most
 * {@value #PART} elements, so a reduction of a file larger than the heap needs memory for its
 * result and one part (see {@code walk}; cumulative sums and products still copy whole). A float
 * sum's pairwise run longer than a part (along a very long axis, or over every axis) is cast a
 * stage of {@value #BLOCK} elements at a time into one reused array, and its pairwise tree walked
 * leaf by leaf as those stages arrive: the bits of a whole copy, in a few stages of memory.
 * The arithmetic is the input dtype's, as NumPy's loops: {@code float64} in {@code double};
 * {@code float32} and {@code bfloat16} in {@code float} (each operation rounded to
 * {@code float}, exact through {@code double}); {@code float16} in {@code float}, each stored
 * result rounded to {@code float16} as NumPy's half loops store it; integers wrap in 64 bits.
 *
 * <p><b>Order.</b> The input is walked with the result stretched over it ({@link
 * ReducedAxes#outputOperand(int[])}) by {@link NdIter} in {@link NdIter.Order#KEEP_DIRECTIONS} order,
 * as NumPy's reduction walks its iterator: axes in memory order, each in its logical direction.
 * When the innermost walked axis is a reduced one, each inner run is summed pairwise (NumPy's
 * {@code pairwise_sum}: blocks of 128 in eight accumulators) and added to its result element;
 * where NumPy casts the input into its iterator's buffer first (a {@code mean} of integers in
 * {@code float64} and of {@code float16} in {@code float32}, the mean inside {@code var} and
 * {@code std} of integers), it sums each buffer of {@value #BLOCK} from the run's start pairwise
 * and adds them in order, and so does this;
 * otherwise the elements are added to their result elements one by one, in order. So float sums
 * of a C-contiguous array over any axes equal {@code np.sum}'s bit for bit; for other layouts
 * NumPy may order its axes otherwise (it allocates its result in the input's memory order), and
 * a sum then differs at most within the pairwise error bound. Products, minima and maxima are
 * sequential, as NumPy's.
 *
 * <p><b>Threads.</b> A reduction of at least two grains of input elements (2^20 each; the system
 * property {@code ndprim.parallel.reduceGrain} sets it) is
 * split across {@link Parallelism}'s threads where the split cannot change a bit: over axes, each
 * thread reduces its own result elements completely, in the order above (a kept axis is cut,
 * {@link ReducedAxes#cut}); the exact reductions (integer sums and products, which wrap;
 * {@code min} and {@code max}, whose partial extremes combine to the whole's, the first NaN
 * propagating; {@code countNonzero}, {@code any}, {@code all}) with a small result also cut the
 * outermost reduced axis, each thread reducing its part into its own copy of the result, combined
 * in part order. A float sum's long pairwise runs are split at the pairwise tree's own nodes, as
 * the typed {@code sum()}'s. A float product, and a float sum, {@code mean}, {@code var} or
 * {@code std} over axes that leave no kept axis to cut (over every axis, say), whose grouping
 * would change their rounding, stay on one thread but for those pairwise runs.
 * {@code cumsum} and {@code cumprod} run on one thread. The generated arrays' own
 * {@code argMin}/{@code argMax} (whole and along an axis), {@code min()}, {@code max()} and
 * {@code sum()} split through {@link #argExtreme(Layout, FirstExtreme, LaterWins)},
 * {@link #argExtreme(Layout, int, long[], LinesExtreme, LaterWins)}, {@link #wrappingSum} and
 * {@link #pairwise(long, long, long, boolean, PairwiseRun)}, with the same grains and cuts.
 *
 * <p><b>Complex arrays.</b> {@code countNonzero}, {@code any} and {@code all} take them (an
 * element is nonzero when either part is); every other reduction here throws
 * {@link UnsupportedOperationException} for them, before any work: the typed complex arrays'
 * {@code sum()}, {@code sum(int axis)} and {@code mean()} sum them.
 */
public final class Reduce {
  /** The arithmetic of an input dtype. */
  private enum Arith {
    F64, F32, F16, SIGNED, UNSIGNED;

    boolean floating() {
      return this == F64 || this == F32 || this == F16;
    }

    /** An accumulator's value after an operation: {@code float} precision but for float64. */
    double acc(double v) {
      return this == F64 ? v : (double) (float) v;
    }

    /** A value stored in the dtype (a ufunc's output element): float16 rounds to float16. */
    double val(double v) {
      switch (this) {
        case F64:
          return v;
        case F16:
          return Float16Scalar.toLogical(Float16Scalar.toStorage((float) v));
        default:
          return (float) v;
      }
    }
  }

  private static final int SUM = 0;
  private static final int PROD = 1;
  private static final int MIN = 2;
  private static final int MAX = 3;
  private static final int SQUARES = 4;

  private Reduce() {}

  // ------------------------------------------------------------------------------ dtypes

  private static Arith arith(ScalarType<?> t) {
    Class<?> logical = t.logicalType();
    if (t.kind() == 'c' || t.slots() != 1) {
      // complex values are two parts: summing, multiplying or ordering the parts one by one would
      // give a wrong answer, so refuse (counts and any/all take complex arrays, through truth)
      throw new UnsupportedOperationException("Reduce does not sum, multiply, order, average or"
          + " accumulate " + t.name() + " arrays (complex): reduce the real() and imag() views");
    }
    if (logical == double.class) {
      return Arith.F64;
    }
    if (logical == float.class) {
      return t.kind() == 'f' && t.itemSize() == 2 ? Arith.F16 : Arith.F32;
    }
    if (t.slots() != 1 || !(logical.isPrimitive())) {
      throw new UnsupportedOperationException("no reductions for " + t.name());
    }
    return t.kind() == 'u' && logical == long.class ? Arith.UNSIGNED : Arith.SIGNED;
  }

  /**
   * {@return the dtype NumPy's {@code np.sum}, {@code np.prod}, {@code np.cumsum} and
   * {@code np.cumprod} give for {@code t}} {@code int64} for booleans, signed integers and
   * {@code char}; {@code uint64} for unsigned integers; for a floating-point type stored in
   * another format than its values ({@code float16}) the type itself; else {@code float32} or
   * {@code float64} by the values' precision ({@code bfloat16} sums to {@code float32}).
   *
   * @param t the input's type
   */
  public static ScalarType<?> sumType(ScalarType<?> t) {
    if (t.kind() == 'c') {
      return t; // NumPy's complex sums keep the type (which Reduce itself refuses)
    }
    Class<?> logical = t.logicalType();
    if (logical == float.class || logical == double.class) {
      if (t.kind() == 'f' && t.storageType() != logical) {
        return t;
      }
      return logical == float.class ? FloatNdArray.TYPE : DoubleNdArray.TYPE;
    }
    return t.kind() == 'u' ? UInt64NdArray.TYPE : LongNdArray.TYPE;
  }

  /**
   * {@return the dtype of {@code np.mean}, {@code np.var} and {@code np.std} of {@code t}}
   * {@code float64} for booleans, integers and {@code char}; for floating-point types as
   * {@link #sumType}.
   *
   * @param t the input's type
   */
  public static ScalarType<?> meanType(ScalarType<?> t) {
    if (t.kind() == 'c') {
      return t;
    }
    Arith a = arith(t);
    return a.floating() ? sumType(t) : DoubleNdArray.TYPE;
  }

  // ------------------------------------------------------------------------------ carriers

  /** An array's elements as carrier values over a Java array, with their layout. */
  private static final class Carrier {
    final double[] d;
    final long[] l;
    final Layout layout;
    /** The axes of {@link #layout} in memory order, outermost first. */
    final int[] order;

    /** The carrier as an array, for a copy (reduced in place by a second walk); else null. */
    final NdArray array;

    Carrier(double[] d, long[] l, Layout layout) {
      this(d, l, layout, null);
    }

    Carrier(double[] d, long[] l, Layout layout, NdArray array) {
      this.d = d;
      this.l = l;
      this.layout = layout;
      this.array = array;
      this.order = ReducedAxes.of(layout.shape(), false).memoryOrder(layout);
    }
  }

  /**
   * The most elements a reduction copies into one carrier part (1 MiB of carrier values): an
   * input that is not read in place is reduced part by part, so that a reduction of a mapped file
   * needs memory for its result and one part, not for a copy of the file.
   */
  static final int PART = 1 << 17;

  /** The part size in use: {@link #PART}; tests lower it to cut small inputs into many parts. */
  static int partSize = PART;

  /** The most elements {@code var} copies whole for its two walks; tests lower it with parts. */
  static int varCopyLimit = 1 << 22;

  /**
   * The fewest input elements worth a thread in a reduction: a reduction splits from two grains
   * on (one part per grain, at most {@link Parallelism#maxThreads()}). Measured (docs/jdk.md,
   * "Threads"); the system property {@code ndprim.parallel.reduceGrain} overrides it, and tests
   * lower it so that small arrays split.
   */
  static volatile int grain =
      Parallelism.intProperty("ndprim.parallel.reduceGrain", 1 << 20, 1, true);

  /**
   * A kernel over one part of the input: its carrier, the result operand over that part, and the
   * result buffer it reduces into ({@code double[]} or {@code long[]}).
   */
  private interface PartKernel {
    void run(Carrier part, Layout out, Object buffer);
  }

  /**
   * NumPy's buffer length ({@code NPY_BUFSIZE}): where NumPy casts the input into its buffer
   * before summing (a mean of integers in {@code float64}, of {@code float16} in
   * {@code float32}), a run is summed as blocks of this many, each pairwise, added in order.
   */
  static final int BLOCK = BufferedSum.LENGTH;

  /**
   * The most elements a run longer than a part is cast in at a time ({@link RunReader}): one
   * buffer of NumPy's; tests lower it to cut small runs into many stages.
   */
  static int stageSize = BLOCK;

  /**
   * The float sums ({@code SUM}, or {@code SQUARES} of the deviations from {@code mean}) in
   * {@code ar}, {@code blocked} where NumPy's iterator casts the input into its buffer first
   * ({@link #run}). Also reduces a run longer than a part, read piece by piece
   * ({@link #runLong}), with the bits of the walk over its whole copy.
   */
  private static final class Sums implements PartKernel {
    final Arith ar;
    final int op;
    final double[] mean;
    final boolean blocked;

    Sums(Arith ar, int op, double[] mean, boolean blocked) {
      this.ar = ar;
      this.op = op;
      this.mean = mean;
      this.blocked = blocked;
    }

    @Override
    public void run(Carrier part, Layout out, Object buffer) {
      accumulate(part, out, ar, op, (double[]) buffer, mean, blocked);
    }

    /**
     * Reduces {@code run} (its elements in C order are one run of the walk) into
     * {@code out[o]}, as {@link #accumulate} reduces a run of a whole copy into it: a pairwise
     * sum over the whole run (or its blocks), read through a {@link RunReader} a stage at a time.
     */
    void runLong(NdArray run, int o, double[] out) {
      double m = mean == null ? 0 : mean[o];
      boolean sq = op == SQUARES;
      long n = run.size();
      double acc = out[o];
      if (blocked) {
        RunReader in = new RunReader(run);
        for (long k = 0; k < n; k += BLOCK) {
          int b = (int) Math.min(BLOCK, n - k);
          in.ensure(b);
          acc = ar.acc(acc + pairwise(in.w, in.pos, 1, b, ar, sq, m));
          in.pos += b;
        }
      } else {
        acc = ar.acc(acc + split(run, n, sq, m, Parallelism.splitDepth(n, ParallelSum.grain)));
      }
      out[o] = ar.val(acc);
    }

    /**
     * The pairwise sum of {@code run}, its top {@code depth} levels of nodes on two threads each
     * where the run is one axis (its halves are slices, each read by its own reader), as
     * {@link #pairwise(double[], int, int, int, Arith, boolean, double, int)} splits them.
     */
    private double split(NdArray run, long n, boolean sq, double m, int depth) {
      int axis = -1;
      for (int i = 0; i < run.rank(); i++) {
        if (run.shape().dim(i) != 1) {
          axis = axis == -1 ? i : -2;
        }
      }
      if (depth == 0 || n <= 128 || axis < 0) {
        return stream(new RunReader(run), n, sq, m);
      }
      long n2 = n / 2 - (n / 2) % 8;
      Index[] lo = new Index[run.rank()];
      Index[] hi = new Index[run.rank()];
      java.util.Arrays.fill(lo, Indices.all());
      java.util.Arrays.fill(hi, Indices.all());
      lo[axis] = Indices.range(0, n2);
      hi[axis] = Indices.range(n2, n);
      double[] halves = new double[2];
      Parallelism.forParts(2, q -> halves[q] = q == 0
          ? split(run.slice(lo), n2, sq, m, depth - 1)
          : split(run.slice(hi), n - n2, sq, m, depth - 1));
      return ar.acc(halves[0] + halves[1]);
    }

    /** NumPy's pairwise sum of the next {@code n} elements of {@code in}: its leaves in order. */
    private double stream(RunReader in, long n, boolean sq, double m) {
      if (n <= 128) {
        in.ensure((int) n);
        double s = pairwise(in.w, in.pos, 1, (int) n, ar, sq, m);
        in.pos += (int) n;
        return s;
      }
      long n2 = n / 2 - (n / 2) % 8;
      double left = stream(in, n2, sq, m);
      return ar.acc(left + stream(in, n - n2, sq, m));
    }
  }

  /**
   * Reads the elements of a view in C order as carrier {@code double}s, a stage of at most
   * {@link #stageSize} elements at a time cast into one reused array (the view cut as
   * {@link #walkPart} cuts parts: the outer axes fixed, a range of the next), so a run of any
   * length needs a few stages of memory. {@link #ensure} makes the next elements {@code w[pos ..]}.
   */
  private static final class RunReader {
    private final NdArray v;
    private final long[] dims;
    private final int j;
    private final long step;
    private final long[] at;
    private final Index[] spec;
    private long from;
    private final int stage;
    private final double[] staged;
    private final CastWriter<DoubleNdArray> writer;
    /** The window: {@code w[pos .. lim)} read and not yet taken. */
    final double[] w;
    int pos;
    private int lim;

    RunReader(NdArray v) {
      this.v = v;
      int rank = v.rank();
      this.stage = stageSize;
      this.dims = v.shape().asArray();
      long[] inner = new long[rank];
      for (int i = rank - 1; i >= 0; i--) {
        inner[i] = i == rank - 1 ? 1 : inner[i + 1] * dims[i + 1];
      }
      int jj = 0;
      while (jj < rank - 1 && inner[jj] > stage) {
        jj++;
      }
      this.j = jj;
      this.step = Math.max(1, stage / inner[jj]);
      this.at = new long[jj];
      this.spec = new Index[rank];
      for (int i = jj + 1; i < rank; i++) {
        spec[i] = Indices.all();
      }
      this.staged = new double[stage];
      this.writer = CastWriter.into(DoubleNdArray.TYPE,
          DoubleNdArray.TYPE.wrapStorage(Shape.of(stage), staged));
      this.w = new double[stage + BLOCK];
    }

    /** Makes {@code w[pos .. pos + n)} the next {@code n} elements, {@code n <= BLOCK}. */
    void ensure(int n) {
      if (lim - pos >= n) {
        return;
      }
      System.arraycopy(w, pos, w, 0, lim - pos);
      lim -= pos;
      pos = 0;
      while (lim < n) {
        lim += next(lim);
      }
    }

    /** Casts the next piece of the view into {@code w} at {@code to}; returns its size. */
    private int next(int to) {
      if (from >= dims[j]) {
        int i = j - 1;
        while (i >= 0 && ++at[i] == dims[i]) {
          at[i] = 0;
          i--;
        }
        if (i < 0) {
          throw new IllegalStateException("read past the end of " + v.layout());
        }
        from = 0;
      }
      for (int i = 0; i < j; i++) {
        spec[i] = Indices.range(at[i], at[i] + 1);
      }
      long to2 = Math.min(from + step, dims[j]);
      spec[j] = Indices.range(from, to2);
      from = to2;
      NdArray piece = v.slice(spec);
      int n = (int) piece.size();
      if (piece instanceof StridedNdArray) {
        writer.restart(n);
        ((StridedNdArray<?>) piece).castAll(writer).finish();
        System.arraycopy(staged, 0, w, to, n);
      } else { // not reached: every array is strided; a C-order float64 copy of the piece
        System.arraycopy((double[]) ((StridedNdArray<?>) piece.astype(DoubleNdArray.TYPE))
            .reductionStorage(), 0, w, to, n);
      }
      return n;
    }
  }

  /**
   * Combines the partial results {@code later} of a later part of the input into {@code acc},
   * element by element, as the walk would have continued: for the exact reductions only.
   */
  private interface Combine {
    void into(Object acc, Object later);
  }

  /**
   * Runs {@code kernel} over the carrier of {@code a} with the result operand of {@code r} over
   * it, in the order NumPy walks the input, and returns the axes in memory order that the result
   * is stored in (for {@link #result}).
   *
   * <p>An array read in place is one part. Any other is copied in parts of at most {@link #PART}
   * elements, cut along its memory order (the outermost axes fixed, a range of the next): the
   * parts are walked one after the other in the order the whole would be walked, and no part cuts
   * the innermost run of reduced axes, which is summed pairwise as one run. So every result has
   * the bits of a walk over a whole copy. Where that run alone is larger than a part (a sum over
   * every axis, or along a very long last axis), each run is read a stage at a time
   * ({@link #longRuns}), with the same bits.
   */
  private static int[] walk(NdArray a, ReducedAxes r, boolean doubles, Object out,
      PartKernel kernel) {
    return walk(a, r, doubles, false, out, kernel, null);
  }

  /**
   * As {@link #walk(NdArray, ReducedAxes, boolean, Object, PartKernel)}; {@code orderFree} for a
   * kernel whose result does not depend on how runs are grouped (extremes, counts, integer sums
   * and products, which wrap exactly in any order): its parts may cut any run, so no input is
   * copied whole.
   *
   * <p><b>Threads.</b> An input of at least two {@link #grain}s is split into parts that run on
   * {@link Parallelism#forParts}, cut by {@link ReducedAxes#cut}: along a kept axis, each part
   * reduces its own result elements into {@code out} completely, in the order of the whole walk,
   * so every reduction (float sums included) has the bits of one thread. Along the outermost
   * reduced axis, only with {@code combine} (exact reductions): each part reduces into its own
   * copy of {@code out} as it was (the identity), and the copies are combined into {@code out}
   * in part order, which is the walk's order along that axis. Without a cut (a float product or
   * sum over every axis), one thread walks it all.
   */
  private static int[] walk(NdArray a, ReducedAxes r, boolean doubles, boolean orderFree,
      Object out, PartKernel kernel, Combine combine) {
    int parts = Parallelism.parts(a.size(), grain);
    if (parts > 1) {
      int[] order = r.memoryOrder(a.layout());
      ReducedAxes.Cut cut = r.cut(order, parts, combine != null);
      if (cut != null) {
        Layout operand = r.outputOperand(order);
        Object[] buffers = new Object[cut.parts()];
        buffers[0] = out;
        for (int q = 1; q < buffers.length; q++) {
          buffers[q] = cut.combines() ? copyOf(out) : out;
        }
        int rank = a.rank();
        Parallelism.forParts(cut.parts(), q -> {
          Index[] spec = cut.spec(rank, q);
          walkPart(a.slice(spec), r, operand.slice(spec), doubles, orderFree, kernel,
              buffers[q]);
        });
        if (cut.combines()) {
          for (int q = 1; q < buffers.length; q++) {
            combine.into(out, buffers[q]);
          }
        }
        return order;
      }
    }
    return walkPart(a, r, null, doubles, orderFree, kernel, out);
  }

  private static Object copyOf(Object buffer) {
    return buffer instanceof double[] ? ((double[]) buffer).clone() : ((long[]) buffer).clone();
  }

  /**
   * One thread's walk of {@code a}, with the result operand {@code out} over it (null: the one of
   * {@code r} in the order of the carrier), into {@code buffer}.
   */
  private static int[] walkPart(NdArray a, ReducedAxes r, Layout operand, boolean doubles,
      boolean orderFree, PartKernel kernel, Object buffer) {
    Carrier in = inPlace(a, doubles);
    if (in != null) {
      kernel.run(in, operand != null ? operand : r.outputOperand(in.order), buffer);
      return in.order;
    }
    int rank = a.rank();
    int[] order = ReducedAxes.of(a.shape(), false).memoryOrder(a.layout());
    // t: the first axis, in memory order, of the innermost run of reduced axes, which the walk
    // coalesces into one pairwise run (axes of length 1 do not separate reduced axes)
    int t = rank;
    while (!orderFree && t > 0
        && (r.isReduced(order[t - 1]) || a.shape().dim(order[t - 1]) == 1)) {
      t--;
    }
    int part = partSize;
    long[] dims = new long[rank];
    long[] inner = new long[rank]; // elements per index of each axis, in memory order
    for (int i = rank - 1; i >= 0; i--) {
      dims[i] = a.shape().dim(order[i]);
      inner[i] = i == rank - 1 ? 1 : inner[i + 1] * dims[i + 1];
    }
    if (a.size() > part && (t == 0 ? a.size() : inner[t - 1]) > part
        && kernel instanceof Sums) {
      longRuns(a, order, t, operand != null ? operand : r.outputOperand(order), (Sums) kernel,
          (double[]) buffer);
      return order;
    }
    if (a.size() <= part || t == 0) {
      Carrier c = copy(a, doubles);
      kernel.run(c, operand != null ? operand : r.outputOperand(c.order), buffer);
      return c.order;
    }
    int j = 0; // the axis cut into ranges: the outermost whose index holds at most PART
    while (j < t - 1 && inner[j] > part) {
      j++;
    }
    long step = Math.max(1, part / inner[j]);
    Layout out = operand != null ? operand : r.outputOperand(order);
    Index[] spec = new Index[rank];
    long[] at = new long[j];
    for (int i = j + 1; i < rank; i++) {
      spec[order[i]] = Indices.all();
    }
    while (true) {
      for (int i = 0; i < j; i++) {
        spec[order[i]] = Indices.range(at[i], at[i] + 1);
      }
      for (long from = 0; from < dims[j]; from += step) {
        spec[order[j]] = Indices.range(from, Math.min(from + step, dims[j]));
        kernel.run(copy(a.slice(spec), doubles), out.slice(spec), buffer);
      }
      int i = j - 1;
      while (i >= 0 && ++at[i] == dims[i]) {
        at[i] = 0;
        i--;
      }
      if (i < 0) {
        return order;
      }
    }
  }

  /**
   * The float sums of an input whose innermost run of reduced axes (the axes {@code order[t]} on,
   * in memory order) holds more than a part: each run (one index of the axes before it, in
   * order) is read a stage at a time and reduced into its result element
   * ({@link Sums#runLong}), never copied whole.
   */
  private static void longRuns(NdArray a, int[] order, int t, Layout operand, Sums kernel,
      double[] buffer) {
    int rank = a.rank();
    NdArray inOrder = a.permute(order);
    Layout out = operand.permute(order);
    long[] at = new long[rank];
    Index[] spec = new Index[rank];
    for (int i = t; i < rank; i++) {
      spec[i] = Indices.all();
    }
    while (true) {
      for (int i = 0; i < t; i++) {
        spec[i] = Indices.range(at[i], at[i] + 1);
      }
      kernel.runLong(inOrder.slice(spec), (int) out.offsetOf(at), buffer);
      int i = t - 1;
      while (i >= 0 && ++at[i] == inOrder.shape().dim(i)) {
        at[i] = 0;
        i--;
      }
      if (i < 0) {
        return;
      }
    }
  }

  /** The carrier of {@code a}, in {@code double} or (else) {@code long}. */
  private static Carrier carrier(NdArray a, boolean doubles) {
    Carrier in = inPlace(a, doubles);
    return in != null ? in : copy(a, doubles);
  }

  /**
   * The carrier of an array whose storage holds its carrier values, else null. Null too for a
   * view of more elements than a Java array holds (a broadcast): the kernels count a run in
   * {@code int}, so such a view is walked in parts, its long float runs in stages.
   */
  private static Carrier inPlace(NdArray a, boolean doubles) {
    if (a.size() > ScalarType.MAX_ARRAY_SIZE) {
      return null;
    }
    if (a instanceof StridedNdArray) {
      Object s = ((StridedNdArray<?>) a).reductionStorage();
      if (doubles ? s instanceof double[] : s instanceof long[]) {
        return doubles ? new Carrier((double[]) s, null, a.layout())
            : new Carrier(null, (long[]) s, a.layout());
      }
    }
    return null;
  }

  /** A carrier copy of {@code a}; of a complex part, of its {@link #truth} (for counts). */
  private static Carrier copy(NdArray a, boolean doubles) {
    if (a.scalarType().slots() != 1) {
      a = truth(a);
    }
    // Copied in the input's memory order (its axes permuted outermost first, then back), so that
    // the copy is walked in the order NumPy walks the input.
    int[] order = ReducedAxes.of(a.shape(), false).memoryOrder(a.layout());
    NdArray inOrder = a.permute(order);
    NdArray copy = doubles ? inOrder.astype(DoubleNdArray.TYPE)
        : inOrder.astype(LongNdArray.TYPE);
    Object s = copy instanceof StridedNdArray ? ((StridedNdArray<?>) copy).reductionStorage()
        : null;
    if (doubles ? !(s instanceof double[]) : !(s instanceof long[])) {
      throw new IllegalArgumentException("cannot reduce an array of shape " + a.shape() + " of "
          + a.scalarType().name() + ": its " + (doubles ? "float64" : "int64")
          + " copy does not fit a Java array");
    }
    NdArray back = copy.permute(ReducedAxes.positions(order));
    return new Carrier(doubles ? (double[]) s : null, doubles ? null : (long[]) s,
        back.layout(), back);
  }

  /**
   * The length of a result's Java array of 8-byte carriers: refused with a message when it does
   * not fit a Java array or the heap, before anything is allocated (no OutOfMemoryError).
   */
  private static int size(ReducedAxes r) {
    return size("", r.outputSize(), r.outputShape());
  }

  /** As {@link #size(ReducedAxes)}, the message led by {@code operation}, e.g. "cumsum: ". */
  private static int size(String operation, long n, Shape shape) {
    if (n > ScalarType.MAX_ARRAY_SIZE) {
      throw new IllegalArgumentException(operation + "cannot allocate a result of shape " + shape
          + ": it has " + n + " elements, more than a Java array holds ("
          + ScalarType.MAX_ARRAY_SIZE + ")");
    }
    ScalarType.requireHeap(n * Long.BYTES,
        () -> operation + "cannot allocate a result of shape " + shape);
    return (int) n;
  }

  /**
   * The result array of {@code type} from values stored in the order of {@code c}'s walk (C order
   * of {@link ReducedAxes#storedShape}): a C-order array when that is C order, else a view of one
   * with the input's axes, as NumPy's result of a Fortran-order input is Fortran-order.
   */
  private static <A extends NdArray> A result(Class<A> type, ScalarType<?> t, Arith a,
      ReducedAxes r, int[] order, double[] d, long[] l) {
    Shape stored = r.storedShape(order);
    NdArray out = d != null ? t.fromDoubles(stored, d)
        : a == Arith.UNSIGNED ? t.fromUnsignedLongs(stored, l)
        : t.fromLongs(stored, l);
    if (!isIdentity(order)) {
      out = out.permute(ReducedAxes.positions(order));
    }
    if (!r.outputShape().equals(r.keptShape())) {
      for (int axis = r.keptShape().rank() - 1; axis >= 0; axis--) {
        if (r.isReduced(axis)) {
          out = out.squeeze(axis);
        }
      }
    }
    return type.cast(out);
  }

  private static boolean isIdentity(int[] order) {
    for (int i = 0; i < order.length; i++) {
      if (order[i] != i) {
        return false;
      }
    }
    return true;
  }

  // ------------------------------------------------------------------------------ reductions

  /**
   * The axes of a ufunc reduction ({@code sum}, {@code prod}, {@code min}/{@code max},
   * {@code any}/{@code all}, {@code countNonzero}): one axis 0 or -1 of a 0-d array is no axis,
   * as NumPy's {@code ufunc.reduce} takes an integer {@code axis} there ({@code np.sum(np.float64(2),
   * axis=0)} is 2.0); {@code mean}, {@code var} and {@code std} refuse it, as NumPy's do.
   */
  private static int[] ufuncAxes(NdArray a, int[] axes) {
    return a.rank() == 0 && axes.length == 1 && (axes[0] == 0 || axes[0] == -1) ? new int[0]
        : axes;
  }

  /**
   * {@return the sums over {@code axes}, as NumPy's {@code np.sum(a, axis, keepdims=keepdims)}, in
   * {@link #sumType}: 0 for no elements}
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type, {@code sumType(a.scalarType()).arrayType()}
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes (negative from the end); none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static <A extends NdArray> A sum(NdArray a, Class<A> type, boolean keepdims,
      int... axes) {
    return arithmetic(a, type, SUM, keepdims, ufuncAxes(a, axes));
  }

  /**
   * {@return the products over {@code axes}, as NumPy's {@code np.prod}, in {@link #sumType}: 1
   * for no elements; multiplied in order, integers wrapping}
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static <A extends NdArray> A prod(NdArray a, Class<A> type, boolean keepdims,
      int... axes) {
    return arithmetic(a, type, PROD, keepdims, ufuncAxes(a, axes));
  }

  /**
   * {@return the minima ({@code max}: maxima) over {@code axes}, as NumPy's {@code np.min}, in
   * the input's type: a NaN propagates}
   *
   * @param <A> the result's array type, the input's
   * @param a the input
   * @param type the result's array type
   * @param max whether the maxima
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IllegalStateException if the reduced axes hold no element, as NumPy's even when the
   *     result is empty ("zero-size array to reduction operation minimum which has no identity")
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static <A extends NdArray> A extreme(NdArray a, Class<A> type, boolean max,
      boolean keepdims, int... axes) {
    arith(a.scalarType()); // refuses complex arrays before any work
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, ufuncAxes(a, axes));
    r.requireElements(max ? "maximum" : "minimum");
    Arith ar = arith(a.scalarType());
    int op = max ? MAX : MIN;
    if (ar.floating()) {
      double[] out = new double[size(r)];
      java.util.Arrays.fill(out, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
      int[] order = walk(a, r, true, true, out,
          (c, o, b) -> accumulate(c, o, ar, op, (double[]) b, null, false), combine(ar, op));
      return result(type, a.scalarType(), ar, r, order, out, null);
    }
    long[] out = new long[size(r)];
    boolean unsigned = ar == Arith.UNSIGNED;
    java.util.Arrays.fill(out, max ? (unsigned ? 0 : Long.MIN_VALUE)
        : (unsigned ? -1 : Long.MAX_VALUE));
    int[] order = walk(a, r, false, true, out,
        (c, o, b) -> accumulate(c, o, ar, op, (long[]) b), combine(ar, op));
    return result(type, a.scalarType(), ar, r, order, null, out);
  }

  private static <A extends NdArray> A arithmetic(NdArray a, Class<A> type, int op,
      boolean keepdims, int... axes) {
    arith(a.scalarType()); // refuses complex arrays before any work
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, axes);
    ScalarType<?> t = a.scalarType();
    Arith ar = arith(t);
    ScalarType<?> to = sumType(t);
    if (ar.floating()) {
      double[] out = new double[size(r)];
      if (op == PROD) {
        java.util.Arrays.fill(out, 1);
      }
      // products are sequential, so any grouping of the runs gives their bits; sums are pairwise.
      // Neither is associative: parts of the input are not combined (no combine), so a product
      // or sum over every axis runs on one thread (a float sum's long runs split pairwise: run)
      int[] order = walk(a, r, true, op == PROD, out,
          op == PROD ? (c, o, b) -> accumulate(c, o, ar, op, (double[]) b, null, false)
              : new Sums(ar, SUM, null, false), null);
      return result(type, to, ar, r, order, out, null);
    }
    long[] out = new long[size(r)];
    if (op == PROD) {
      java.util.Arrays.fill(out, 1);
    }
    int[] order = walk(a, r, false, true, out,
        (c, o, b) -> accumulate(c, o, ar, op, (long[]) b), combine(ar, op));
    return result(type, to, ar, r, order, null, out);
  }

  /**
   * {@return the means over {@code axes}, as NumPy's {@code np.mean}, in {@link #meanType}: the
   * sum divided by the count} Integers are summed in {@code float64}, {@code float16} in
   * {@code float32} and the mean rounded to {@code float16}, as NumPy's {@code _mean}. NaN for no
   * elements (where NumPy also warns "Mean of empty slice").
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static <A extends NdArray> A mean(NdArray a, Class<A> type, boolean keepdims,
      int... axes) {
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, axes);
    Arith ar = arith(a.scalarType());
    Arith in = ar == Arith.F16 ? Arith.F32 : ar.floating() ? ar : Arith.F64;
    double[] m = new double[size(r)];
    // NumPy's _mean sums integers with dtype=float64 and float16 with dtype=float32: its iterator
    // casts them into its buffer, and each buffer's pairwise sum is added to the total (blocked)
    int[] order = walk(a, r, true, m, new Sums(in, SUM, null, in != ar));
    means(m, r, in);
    if (ar == Arith.F16) {
      for (int i = 0; i < m.length; i++) {
        m[i] = Arith.F16.val(m[i]);
      }
    }
    return result(type, meanType(a.scalarType()), Arith.F64, r, order, m, null);
  }

  /** The sums {@code m} divided by the count, in place. */
  private static double[] means(double[] m, ReducedAxes r, Arith ar) {
    double n = r.count();
    for (int i = 0; i < m.length; i++) {
      m[i] = ar.val(m[i] / n);
    }
    return m;
  }

  /**
   * {@return the variances over {@code axes} ({@code std}: their square roots), as NumPy's
   * {@code np.var(a, axis, ddof=ddof, keepdims=keepdims)}, in {@link #meanType}} As NumPy's
   * {@code _var}: the mean (the sum divided by the count), then the sum of the squared deviations
   * from it, each step in the dtype's arithmetic ({@code float64} for integers), divided by
   * {@code max(count - ddof, 0)}. NaN for no elements, and a division by zero (NaN or infinity)
   * when {@code ddof >= count} (NumPy warns "Degrees of freedom &lt;= 0 for slice").
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type
   * @param std whether the standard deviations
   * @param ddof the delta degrees of freedom, 0 for the population variance
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static <A extends NdArray> A var(NdArray a, Class<A> type, boolean std, double ddof,
      boolean keepdims, int... axes) {
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, axes);
    Arith ar = arith(a.scalarType());
    Arith in = ar.floating() ? ar : Arith.F64;
    // Two walks (the mean, then the squared deviations): an input of up to 2^22 elements (a
    // 32 MiB carrier) is copied once for both, which measured faster than casting each part twice
    // (the variance over axes (0, 1) of a uint8 [1024, 1024, 3] image: 27 against 20 ms); a
    // larger one is cast part by part in each walk, so its memory stays bounded.
    NdArray src = a.size() <= varCopyLimit && inPlace(a, true) == null
        ? copy(a, true).array : a;
    double[] mean = new double[size(r)];
    // NumPy's _var sums integers with dtype=float64 (cast into its buffer: blocked), then the
    // squared deviations, a float64 array, as they are (one pairwise run)
    walk(src, r, true, mean, new Sums(in, SUM, null, in != ar));
    means(mean, r, in);
    double[] v = new double[mean.length];
    int[] order = walk(src, r, true, v,
        new Sums(in, SQUARES, mean, false));
    double dof = Math.max(r.count() - ddof, 0);
    for (int i = 0; i < v.length; i++) {
      v[i] = in.val(v[i] / dof);
      if (std) {
        v[i] = in.val(Math.sqrt(v[i]));
      }
    }
    return result(type, meanType(a.scalarType()), Arith.F64, r, order, v, null);
  }

  /**
   * {@return the number of nonzero elements over {@code axes}, as NumPy's
   * {@code np.count_nonzero(a, axis, keepdims=keepdims)}, as {@code int64}} NaN counts (it is
   * nonzero), {@code -0.0} does not; {@code any} is a count above 0 and {@code all} a count equal
   * to {@link #count}.
   *
   * @param a the input
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static LongNdArray countNonzero(NdArray a, boolean keepdims, int... axes) {
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, ufuncAxes(a, axes));
    long[] n = new long[size(r)];
    int[] order = walk(a, r, countsDoubles(a), true, n, (c, o, b) -> counts(c, o, (long[]) b),
        combine(Arith.SIGNED, SUM));
    return result(LongNdArray.class, LongNdArray.TYPE, Arith.SIGNED, r, order, null, n);
  }

  /**
   * {@return whether any element over {@code axes} is nonzero ({@code all}: every one), as
   * NumPy's {@code np.any}: {@code false} ({@code all}: {@code true}) for no elements}
   *
   * @param a the input
   * @param all whether {@code all}
   * @param keepdims whether the reduced axes stay, of length 1
   * @param axes the reduced axes; none for every axis
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static BooleanNdArray anyAll(NdArray a, boolean all, boolean keepdims, int... axes) {
    ReducedAxes r = ReducedAxes.of(a.shape(), keepdims, ufuncAxes(a, axes));
    long[] n = new long[size(r)];
    int[] order = walk(a, r, countsDoubles(a), true, n, (c, o, b) -> counts(c, o, (long[]) b),
        combine(Arith.SIGNED, SUM));
    for (int i = 0; i < n.length; i++) {
      n[i] = (all ? n[i] == r.count() : n[i] > 0) ? 1 : 0;
    }
    return result(BooleanNdArray.class, BooleanNdArray.TYPE, Arith.SIGNED, r, order, null, n);
  }

  /**
   * The number of elements of {@code a} in a reduction over {@code axes}: NumPy's
   * {@code _count_reduce_items}, what {@code mean} divides by.
   *
   * @param a the input
   * @param axes the reduced axes; none for every axis
   * @return the count, 1 when no axis is reduced
   * @throws IndexOutOfBoundsException if an axis is out of range
   * @throws IllegalArgumentException if an axis is given twice
   */
  public static long count(NdArray a, int... axes) {
    return ReducedAxes.of(a.shape(), false, axes).count();
  }

  /** Whether counts read {@code a} as doubles: a real floating type (a complex one as bool). */
  private static boolean countsDoubles(NdArray a) {
    return a.scalarType().slots() == 1 && arith(a.scalarType()).floating();
  }

  /**
   * {@code a} itself when its carrier tells zero from nonzero, else (a complex type, whose
   * carrier would be its real part) its {@code bool} cast, NumPy's {@code bool(x)}: nonzero when
   * either part is. The cast keeps {@code a}'s memory order, so the result's layout stays
   * NumPy's.
   */
  private static NdArray truth(NdArray a) {
    if (a.scalarType().slots() == 1) {
      return a;
    }
    int[] order = ReducedAxes.of(a.shape(), false).memoryOrder(a.layout());
    return a.permute(order).astype(BooleanNdArray.TYPE).permute(ReducedAxes.positions(order));
  }

  /** Adds the number of nonzero elements of each reduction in the part {@code c} to {@code out}. */
  private static void counts(Carrier c, Layout outOperand, long[] out) {
    boolean floating = c.d != null;
    for (NdIter it = NdIter.over(NdIter.Order.KEEP_DIRECTIONS, c.layout.shape(), c.layout,
        outOperand); it.next(); ) {
      long io = it.offset(0);
      long oo = it.offset(1);
      for (long row = 0; row < it.rows(); row++, io += it.rowStride(0), oo += it.rowStride(1)) {
        for (long k = 0; k < it.count(); k++) {
          int i = (int) (io + k * it.stride(0));
          if (floating ? c.d[i] != 0 : c.l[i] != 0) {
            out[(int) (oo + k * it.stride(1))]++;
          }
        }
      }
    }
  }

  // ------------------------------------------------------------------------------ typed kernels

  /**
   * The first extreme of one part of a split array, for {@link #argExtreme}: a generated array's
   * one-thread {@code argMin()}/{@code argMax()} over a layout of its storage.
   */
  @FunctionalInterface
  public interface FirstExtreme {
    /**
     * {@return the flat C-order index, within {@code part}, of its first extreme}
     *
     * @param part a non-empty slice of the array's layout (the whole layout when not split)
     */
    long in(Layout part);
  }

  /**
   * The first extremes of the lines of one part of a split array, for {@link #argExtreme(Layout,
   * int, long[], LinesExtreme, LaterWins)}: a generated array's one-thread
   * {@code argMin(axis)}/{@code argMax(axis)} over a layout of its storage.
   */
  @FunctionalInterface
  public interface LinesExtreme {
    /**
     * Writes, for each line of {@code part} along {@code axis} in the C order of the other axes,
     * the index along the line of its first extreme into {@code out} from {@code from} on.
     *
     * @param part a slice of the array's layout along an axis other than {@code axis}, or the
     *     whole layout
     * @param axis the axis as the caller gave it (negative from the end; 0 or -1 of rank 0)
     * @param out the result
     * @param from where the part's first line's result goes
     */
    void run(Layout part, int axis, long[] out, int from);
  }

  /**
   * Whether, of two elements of an array in the order of a walk, the later is the better
   * extreme: NumPy's rule for {@code argmin}/{@code argmax}, the earlier kept on a tie and a NaN
   * (the first) beating everything.
   */
  @FunctionalInterface
  public interface LaterWins {
    /**
     * {@return whether the element at storage offset {@code later} beats the one at
     * {@code earlier}: false if the earlier is NaN, else whether the later is NaN or strictly
     * better}
     *
     * @param earlier the layout offset of the earlier element
     * @param later the layout offset of the later element
     */
    boolean test(long earlier, long later);
  }

  /** A generated array's one-thread wrapping integer {@code sum()} over a layout of its storage. */
  @FunctionalInterface
  public interface WrappingSum {
    /**
     * {@return the wrapping sum of the elements of {@code part}}
     *
     * @param part a slice of the array's layout (the whole layout when not split)
     */
    long sum(Layout part);
  }

  /** A generated array's one-thread pairwise sum of a run of its storage. */
  @FunctionalInterface
  public interface PairwiseRun {
    /**
     * {@return NumPy's {@code pairwise_sum} of the {@code n} elements at layout offsets
     * {@code offset, offset + stride, ...}} ({@code float} sums widened, exactly)
     *
     * @param offset the first element's layout offset
     * @param stride the step between elements
     * @param n how many, at least 1
     */
    double sum(long offset, long stride, long n);
  }

  /**
   * {@return whether a whole-array extreme, arg-extreme or integer sum of {@code n} elements
   * splits across threads} The generated arrays ask before calling {@link #argExtreme} or
   * {@link #wrappingSum}, so that work below the split stays on their one-thread path.
   *
   * @param n the number of elements
   */
  public static boolean splits(long n) {
    return Parallelism.parts(n, grain) > 1;
  }

  /**
   * {@return whether a pairwise sum of a run of {@code n} elements splits across threads, at its
   * own tree nodes ({@link #pairwise(long, long, long, boolean, PairwiseRun)})}
   *
   * @param n the run's length
   */
  public static boolean splitsRun(long n) {
    return Parallelism.splitDepth(n, ParallelSum.grain) > 0;
  }

  /**
   * The cut of a whole-array walk into parts: {@link ReducedAxes#cut} of a reduction over every
   * axis (the outermost axis in memory of length 2 or more), or null for one part.
   */
  private static ReducedAxes.Cut cutAll(Layout layout) {
    int parts = Parallelism.parts(layout.size(), grain);
    if (parts < 2) {
      return null;
    }
    ReducedAxes r = ReducedAxes.of(layout.shape(), false);
    return r.cut(r.memoryOrder(layout), parts, true);
  }

  /** The flat C-order index in {@code shape} of flat index {@code k} of part {@code q}. */
  private static long partIndex(Shape shape, ReducedAxes.Cut cut, int q, long k) {
    long[] dims = shape.asArray();
    dims[cut.axis()] = cut.from(q + 1) - cut.from(q);
    long[] at = Shape.of(dims).unravel(k);
    at[cut.axis()] += cut.from(q);
    return shape.ravel(at);
  }

  /**
   * {@return the flat C-order index of the first extreme of a non-empty array: NumPy's
   * {@code argmin()}/{@code argmax()}} Work of at least two grains (2^20 elements; {@code
   * ndprim.parallel.reduceGrain}) is split across {@link Parallelism}'s threads, cut by {@link
   * ReducedAxes#cut} (the outermost axis in memory): each part finds its first extreme, and the
   * parts' results, in the order of their flat indices, are folded by {@code laterWins}, so that of
   * equal extremes the first in C order is the result and a NaN (the first) beats everything: the
   * index of one thread.
   *
   * @param layout the array's layout, at least one element
   * @param kernel the one-thread kernel over a part
   * @param laterWins the comparison of two elements by their offsets
   */
  public static long argExtreme(Layout layout, FirstExtreme kernel, LaterWins laterWins) {
    ReducedAxes.Cut cut = cutAll(layout);
    if (cut == null) {
      return kernel.in(layout);
    }
    Shape shape = layout.shape();
    int rank = layout.rank();
    long[] found = new long[cut.parts()];
    Parallelism.forParts(cut.parts(), q ->
        found[q] = partIndex(shape, cut, q, kernel.in(layout.slice(cut.spec(rank, q)))));
    // The parts' first extremes in C order: when the cut axis is not the first, their indices
    // interleave with the parts' order
    java.util.Arrays.sort(found);
    long best = found[0];
    long bestOffset = layout.offsetOf(shape.unravel(best));
    for (int q = 1; q < found.length; q++) {
      long offset = layout.offsetOf(shape.unravel(found[q]));
      if (laterWins.test(bestOffset, offset)) {
        best = found[q];
        bestOffset = offset;
      }
    }
    return best;
  }

  /**
   * Fills {@code out} with the index along {@code axis} of the first extreme of each line along
   * it, in the C order of the other axes: NumPy's {@code argmin(axis)}/{@code argmax(axis)}.
   * Work of at least two grains (2^20 elements; {@code ndprim.parallel.reduceGrain}) is split as a
   * reduction over {@code axis} is ({@link ReducedAxes#cut}): along a kept axis each part fills its
   * own lines; along {@code axis} itself (a small result) each part finds the first extremes of its
   * range of every line, and they are folded in part order, the line's order, by {@code laterWins}.
   * So every index is that of one thread.
   *
   * @param layout the array's layout, whose lines along {@code axis} are not empty
   * @param axis the axis as the caller gave it (negative from the end; 0 or -1 of rank 0)
   * @param out the result, of the lines' number
   * @param lines the one-thread kernel over a part
   * @param laterWins the comparison of two elements by their offsets
   */
  public static void argExtreme(Layout layout, int axis, long[] out, LinesExtreme lines,
      LaterWins laterWins) {
    int parts = Parallelism.parts(layout.size(), grain);
    if (parts < 2 || layout.rank() == 0) {
      lines.run(layout, axis, out, 0);
      return;
    }
    int ax = Shape.normalizeAxis(axis, layout.rank());
    ReducedAxes r = ReducedAxes.of(layout.shape(), false, ax);
    ReducedAxes.Cut cut = r.cut(r.memoryOrder(layout), parts, true);
    if (cut == null) {
      lines.run(layout, axis, out, 0);
      return;
    }
    int rank = layout.rank();
    if (!cut.combines()) {
      // A kept axis: each part's lines are a block of the C-order result, its own copy scattered
      LongNdArray result = LongNdArray.wrap(r.outputShape(), out);
      int outAxis = cut.axis() < ax ? cut.axis() : cut.axis() - 1;
      Parallelism.forParts(cut.parts(), q -> {
        Layout part = layout.slice(cut.spec(rank, q));
        long[] own = new long[(int) (out.length / cut.length() * (cut.from(q + 1)
            - cut.from(q)))];
        lines.run(part, axis, own, 0);
        result.slice(outSpec(rank - 1, outAxis, cut, q)).copyFrom(
            LongNdArray.wrap(ReducedAxes.of(part.shape(), false, ax).outputShape(), own));
      });
      return;
    }
    long[][] found = new long[cut.parts()][];
    found[0] = out;
    for (int q = 1; q < found.length; q++) {
      found[q] = new long[out.length];
    }
    Parallelism.forParts(cut.parts(), q ->
        lines.run(layout.slice(cut.spec(rank, q)), axis, found[q], 0));
    AxisLines all = AxisLines.of(layout, ax);
    long stride = layout.stride(ax);
    for (int w = 0; all.next(); w++) {
      long line = all.offset();
      long best = out[w];
      for (int q = 1; q < found.length; q++) {
        long at = cut.from(q) + found[q][w];
        if (laterWins.test(line + best * stride, line + at * stride)) {
          best = at;
        }
      }
      out[w] = best;
    }
  }

  /** The slice of the result of part {@code q} of a kept axis's cut: {@code outAxis} cut. */
  private static Index[] outSpec(int rank, int outAxis, ReducedAxes.Cut cut, int q) {
    Index[] spec = new Index[rank];
    java.util.Arrays.fill(spec, Indices.all());
    spec[outAxis] = Indices.range(cut.from(q), cut.from(q + 1));
    return spec;
  }

  /**
   * {@return the wrapping ({@code long}) sum of an integer array's elements} Work of at least
   * two grains (2^20 elements; {@code ndprim.parallel.reduceGrain}) is split across {@link
   * Parallelism}'s threads, cut by {@link ReducedAxes#cut}; wrapping addition is associative, so
   * the parts' sums add to the sum of one thread.
   *
   * @param layout the array's layout
   * @param kernel the one-thread kernel over a part
   */
  public static long wrappingSum(Layout layout, WrappingSum kernel) {
    ReducedAxes.Cut cut = cutAll(layout);
    if (cut == null) {
      return kernel.sum(layout);
    }
    int rank = layout.rank();
    long[] sums = new long[cut.parts()];
    Parallelism.forParts(cut.parts(), q -> sums[q] = kernel.sum(layout.slice(cut.spec(rank, q))));
    long total = 0;
    for (long s : sums) {
      total += s;
    }
    return total;
  }

  /**
   * {@return NumPy's {@code pairwise_sum} of a run, its top nodes split across threads} A node of
   * more than 128 elements is the sum of its halves, split at {@code n / 2} rounded down to a
   * multiple of 8: the halves are summed on two threads (below {@link #splitsRun}'s depth, by
   * {@code leaf}, one thread's pairwise sum) and added as one thread adds them, so the bits are
   * one thread's.
   *
   * @param offset the first element's layout offset
   * @param stride the step between elements
   * @param n how many, at least 1
   * @param inFloat whether the sum is in {@code float} (each node's addition rounded to it)
   * @param leaf the one-thread pairwise sum
   */
  public static double pairwise(long offset, long stride, long n, boolean inFloat,
      PairwiseRun leaf) {
    return pairwise(offset, stride, n, inFloat, leaf,
        Parallelism.splitDepth(n, ParallelSum.grain));
  }

  private static double pairwise(long o, long s, long n, boolean inFloat, PairwiseRun leaf,
      int depth) {
    if (depth == 0 || n <= 128) {
      return leaf.sum(o, s, n);
    }
    long n2 = n / 2 - (n / 2) % 8;
    double[] halves = new double[2];
    Parallelism.forParts(2, q -> halves[q] = q == 0
        ? pairwise(o, s, n2, inFloat, leaf, depth - 1)
        : pairwise(o + n2 * s, s, n - n2, inFloat, leaf, depth - 1));
    double sum = halves[0] + halves[1];
    return inFloat ? (float) sum : sum;
  }

  // ------------------------------------------------------------------------------ accumulations

  /**
   * {@return the cumulative sums ({@code prod}: products) along {@code axis}, as NumPy's
   * {@code np.cumsum(a, axis)}, in {@link #sumType}: the input's shape, each element the sum of
   * those before it along the axis and itself, added in order}
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type
   * @param prod whether products
   * @param axis the axis (negative from the end); a rank-0 input takes 0 and -1, as NumPy's,
   *     giving one element of shape {@code (1,)}
   * @throws IndexOutOfBoundsException if {@code axis} is out of range
   */
  public static <A extends NdArray> A accumulate(NdArray a, Class<A> type, boolean prod,
      int axis) {
    arith(a.scalarType()); // refuses complex arrays before any work
    if (a.rank() == 0) {
      if (axis != 0 && axis != -1) {
        Shape.normalizeAxis(axis, 0);
      }
      return accumulate(a, type, prod);
    }
    int ax = Shape.normalizeAxis(axis, a.rank());
    Layout outLayout = Layout.cOrder(a.shape());
    return accumulateLines(a, type, prod, AxisLines.of(a.layout(), ax), outLayout, ax);
  }

  /**
   * {@return the cumulative sums ({@code prod}: products) of the flattened input, as NumPy's
   * {@code np.cumsum(a)}: shape {@code (size,)}, in C order}
   *
   * @param <A> the result's array type
   * @param a the input
   * @param type the result's array type
   * @param prod whether products
   */
  public static <A extends NdArray> A accumulate(NdArray a, Class<A> type, boolean prod) {
    NdArray flat = a.rank() == 1 ? a : a.isContiguous()
        ? a.reshape(Shape.of(a.size())) : a.copy().reshape(Shape.of(a.size()));
    return accumulate(flat, type, prod, 0);
  }

  private static <A extends NdArray> A accumulateLines(NdArray a, Class<A> type, boolean prod,
      AxisLines in, Layout outLayout, int axis) {
    ScalarType<?> t = a.scalarType();
    Arith ar = arith(t);
    int n = size(prod ? "cumprod: " : "cumsum: ", a.size(), a.shape());
    AxisLines out = AxisLines.of(outLayout, axis);
    long len = in.length();
    long os = outLayout.stride(axis);
    Carrier c = carrier(a, ar.floating());
    // The carrier copy of a non-array input is C-order: walk its own lines.
    AxisLines src = c.layout == a.layout() ? in : AxisLines.of(c.layout, axis);
    long is = src.stride();
    Shape shape = a.shape();
    if (ar.floating()) {
      double[] r = new double[n];
      while (src.next() && out.next()) {
        int i = (int) src.offset();
        int o = (int) out.offset();
        double acc = 0;
        for (long j = 0; j < len; j++, i += is, o += os) {
          double x = c.d[i];
          acc = j == 0 ? ar.val(x) : ar.val(prod ? acc * x : acc + x);
          r[o] = acc;
        }
      }
      return type.cast(sumType(t).fromDoubles(shape, r));
    }
    long[] r = new long[n];
    while (src.next() && out.next()) {
      int i = (int) src.offset();
      int o = (int) out.offset();
      long acc = 0;
      for (long j = 0; j < len; j++, i += is, o += os) {
        long x = c.l[i];
        acc = j == 0 ? x : prod ? acc * x : acc + x;
        r[o] = acc;
      }
    }
    ScalarType<?> to = sumType(t);
    return type.cast(ar == Arith.UNSIGNED ? to.fromUnsignedLongs(shape, r)
        : to.fromLongs(shape, r));
  }

  // ------------------------------------------------------------------------------ kernels

  /** Reduces the carrier into {@code out} (holding the identity), walking it as NumPy does. */
  private static double[] accumulate(Carrier c, Layout outOperand, Arith ar, int op,
      double[] out, double[] mean, boolean blocked) {
    double[] d = c.d;
    for (NdIter it = NdIter.over(NdIter.Order.KEEP_DIRECTIONS, c.layout.shape(), c.layout,
        outOperand); it.next(); ) {
      long io = it.offset(0);
      long oo = it.offset(1);
      int is = (int) it.stride(0);
      int os = (int) it.stride(1);
      int n = (int) it.count();
      long rows = it.rows();
      if (ar == Arith.F64 && (op == SUM || op == SQUARES) && is == 1 && os == 1) {
        // Rows added into result rows (an outer reduced axis): one nested loop, as plain Java's
        addRows(d, (int) io, (int) it.rowStride(0), out, (int) oo, (int) it.rowStride(1), n,
            (int) rows, op == SQUARES ? mean : null);
        continue;
      }
      for (long row = 0; row < rows; row++, io += it.rowStride(0), oo += it.rowStride(1)) {
        int i = (int) io;
        int o = (int) oo;
        if (os == 0) {
          // The inner run reduces into one element: NumPy's reduce loop over the run.
          double m = mean == null ? 0 : mean[o];
          out[o] = ar.val(run(d, i, is, n, ar, op, out[o], m, blocked));
        } else if (ar == Arith.F64 && op == SUM) {
          addRow(d, i, is, out, o, os, n);
        } else if (ar == Arith.F64 && op == SQUARES) {
          addSquaresRow(d, i, is, out, o, os, n, mean);
        } else {
          for (int k = 0; k < n; k++, i += is, o += os) {
            out[o] = ar.val(step(ar, op, out[o], d[i], mean == null ? 0 : mean[o]));
          }
        }
      }
    }
    return out;
  }

  /**
   * {@code out[o + r * ors + k] += d[i + r * irs + k]} (or the squared deviation from
   * {@code mean[o + r * ors + k]}) for {@code r < rows}, {@code k < n}: unit-stride float64 rows
   * added into result rows, in one nested loop per operation. The sums and the squares are two
   * methods, not one with a branch: C2 compiled the shared one 1.5 times slower for both once
   * {@code var} had called it both ways (W22).
   */
  private static void addRows(double[] d, int i, int irs, double[] out, int o, int ors, int n,
      int rows, double[] mean) {
    if (mean != null) {
      addSquaredRows(d, i, irs, out, o, ors, n, rows, mean);
    } else if (ors == 0) {
      // Every row into the same result row: accumulate in a new array, which C2 knows does not
      // overlap d, then store it.
      double[] acc = new double[n];
      System.arraycopy(out, o, acc, 0, n);
      for (int r = 0; r < rows; r++, i += irs) {
        for (int k = 0; k < n; k++) {
          acc[k] += d[i + k];
        }
      }
      System.arraycopy(acc, 0, out, o, n);
    } else {
      for (int r = 0; r < rows; r++, i += irs, o += ors) {
        for (int k = 0; k < n; k++) {
          out[o + k] += d[i + k];
        }
      }
    }
  }

  /** {@link #addRows} of the squared deviations from {@code mean}, for {@code var}. */
  private static void addSquaredRows(double[] d, int i, int irs, double[] out, int o, int ors,
      int n, int rows, double[] mean) {
    if (ors == 0) {
      double[] acc = new double[n];
      System.arraycopy(out, o, acc, 0, n);
      // new double[n], not Arrays.copyOfRange: C2 then knows m's length is n and drops the
      // range check on m[k] from the loop, which it then vectorises (W22's squared pass: about
      // 1.3 times faster, as fast as plain Java's)
      double[] m = new double[n];
      System.arraycopy(mean, o, m, 0, n);
      for (int r = 0; r < rows; r++, i += irs) {
        for (int k = 0; k < n; k++) {
          double x = d[i + k] - m[k];
          acc[k] += x * x;
        }
      }
      System.arraycopy(acc, 0, out, o, n);
      return;
    }
    for (int r = 0; r < rows; r++, i += irs, o += ors) {
      for (int k = 0; k < n; k++) {
        double x = d[i + k] - mean[o + k];
        out[o + k] += x * x;
      }
    }
  }

  /**
   * {@code out[o + k * os] += d[i + k * is]} for {@code k < n}: float64 rows added into the
   * result (an outer reduced axis). Unit strides get their own loop, which C2 vectorises.
   */
  private static void addRow(double[] d, int i, int is, double[] out, int o, int os, int n) {
    if (is == 1 && os == 1) {
      for (int k = 0; k < n; k++) {
        out[o + k] += d[i + k];
      }
      return;
    }
    for (int k = 0; k < n; k++, i += is, o += os) {
      out[o] += d[i];
    }
  }

  /** {@link #addRow} of the squared deviations from {@code mean}, for {@code var}. */
  private static void addSquaresRow(double[] d, int i, int is, double[] out, int o, int os,
      int n, double[] mean) {
    if (is == 1 && os == 1) {
      for (int k = 0; k < n; k++) {
        double x = d[i + k] - mean[o + k];
        out[o + k] += x * x;
      }
      return;
    }
    for (int k = 0; k < n; k++, i += is, o += os) {
      double x = d[i] - mean[o];
      out[o] += x * x;
    }
  }

  /** One element into an accumulator, in the dtype's arithmetic (a square rounded first). */
  private static double step(Arith ar, int op, double acc, double x, double m) {
    switch (op) {
      case SUM:
        return ar.acc(acc + x);
      case SQUARES:
        return ar.acc(acc + square(ar, x, m));
      case PROD:
        return ar.acc(acc * x);
      case MIN:
        return acc < x || Double.isNaN(acc) ? acc : x;
      default:
        return acc > x || Double.isNaN(acc) ? acc : x;
    }
  }

  /** NumPy's {@code square(subtract(x, m))}, each stored in the dtype. */
  private static double square(Arith ar, double x, double m) {
    double dev = ar.val(x - m);
    return ar.val(dev * dev);
  }

  /**
   * A run of {@code n} elements reduced into {@code acc}: pairwise for sums ({@code blocked}:
   * each {@link #BLOCK} from the run's start pairwise, added to {@code acc} in order), else in
   * order.
   */
  private static double run(double[] d, int i, int is, int n, Arith ar, int op, double acc,
      double m, boolean blocked) {
    if (blocked && (op == SUM || op == SQUARES)) {
      for (int k = 0; k < n; k += BLOCK, i += BLOCK * is) {
        acc = ar.acc(acc + pairwise(d, i, is, Math.min(BLOCK, n - k), ar, op == SQUARES, m));
      }
      return acc;
    }
    if (op == SUM || op == SQUARES) {
      return ar.acc(acc + pairwise(d, i, is, n, ar, op == SQUARES, m,
          Parallelism.splitDepth(n, ParallelSum.grain)));
    }
    for (int k = 0; k < n; k++, i += is) {
      acc = step(ar, op, acc, d[i], m);
    }
    return acc;
  }

  /**
   * {@link #pairwise} with its top {@code depth} levels of nodes split across threads: a node's
   * halves summed on two threads and added as one thread adds them, so the bits are one
   * thread's (as {@link ParallelSum}'s).
   */
  private static double pairwise(double[] d, int p, int s, int n, Arith ar, boolean sq,
      double m, int depth) {
    if (depth == 0 || n <= 128) {
      return pairwise(d, p, s, n, ar, sq, m);
    }
    return pairwise(p, s, n, ar == Arith.F32 || ar == Arith.F16,
        (o, st, k) -> pairwise(d, (int) o, (int) st, (int) k, ar, sq, m), depth);
  }

  private static double element(double[] d, int p, Arith ar, boolean squares, double m) {
    return squares ? square(ar, d[p], m) : d[p];
  }

  /**
   * NumPy's {@code pairwise_sum} ({@code numpy/_core/src/umath/loops_utils.h.src}): up to 128
   * elements in eight accumulators combined as {@code ((r0 + r1) + (r2 + r3)) + ((r4 + r5) +
   * (r6 + r7))} then the rest one by one (fewer than 8: one by one from {@code -0.0}); longer runs
   * split at {@code n / 2} rounded down to a multiple of 8.
   */
  private static double pairwise(double[] d, int p, int s, int n, Arith ar, boolean sq,
      double m) {
    if (n < 8) {
      double res = -0.0;
      for (int k = 0; k < n; k++, p += s) {
        res = ar.acc(res + element(d, p, ar, sq, m));
      }
      return res;
    }
    if (n <= 128) {
      if (ar == Arith.F64 && !sq && s == 1) {
        return leafUnitStride(d, p, n);
      }
      double r0 = element(d, p, ar, sq, m);
      double r1 = element(d, p + s, ar, sq, m);
      double r2 = element(d, p + 2 * s, ar, sq, m);
      double r3 = element(d, p + 3 * s, ar, sq, m);
      double r4 = element(d, p + 4 * s, ar, sq, m);
      double r5 = element(d, p + 5 * s, ar, sq, m);
      double r6 = element(d, p + 6 * s, ar, sq, m);
      double r7 = element(d, p + 7 * s, ar, sq, m);
      int i = 8;
      p += 8 * s;
      for (; i < n - n % 8; i += 8, p += 8 * s) {
        r0 = ar.acc(r0 + element(d, p, ar, sq, m));
        r1 = ar.acc(r1 + element(d, p + s, ar, sq, m));
        r2 = ar.acc(r2 + element(d, p + 2 * s, ar, sq, m));
        r3 = ar.acc(r3 + element(d, p + 3 * s, ar, sq, m));
        r4 = ar.acc(r4 + element(d, p + 4 * s, ar, sq, m));
        r5 = ar.acc(r5 + element(d, p + 5 * s, ar, sq, m));
        r6 = ar.acc(r6 + element(d, p + 6 * s, ar, sq, m));
        r7 = ar.acc(r7 + element(d, p + 7 * s, ar, sq, m));
      }
      double res = ar.acc(ar.acc(ar.acc(r0 + r1) + ar.acc(r2 + r3))
          + ar.acc(ar.acc(r4 + r5) + ar.acc(r6 + r7)));
      for (; i < n; i++, p += s) {
        res = ar.acc(res + element(d, p, ar, sq, m));
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return ar.acc(pairwise(d, p, s, n2, ar, sq, m) + pairwise(d, p + n2 * s, s, n - n2, ar, sq, m));
  }

  private static double leafUnitStride(double[] d, int p, int n) {
    double r0 = d[p];
    double r1 = d[p + 1];
    double r2 = d[p + 2];
    double r3 = d[p + 3];
    double r4 = d[p + 4];
    double r5 = d[p + 5];
    double r6 = d[p + 6];
    double r7 = d[p + 7];
    int i = 8;
    for (p += 8; i < n - n % 8; i += 8, p += 8) {
      r0 += d[p];
      r1 += d[p + 1];
      r2 += d[p + 2];
      r3 += d[p + 3];
      r4 += d[p + 4];
      r5 += d[p + 5];
      r6 += d[p + 6];
      r7 += d[p + 7];
    }
    double res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
    for (; i < n; i++, p++) {
      res += d[p];
    }
    return res;
  }

  /** The integer kernel: sums and products wrap; extremes compare signed or unsigned. */
  private static long[] accumulate(Carrier c, Layout outOperand, Arith ar, int op, long[] out) {
    long[] d = c.l;
    boolean unsigned = ar == Arith.UNSIGNED;
    for (NdIter it = NdIter.over(NdIter.Order.KEEP_DIRECTIONS, c.layout.shape(), c.layout,
        outOperand); it.next(); ) {
      long io = it.offset(0);
      long oo = it.offset(1);
      int is = (int) it.stride(0);
      int os = (int) it.stride(1);
      int n = (int) it.count();
      for (long row = 0; row < it.rows(); row++, io += it.rowStride(0), oo += it.rowStride(1)) {
        int i = (int) io;
        int o = (int) oo;
        for (int k = 0; k < n; k++, i += is, o += os) {
          out[o] = step(unsigned, op, out[o], d[i]);
        }
      }
    }
    return out;
  }

  /** One integer element into an accumulator: sums and products wrap. */
  private static long step(boolean unsigned, int op, long acc, long x) {
    switch (op) {
      case SUM:
        return acc + x;
      case PROD:
        return acc * x;
      case MIN:
        return (unsigned ? Long.compareUnsigned(x, acc) < 0 : x < acc) ? x : acc;
      default:
        return (unsigned ? Long.compareUnsigned(x, acc) > 0 : x > acc) ? x : acc;
    }
  }

  /**
   * The combination of an exact reduction's partial results over consecutive parts of its input,
   * the later into the earlier, element by element: the later part's result is one element of a
   * continued walk. Integer sums and products wrap, so their order does not matter; an extreme
   * of the partial extremes is the whole's, a NaN (the first) propagating and of equal values
   * ({@code -0.0}, {@code 0.0}) the last kept, as the walk keeps them. Counts are sums.
   */
  private static Combine combine(Arith ar, int op) {
    if (ar.floating()) {
      if (op != MIN && op != MAX) {
        throw new AssertionError("a float sum or product is not exact"); // not reached
      }
      return (acc, later) -> {
        double[] x = (double[]) acc;
        double[] y = (double[]) later;
        for (int i = 0; i < x.length; i++) {
          x[i] = step(ar, op, x[i], y[i], 0);
        }
      };
    }
    boolean unsigned = ar == Arith.UNSIGNED;
    return (acc, later) -> {
      long[] x = (long[]) acc;
      long[] y = (long[]) later;
      for (int i = 0; i < x.length; i++) {
        x[i] = step(unsigned, op, x[i], y[i]);
      }
    };
  }
}
