package org.ndprim;

import org.ndprim.layout.Layout;
import org.ndprim.layout.NdIter;
import org.ndprim.storage.Chunks;
import org.ndprim.storage.SharedMemory;
import org.ndprim.ufunc.Block;
import org.ndprim.ufunc.Kernel;

/**
 * Runs one ufunc call on the N-operand iterator, as NumPy's {@code ufunc_object.c} with a
 * buffered {@code nditer}: checks the output, applies the overlap rule, walks the operands in
 * memory order ({@link NdIter.Order#KEEP}) and hands the kernel blocks of Java arrays. An operand
 * that is a Java array of the kernel's type is used in place; any other (buffer or chunked
 * storage, another dtype, float16 computed in float32) is copied into a block of at most
 * {@link #TILE} elements of the kernel's type before the kernel runs, and an output of that kind
 * is written back after it (cast as NumPy's 'same_kind' rule allows).
 */
final class UfuncDriver {
  /** Elements per buffered tile: the operands' tiles stay within L1/L2 together. */
  static final int TILE = 4096;

  /** The side of the square tiles of a walk across one operand's memory (64 x 64 elements). */
  static final int CROSS = 64;

  /**
   * Rows shorter than this many elements are walked as tiles of whole rows made one run: every
   * operand is gathered into a buffer (a broadcast row such as a per-channel mean once per walk),
   * so the kernel runs one contiguous loop over the tile instead of one loop of a few elements
   * per row.
   */
  static final int SHORT_ROW = 16;

  /**
   * The fewest elements worth a thread: a call is split across {@link Parallelism}'s threads
   * only from two grains on. Measured with {@code W20AddInto} (docs/jdk.md, "Threads"); the
   * system property {@code ndprim.parallel.ufuncGrain} overrides it, and tests lower it so that
   * small arrays split.
   */
  static volatile int grain =
      Parallelism.intProperty("ndprim.parallel.ufuncGrain", 1 << 20, 1, true);

  /** The float16 loops whose choice between equal operands differs from float32's. */
  private static final java.util.Set<String> HALF_TIES = java.util.Set.of("maximum", "minimum",
      "fmax", "fmin");

  private UfuncDriver() {}

  /** One operand: its array, the type its kernel reads, and where its current tile lies. */
  private static final class Operand {
    final NdArray array;
    final ScalarType<?> type;
    final boolean output;
    final int slots;
    /** The Java array of {@link #type} used in place, or null when buffered. */
    Object direct;
    /** The operand's Java array if it is of {@link #type} (even when buffered), or null. */
    final Object own;
    /**
     * The operand's Java array if its type's run cast reaches {@link #type}
     * ({@link CastWriter#castsRuns}), or null.
     */
    final Object castable;
    NdArray scratch;
    /** Casts a tile of another dtype into {@link #scratch}, or null. */
    CastWriter<?> writer;
    /** An output's tile in its own dtype, cast from {@link #scratch} before it is written. */
    NdArray outScratch;
    CastWriter<?> outWriter;
    Object arr;
    int index;
    int stride;
    int rowStride;
    /** The tile the scratch holds for an input broadcast across rows: offset, rows, columns. */
    long heldOffset = -1;
    int heldRows;
    int heldCols;

    Operand(NdArray array, ScalarType<?> type, boolean output) {
      this.array = array;
      this.type = type;
      this.output = output;
      this.slots = type.slots();
      this.own = array.scalarType() == type ? javaArray(array, type) : null;
      this.direct = own;
      this.castable = !output && CastWriter.castsRuns(array.scalarType(), type)
          ? javaArray(array, array.scalarType()) : null;
    }
  }

  /** {@return the Java array of {@code type}'s storage that {@code a}'s layout indexes, or null} */
  static Object javaArray(NdArray a, ScalarType<?> type) {
    if (a instanceof StridedNdArray<?> s && s.storage() instanceof StridedNdArray<?> parts
        && parts.layout().offset() != 0) {
      return null; // a complex type's parts are indexed from 0
    }
    Object storage = memory(a);
    if (storage == null || storage instanceof Chunks
        || storage.getClass().getComponentType() != type.storageType()) {
      return null;
    }
    return storage;
  }

  /** {@return the storage to compare for overlap: a Java array or Chunks (parts unwrapped)} */
  static Object memory(NdArray a) {
    if (!(a instanceof StridedNdArray<?> s)) {
      return null;
    }
    Object storage = s.storage();
    return storage instanceof StridedNdArray<?> parts ? parts.storage() : storage;
  }


  /**
   * Runs the ufunc.
   *
   * @param ufunc the ufunc
   * @param loop the chosen loop
   * @param inputs the inputs, already of the loop's shape rules (broadcast here)
   * @param out the output, or null to allocate one of the loop's output type
   * @param where the mask of elements to compute, or null for all
   * @return the output
   */
  static NdArray run(Ufunc ufunc, UfuncTypes.Loop loop, NdArray[] inputs, NdArray out,
      BooleanNdArray where) {
    int nin = inputs.length;
    Shape shape = inputs[0].shape();
    boolean sameShapes = where == null;
    for (int i = 1; i < nin && sameShapes; i++) {
      sameShapes = inputs[i].shape().equals(shape);
    }
    if (!sameShapes) {
      Shape[] shapes = new Shape[nin + (where == null ? 0 : 1)];
      for (int i = 0; i < nin; i++) {
        shapes[i] = inputs[i].shape();
      }
      if (where != null) {
        shapes[nin] = where.shape();
      }
      shape = broadcastResult(shapes);
    }
    if (out != null) {
      // As NumPy's: the inputs broadcast to out's shape too (np.add([1, 2, 3], 2, out=(2, 3)))
      shape = shape.equals(out.shape()) ? shape : broadcastOut(shape, out.shape());
      checkOut(ufunc, loop, shape, out);
      ScalarType<?> lo = loop.out();
      if (out.scalarType() != lo && (where != null || UfuncTypes.compute(lo) != lo)) {
        return viaLoopType(ufunc, loop, inputs, out, where);
      }
    } else {
      out = loop.out().zeros(shape);
    }
    int kernelOperand = ufunc.name().equals("where") ? 1 : 0;
    ScalarType<?> kernelType = UfuncTypes.compute(loop.in()[kernelOperand]);
    Kernel kernel = kernelType.loops() == null ? null : kernelType.loops().kernel(ufunc.name());
    if (kernel == null) {
      throw new UnsupportedOperationException("ufunc '" + ufunc.name() + "' has no kernel for "
          + UfuncTypes.numpyName(kernelType) + " in ndprim");
    }
    if (shape.size() == 0) {
      return out;
    }
    NdArray[] in = inputs.clone();
    if (nin == 2 && loop.in()[0] == Float16NdArray.TYPE && HALF_TIES.contains(ufunc.name())) {
      // NumPy's float16 loops keep the first operand of equal values (0.0 and -0.0), its float32
      // and float64 loops the second, as the float32 kernel ndprim computes float16 in: swap
      in[0] = inputs[1];
      in[1] = inputs[0];
    }
    for (int i = 0; i < nin; i++) {
      in[i] = unshared(in[i], out, shape);
    }
    BooleanNdArray mask = where == null ? null : (BooleanNdArray) unshared(where, out, shape);
    Operand[] ops = new Operand[nin + 1 + (mask == null ? 0 : 1)];
    Layout[] layouts = new Layout[ops.length];
    for (int i = 0; i < nin; i++) {
      ops[i] = new Operand(in[i], UfuncTypes.compute(loop.in()[i]), false);
      layouts[i] = in[i].layout();
    }
    ops[nin] = new Operand(out, UfuncTypes.compute(loop.out()), true);
    layouts[nin] = out.layout();
    if (mask != null) {
      ops[nin + 1] = new Operand(mask, BooleanNdArray.TYPE, false);
      layouts[nin + 1] = mask.layout();
    }
    walk(kernel, NdIter.over(NdIter.Order.KEEP, shape, layouts), ops, nin, mask != null);
    return out;
  }

  /**
   * The broadcast shape of the operands; a result whose size passes a long is refused as every
   * result too big to allocate is (NumPy: "iterator is too large"), not with the iterator's
   * {@code ArithmeticException}.
   */
  private static Shape broadcastResult(Shape... shapes) {
    try {
      return NdIter.broadcastShape(shapes);
    } catch (ArithmeticException e) {
      StringBuilder all = new StringBuilder();
      for (Shape t : shapes) {
        all.append(' ').append(t);
      }
      throw new IllegalArgumentException("cannot allocate the result of broadcasting shapes" + all
          + ": it has more than 2^63-1 elements (numpy: iterator is too large)", e);
    }
  }

  /**
   * The broadcast shape of the inputs and {@code out}, or the inputs' shape if they do not
   * broadcast with it ({@link #checkOut} then names both).
   */
  private static Shape broadcastOut(Shape inputs, Shape out) {
    try {
      return NdIter.broadcastShape(inputs, out);
    } catch (IllegalArgumentException | ArithmeticException e) {
      return inputs;
    }
  }

  /**
   * NumPy's output cast where the driver's buffers cannot do it: the result is computed into an
   * array of the loop's own output type (so a float16 loop rounds to float16 before a float32
   * {@code out} receives it), then cast into {@code out}; with a {@code where} mask only the
   * masked elements of {@code out} change (a round trip through the loop's type would alter
   * the others: an int64 1000 through int8). Allocates the result and its cast.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static NdArray viaLoopType(Ufunc ufunc, UfuncTypes.Loop loop, NdArray[] inputs,
      NdArray out, BooleanNdArray where) {
    NdArray[] wide = inputs.clone();
    for (int i = 0; i < wide.length; i++) {
      wide[i] = wide[i].shape().equals(out.shape()) ? wide[i] : wide[i].broadcastTo(out.shape());
    }
    NdArray result = run(ufunc, loop, wide, null, where);
    ScalarType target = out.scalarType();
    NdArray cast = result.astype(target);
    if (where != null) {
      cast = Ufunc.where(where, cast, out); // of out's type: both are
    }
    target.copy(cast, out);
    return out;
  }

  private static final ThreadLocal<Block> BLOCK = ThreadLocal.withInitial(Block::new);

  /**
   * NumPy's trivial loop ({@code try_trivial_single_output_loop}) for one or two inputs: when
   * every operand has the one shape (or one of two inputs is 0-d, a scalar read with stride 0),
   * is a Java array of its loop's type and one run, and no input
   * overlaps the output unless it is the output, one kernel call does it all and nothing but a
   * new output is allocated. Else (or if {@code out} would be refused) returns null and the
   * caller takes the general path, which checks and reports.
   *
   * <p>One more case runs without the iterator, where NumPy's iterator would coalesce the same
   * way: one of two inputs repeated along leading axes only ({@code matrix + row}: its shape is
   * the other's trailing axes, after any leading 1s), with rows of at least {@link #SHORT_ROW}
   * elements. The kernel then gets rows of that input's size, the repeated input at row stride
   * 0, as the general walk would hand them; only the plan and iterator are not allocated.
   *
   * @param b the second input, or null for a unary ufunc
   * @param out the output, or null to allocate one
   * @return the output, or null if the call is not trivial
   */
  static NdArray trySingle(Ufunc ufunc, UfuncTypes.Loop loop, NdArray a, NdArray b,
      NdArray out) {
    ScalarType<?> ot = loop.out();
    Shape shape = a.shape();
    int repeated = -1; // the input repeated along leading axes (0: a, 1: b), if any
    if (b != null && !b.shape().equals(shape)) {
      if (a.rank() == 0) {
        shape = b.shape(); // a scalar and an array: the scalar is read with stride 0
      } else if (b.rank() == 0) {
        // the array and a scalar
      } else if (repeatsInLongRows(b.shape(), shape)) {
        repeated = 1;
      } else if (repeatsInLongRows(shape, b.shape())) {
        repeated = 0;
        shape = b.shape();
      } else {
        return null;
      }
    }
    if (ot.loops() == null || !plain(a, loop.in()[0]) || (b != null && !plain(b, loop.in()[1]))) {
      return null;
    }
    Kernel kernel = loop.in()[0].loops().kernel(ufunc.name());
    if (kernel == null || shape.size() > Integer.MAX_VALUE) {
      return null;
    }
    if (out == null) {
      out = ot.zeros(shape);
    } else if (out.scalarType() != ot || !out.shape().equals(shape) || out.isReadOnly()
        || !plain(out, ot) || (shape.size() > 1 && out.layout().runStride() == 0)
        || overlaps(a, out) || (b != null && overlaps(b, out))) {
      return null;
    }
    long n = shape.size();
    if (n == 0) {
      return out;
    }
    // elements per row: all of them, or the repeated input's
    long m = repeated < 0 ? n : (repeated == 0 ? a : b).size();
    long rows = n / m;
    int parts = Parallelism.parts(n, grain);
    if (parts <= 1) {
      runSingle(kernel, a, b, out, ot, repeated, m, 0, rows);
    } else if (repeated < 0) {
      NdArray o = out;
      Parallelism.forParts(parts, p -> {
        long from = Parallelism.share(n, parts, p);
        runSingle(kernel, a, b, o, ot, -1, Parallelism.share(n, parts, p + 1) - from, from, 1);
      });
    } else {
      NdArray o = out;
      int r = repeated;
      int split = (int) Math.min(parts, rows);
      Parallelism.forParts(split, p -> {
        long from = Parallelism.share(rows, split, p);
        runSingle(kernel, a, b, o, ot, r, m, from, Parallelism.share(rows, split, p + 1) - from);
      });
    }
    return out;
  }

  /**
   * Whether an input of shape {@code small} repeats along leading axes only to {@code big}
   * ({@link NdIter#repeatsAlongLeadingAxes}) in rows of at least {@link #SHORT_ROW} elements.
   */
  private static boolean repeatsInLongRows(Shape small, Shape big) {
    return small.size() >= SHORT_ROW && NdIter.repeatsAlongLeadingAxes(small, big);
  }

  /**
   * The kernel over the trivial loop's single runs: elements {@code [from, from + count)} when
   * no input repeats ({@code repeated < 0}, {@code rows} 1), else rows {@code [from,
   * from + rows)} of {@code count} elements, input {@code repeated} read again for every row.
   */
  private static void runSingle(Kernel kernel, NdArray a, NdArray b, NdArray out,
      ScalarType<?> ot, int repeated, long count, long from, long rows) {
    long first = repeated < 0 ? from : from * count; // the first element of the output
    Block k = BLOCK.get();
    k.rows = (int) rows;
    k.count = (int) count;
    k.o = javaArray(out, ot);
    k.os = (int) (out.layout().runStride() * ot.slots());
    k.oi = (int) (out.layout().offset() * ot.slots() + first * k.os);
    k.or = (int) (count * k.os);
    int sa = a.scalarType().slots();
    k.a = javaArray(a, a.scalarType());
    k.as = a.rank() == 0 ? 0 : (int) (a.layout().runStride() * sa); // a 0-d operand broadcasts
    k.ar = repeated == 0 ? 0 : (int) (count * k.as);
    k.ai = (int) (a.layout().offset() * sa + (repeated == 0 ? 0 : first * k.as));
    if (b != null) {
      int sb = b.scalarType().slots();
      k.b = javaArray(b, b.scalarType());
      k.bs = b.rank() == 0 ? 0 : (int) (b.layout().runStride() * sb);
      k.br = repeated == 1 ? 0 : (int) (count * k.bs);
      k.bi = (int) (b.layout().offset() * sb + (repeated == 1 ? 0 : first * k.bs));
    }
    try {
      kernel.run(k);
    } finally {
      k.a = k.b = k.c = k.o = null;
    }
  }

  /** Whether {@code x} is one run of a Java array of {@code type}, which computes natively. */
  private static boolean plain(NdArray x, ScalarType<?> type) {
    return x.scalarType() == type && type.loops() != null && x.layout().isSingleRun()
        && javaArray(x, type) != null;
  }

  /** Whether input {@code x} shares the output's Java array without being the output. */
  private static boolean overlaps(NdArray x, NdArray out) {
    return javaArray(x, x.scalarType()) == javaArray(out, out.scalarType())
        && !x.layout().equals(out.layout()) && x.layout().overlaps(out.layout());
  }

  private static void checkOut(Ufunc ufunc, UfuncTypes.Loop loop, Shape shape, NdArray out) {
    if (!shape.equals(out.shape())) {
      throw new IllegalArgumentException("non-broadcastable output operand with shape "
          + out.shape() + " doesn't match the broadcast shape " + shape);
    }
    if (out.isReadOnly()) {
      throw new ReadOnlyArrayException("output array is read-only: ufunc '" + ufunc.name()
          + "' cannot write to it");
    }
    Layout l = out.layout();
    for (int axis = 0; axis < l.rank(); axis++) {
      if (l.stride(axis) == 0 && l.dim(axis) > 1) {
        throw new IllegalArgumentException("output array has stride 0 along axis " + axis
            + " (a broadcast view): ufunc '" + ufunc.name() + "' would write one element "
            + l.dim(axis) + " times");
      }
    }
    if (!UfuncTypes.sameKind(loop.out(), out.scalarType())) {
      throw new IllegalArgumentException("Cannot cast ufunc '" + ufunc.name() + "' output from"
          + " dtype('" + UfuncTypes.numpyName(loop.out()) + "') to dtype('"
          + UfuncTypes.numpyName(out.scalarType()) + "') with casting rule 'same_kind'");
    }
  }

  /**
   * NumPy's overlap rule: an input that may share memory with the output is read from a copy,
   * unless it is exactly the output (same memory, same type, same layout after broadcasting), as
   * {@code a += b} reads and writes each element once.
   */
  private static NdArray unshared(NdArray input, NdArray out, Shape shape) {
    Object a = memory(input);
    Object b = memory(out);
    if (a == null || b == null || input.size() == 0) {
      return input;
    }
    boolean chunks = a instanceof Chunks || b instanceof Chunks;
    if (!chunks && a != b) {
      return input; // two Java arrays
    }
    boolean identical = a == b && input.scalarType() == out.scalarType()
        && (input.shape().equals(shape) ? input.layout() : input.layout().broadcastTo(shape))
            .equals(out.layout());
    if (identical) {
      return input;
    }
    boolean may = input.scalarType().itemSize() == out.scalarType().itemSize()
        ? SharedMemory.mayOverlap(a, elementLayout(input), b, elementLayout(out),
            input.scalarType().itemSize() / input.scalarType().slots())
        : chunks || a == b;
    return may ? input.copy() : input;
  }

  /** The layout in storage slots (one per element, two per complex element). */
  static Layout elementLayout(NdArray a) {
    Layout l = a.layout();
    int slots = a.scalarType().slots();
    if (slots == 1 || l.rank() == 0 && l.size() == 0) {
      return l;
    }
    long[] strides = l.strides();
    long[] shape = l.shape().asArray();
    for (int i = 0; i < strides.length; i++) {
      strides[i] *= slots;
    }
    // the last slot of the last element counts too: one more axis of length `slots`
    long[] s2 = java.util.Arrays.copyOf(shape, shape.length + 1);
    long[] t2 = java.util.Arrays.copyOf(strides, strides.length + 1);
    s2[shape.length] = slots;
    t2[shape.length] = 1;
    return Layout.of(l.offset() * slots, s2, t2);
  }

  /**
   * Walks every block, split across threads when the work is large ({@link Parallelism}): each
   * part owns a disjoint range of the walk, its own operand buffers and iterator, so the output
   * is bit for bit that of one thread. The parts are ranges of the rows of all blocks, or, when
   * there are too few rows to share evenly, bands of columns of every row.
   */
  private static void walk(Kernel kernel, NdIter it, Operand[] ops, int nin, boolean masked) {
    long count = it.count();
    long rows = it.rows();
    boolean flat = count < SHORT_ROW && rows > 1;
    long lines = it.blocks() * rows; // fits: at most the broadcast size
    int parts = Parallelism.parts(lines * count, grain);
    if (parts > 1 && !ops[nin].array.layout().hasDistinctOffsets()) {
      parts = 1; // an output whose elements alias (as_strided): one thread, in the walk's order
    }
    if (parts <= 1) {
      walkPart(kernel, it, ops, nin, masked, flat, 0, lines, 0, count);
      return;
    }
    boolean byRows = flat || lines >= 8L * parts;
    int n = parts;
    Parallelism.forParts(n, p -> {
      Operand[] own = ops;
      if (p < n - 1) { // the caller's part (the last) keeps the originals
        own = new Operand[ops.length];
        for (int i = 0; i < ops.length; i++) {
          own[i] = new Operand(ops[i].array, ops[i].type, ops[i].output);
        }
      }
      long g0 = byRows ? Parallelism.share(lines, n, p) : 0;
      long g1 = byRows ? Parallelism.share(lines, n, p + 1) : lines;
      long c0 = byRows ? 0 : Parallelism.share(count, n, p);
      long c1 = byRows ? count : Parallelism.share(count, n, p + 1);
      walkPart(kernel, it.from(g0 / rows), own, nin, masked, flat, g0, g1, c0, c1);
    });
  }

  /**
   * Walks rows {@code [g0, g1)} of all blocks (row {@code g} is row {@code g % rows} of block
   * {@code g / rows}), columns {@code [c0, c1)} of each, tile by tile; {@code it} is positioned
   * before block {@code g0 / rows}.
   */
  private static void walkPart(Kernel kernel, NdIter it, Operand[] ops, int nin, boolean masked,
      boolean flat, long g0, long g1, long c0, long c1) {
    long rows = it.rows();
    long cols = c1 - c0;
    boolean buffered = false;
    for (int i = 0; i < ops.length; i++) {
      if (flat) {
        // Every operand is gathered into a buffer, all from index 0: C2 (JDK 17) vectorises a
        // loop whose arrays are indexed alike, not one that indexes a buffer and an operand's
        // own array at different offsets; the copies are cheap beside the kernel's scalar loop.
        ops[i].direct = null;
      }
      buffered |= ops[i].direct == null;
    }
    long tileCols = buffered ? Math.min(cols, TILE) : cols;
    long tileRows = buffered ? Math.max(1, Math.min(rows, TILE / tileCols)) : rows;
    if (!buffered && rows > CROSS && cols > CROSS) {
      // An operand that steps further along a row than from row to row (a.T + b) reads across
      // its memory: square tiles keep each one's rows in cache while the others stream. (One
      // broadcast across rows, rowStride 0, reads the same row again: it stays in cache.)
      for (int i = 0; i < ops.length; i++) {
        if (it.rowStride(i) != 0 && Math.abs(it.stride(i)) > Math.abs(it.rowStride(i))) {
          tileCols = CROSS;
          tileRows = CROSS;
        }
      }
    }
    if (buffered) {
      for (Operand op : ops) {
        if (op.direct == null) {
          allocate(op, tileRows * tileCols);
        }
      }
    }
    Block block = BLOCK.get();
    try {
      for (long g = g0; g < g1 && it.next(); ) {
        long rFrom = g % rows;
        long rTo = Math.min(rows, rFrom + (g1 - g));
        for (long r0 = rFrom; r0 < rTo; r0 += tileRows) {
          int tr = (int) Math.min(tileRows, rTo - r0);
          for (long cs = c0; cs < c1; cs += tileCols) {
            int tc = (int) Math.min(tileCols, c1 - cs);
            tile(it, ops, masked, r0, cs, tr, tc);
            int kr = flat ? 1 : tr;
            int kc = flat ? tr * tc : tc;
            if (masked) {
              runMasked(kernel, block, ops, nin, kr, kc);
            } else {
              fill(block, ops, nin, 0, 0, kr, kc);
              kernel.run(block);
            }
            Operand o = ops[nin];
            if (o.direct == null) {
              long offset = it.offset(nin) + r0 * it.rowStride(nin) + cs * it.stride(nin);
              if (!copyRun(o, offset, it.stride(nin), it.rowStride(nin), tr, tc, false)) {
                scatter(o, tileView(o.array, offset, it.stride(nin), it.rowStride(nin), tr, tc),
                    tr, tc);
              }
            }
          }
        }
        g += rTo - rFrom;
      }
    } finally {
      block.a = block.b = block.c = block.o = null;
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void allocate(Operand op, long size) {
    op.scratch = op.type.zeros(Shape.of(size));
    op.arr = javaArray(op.scratch, op.type);
    ScalarType<?> own = op.array.scalarType();
    if (own != op.type) {
      op.writer = CastWriter.into((ScalarType) op.type, op.scratch);
      if (op.output) {
        op.outScratch = own.zeros(Shape.of(size));
        op.outWriter = CastWriter.into((ScalarType) own, op.outScratch);
      }
    }
  }

  /** Points each operand at the tile {@code (r0, c0)} of the block, gathering buffered inputs. */
  private static void tile(NdIter it, Operand[] ops, boolean masked, long r0, long c0, int tr,
      int tc) {
    for (int i = 0; i < ops.length; i++) {
      Operand op = ops[i];
      long offset = it.offset(i) + r0 * it.rowStride(i) + c0 * it.stride(i);
      if (op.direct != null) {
        op.arr = op.direct;
        op.index = (int) (offset * op.slots);
        op.stride = (int) (it.stride(i) * op.slots);
        op.rowStride = (int) (it.rowStride(i) * op.slots);
        continue;
      }
      op.index = 0;
      op.stride = op.slots;
      op.rowStride = tc * op.slots;
      if (op.output && !masked) {
        continue;
      }
      boolean repeats = !op.output && it.rowStride(i) == 0;
      if (repeats && offset == op.heldOffset && tc == op.heldCols && tr <= op.heldRows) {
        continue; // an input broadcast across rows: the scratch already holds this tile
      }
      if (!copyRun(op, offset, it.stride(i), it.rowStride(i), tr, tc, true)
          && !castRun(op, offset, it.stride(i), it.rowStride(i), tr, tc)) {
        gather(op, tileView(op.array, offset, it.stride(i), it.rowStride(i), tr, tc), tr, tc);
      }
      op.heldOffset = repeats ? offset : -1;
      op.heldRows = tr;
      op.heldCols = tc;
    }
  }

  /**
   * Copies a tile that is one run of a Java array of the operand's own compute type between the
   * array and the scratch with {@code System.arraycopy} (into the scratch if {@code in}), without
   * the views and iterator a general copy makes; returns false for any other tile.
   */
  private static boolean copyRun(Operand op, long offset, long stride, long rowStride, int rows,
      int cols, boolean in) {
    if (op.own == null || stride != 1 || (rows > 1 && rowStride != cols)) {
      return false;
    }
    int from = (int) (offset * op.slots);
    int n = rows * cols * op.slots;
    if (in) {
      System.arraycopy(op.own, from, op.arr, 0, n);
    } else {
      System.arraycopy(op.arr, 0, op.own, from, n);
    }
    return true;
  }

  /**
   * Casts a tile that is one run of a Java array into the scratch with its type's direct run
   * cast ({@link CastWriter#castRun}: NumPy's contiguous casting loops, a type of booleans or
   * integers of at most 32 bits into {@code float32} or {@code float64}), without the views of a
   * general cast; returns false for any other tile.
   */
  private static boolean castRun(Operand op, long offset, long stride, long rowStride, int rows,
      int cols) {
    if (op.castable == null || stride != 1 || (rows > 1 && rowStride != cols)) {
      return false;
    }
    CastWriter.castRun(op.array.scalarType(), op.castable, (int) offset, op.arr, 0, rows * cols);
    return true;
  }

  /** The tile {@code (rows, cols)} of an operand as a view of its storage. */
  private static NdArray tileView(NdArray a, long offset, long stride, long rowStride, int rows,
      int cols) {
    return a.asStrided(Layout.of(offset, new long[] {rows, cols}, new long[] {rowStride, stride}));
  }

  /** The first {@code rows * cols} elements of a scratch, as a C-order {@code (rows, cols)}. */
  private static NdArray scratchView(NdArray scratch, int rows, int cols) {
    return scratch.asStrided(Layout.of(0, new long[] {rows, cols}, new long[] {cols, 1}));
  }

  /** Copies (or casts, as NumPy's buffered iterator casts) a tile into the operand's scratch. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void gather(Operand op, NdArray view, int rows, int cols) {
    if (op.writer == null) {
      ((ScalarType) op.type).copy(view, scratchView(op.scratch, rows, cols));
    } else {
      cast(view, op.writer, rows * cols);
    }
  }

  /** Writes an output's tile back, cast to the output's dtype where it differs. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void scatter(Operand op, NdArray view, int rows, int cols) {
    NdArray scratch = scratchView(op.scratch, rows, cols);
    ScalarType target = view.scalarType();
    if (op.outWriter != null) {
      cast(scratch, op.outWriter, rows * cols);
      scratch = scratchView(op.outScratch, rows, cols);
    }
    target.copy(scratch, view);
  }

  /** Casts {@code source}'s {@code n} elements, in C order, into the writer's target. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void cast(NdArray source, CastWriter<?> writer, int n) {
    writer.restart(n);
    if (source instanceof StridedNdArray<?> s) {
      s.castAll(writer).finish();
    } else { // an NdArray the processor did not write: its own astype, then a copy
      ScalarType type = writer.type();
      long[] dims = source.shape().asArray(); // a tile: (rows, cols)
      type.copy(source.astype(type), writer.target().asStrided(Layout.of(0, dims,
          new long[] {dims[1], 1})));
    }
  }

  private static void fill(Block k, Operand[] ops, int nin, int row, int col, int rows,
      int count) {
    k.rows = rows;
    k.count = count;
    Operand o = ops[nin];
    k.o = o.arr;
    k.oi = o.index + row * o.rowStride + col * o.stride;
    k.os = o.stride;
    k.or = o.rowStride;
    Operand a = ops[0];
    k.a = a.arr;
    k.ai = a.index + row * a.rowStride + col * a.stride;
    k.as = a.stride;
    k.ar = a.rowStride;
    if (nin > 1) {
      Operand b = ops[1];
      k.b = b.arr;
      k.bi = b.index + row * b.rowStride + col * b.stride;
      k.bs = b.stride;
      k.br = b.rowStride;
    }
    if (nin > 2) {
      Operand c = ops[2];
      k.c = c.arr;
      k.ci = c.index + row * c.rowStride + col * c.stride;
      k.cs = c.stride;
      k.cr = c.rowStride;
    }
  }

  /** NumPy's masked loop: the kernel runs on each run of true mask values of each row. */
  private static void runMasked(Kernel kernel, Block block, Operand[] ops, int nin, int rows,
      int cols) {
    Operand m = ops[nin + 1];
    boolean[] mask = (boolean[]) m.arr;
    for (int r = 0; r < rows; r++) {
      int base = m.index + r * m.rowStride;
      int c = 0;
      while (c < cols) {
        while (c < cols && !mask[base + c * m.stride]) {
          c++;
        }
        int start = c;
        while (c < cols && mask[base + c * m.stride]) {
          c++;
        }
        if (c > start) {
          fill(block, ops, nin, r, start, 1, c - start);
          kernel.run(block);
        }
      }
    }
  }
}
