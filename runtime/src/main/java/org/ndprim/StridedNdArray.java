package org.ndprim;

import java.util.Objects;
import java.util.function.BiConsumer;
import org.ndprim.layout.Layout;
import org.ndprim.layout.NdIter;
import org.ndprim.storage.Chunks;
import org.ndprim.storage.SharedMemory;

/**
 * The base of every generated array implementation, whatever its element type and storage: a
 * strided {@link Layout} into some storage, and a read-only flag. It owns everything that does
 * not depend on the element type: every view (each is a new layout over the same storage, made
 * by {@link #view(Layout, boolean)}, which keeps the read-only flag), the read-only rule, and the
 * shape checks of copies. Generated subclasses ({@code ShortArrayNdArray} over a
 * {@code short[]}, {@code ShortBufferNdArray} over byte buffers, ...) add the storage, the unboxed
 * accessors and the loops.
 *
 * <p>Not meant to be extended by hand: obtain arrays through the factories of the typed
 * interfaces ({@code ShortNdArray.zeros}, {@code wrap}, ...).
 *
 * @param <A> the typed array interface the subclass implements, e.g. {@code ShortNdArray}
 */
public abstract class StridedNdArray<A extends NdArray> implements NdArray {
  static {
    // the linear algebra reads operands in place (never handing the arrays to user code)
    org.ndprim.internal.Internal.lend(UfuncDriver::javaArray);
  }

  /** The offset, shape and strides of this array (or view) in its storage. */
  protected final Layout layout;
  /** Whether writes through this array throw {@link ReadOnlyArrayException}. */
  protected final boolean readOnly;

  /**
   * Creates an array over the subclass's storage.
   *
   * @param layout where the elements live in the storage; every element offset must lie in it
   * @param readOnly whether writes throw {@link ReadOnlyArrayException}
   */
  protected StridedNdArray(Layout layout, boolean readOnly) {
    this.layout = Objects.requireNonNull(layout, "layout");
    this.readOnly = readOnly;
  }

  /**
   * Returns an array over this array's storage with another layout: the one place every view of
   * this array is made.
   *
   * @param viewLayout the view's layout, within this array's storage
   * @param viewReadOnly whether the view refuses writes
   * @return the view
   */
  protected abstract A view(Layout viewLayout, boolean viewReadOnly);

  /**
   * {@return the memory the layout's offsets index: a Java array of the storage primitive, a
   * {@link org.ndprim.storage.Chunks}, or (for a complex type) the array of its parts} For the
   * ufunc driver ({@link Ufunc}), which hands Java arrays to kernels; never given to users, as it
   * would bypass read-only views.
   */
  protected abstract Object storage();

  /**
   * Casts this array's elements, in C order, into {@code w}, as {@link #astype} does (unsafe
   * casting, NumPy's {@code astype}); the caller checks that the writer received them all. For the
   * ufunc driver, which casts each buffer of an operand of another dtype into a writer it reuses
   * ({@link CastWriter#into}), so that a cast allocates nothing per buffer.
   *
   * @param <T> the target array type
   * @param w the writer, expecting {@code size()} more elements
   * @return {@code w}
   */
  protected abstract <T extends NdArray> CastWriter<T> castInto(CastWriter<T> w);

  /**
   * The shortest rows {@link #castAll} casts through the run cast, one call per row; shorter
   * rows of a source that is not one run go through the generated {@code castInto}, whose
   * per-row loop the JIT inlines, rather than an interface call per few elements (a guard, as
   * the ufunc driver's {@code SHORT_ROW}; not measured).
   */
  static final int RUN_CAST_ROW = 16;

  /**
   * Casts this array's elements, in C order, into {@code w}, as {@link #castInto}: where this
   * array is over a Java array with unit-stride rows (one run, or rows of at least
   * {@link #RUN_CAST_ROW}) and its type's run cast reaches the target
   * ({@link CastWriter#runTarget}: {@code float32} or {@code float64} in a Java array), row by
   * row through that one cast; else through the generated {@code castInto}. What every cast of a
   * strided array calls ({@code astype}, the reductions' and the ufunc driver's casts).
   *
   * @param <T> the target array type
   * @param w the writer, expecting {@code size()} more elements
   * @return {@code w}
   */
  final <T extends NdArray> CastWriter<T> castAll(CastWriter<T> w) {
    ScalarType<?> from = scalarType();
    Object target = w.runTarget(from);
    Object src = target == null ? null : storage();
    if (src == null || src.getClass().getComponentType() != from.storageType()) {
      return castInto(w);
    }
    NdIter c = NdIter.sameShape(NdIter.Order.C, layout);
    if (c.stride(0) != 1 && c.count() > 1
        || c.count() < RUN_CAST_ROW && c.blocks() * c.rows() > 1) {
      return castInto(w);
    }
    while (c.next()) {
      for (long row = c.offset(0), r = 0, rows = c.rows(); r < rows; r++, row += c.rowStride(0)) {
        w.putRun(from, src, (int) row, target, c.count());
      }
    }
    return w;
  }

  /**
   * Returns the Java array this array's layout indexes when it holds the elements' own values as
   * {@code double} or {@code long} (a {@code float64}, {@code int64} or {@code uint64} array over
   * a Java array), so that the reductions ({@link Reduce}) read it in place rather than cast a
   * copy; else {@code null}. The array is never handed to user code.
   *
   * @return the storage array, or {@code null}
   */
  protected final Object reductionStorage() {
    ScalarType<?> t = scalarType();
    if (t.slots() != 1 || t.storageType() != t.logicalType()) {
      return null;
    }
    Object s = storage();
    return s instanceof double[] || s instanceof long[] ? s : null;
  }

  /**
   * The fewest elements worth a thread in a copy or a cast ({@link #copiedInParts},
   * {@link #castInParts}): split from two grains on. Measured (docs/jdk.md, "Threads"); the
   * system property {@code ndprim.parallel.copyGrain} overrides it, and tests lower it.
   */
  static volatile int copyGrain =
      Parallelism.intProperty("ndprim.parallel.copyGrain", 1 << 20, 1, true);

  /**
   * The fewest elements worth a thread in a cast ({@link #castInParts}); by default none splits:
   * measured, {@code astype(float64)} of int32 2^25 on two threads took 1.9 to 2.4 times plain
   * Java against 0.75 on one (each part casts through 512-value blocks into a view of the result,
   * where one thread writes the result's own array), docs/jdk.md "Threads". The system property
   * {@code ndprim.parallel.castGrain} sets it; tests lower it.
   */
  static volatile int castGrain =
      Parallelism.intProperty("ndprim.parallel.castGrain", Integer.MAX_VALUE, 1, true);

  /** Set while this thread copies or casts one part of a split call: a part splits no further. */
  private static final ThreadLocal<boolean[]> IN_PART = ThreadLocal.withInitial(() ->
      new boolean[1]);

  /**
   * Copies {@code src} into this array across {@link Parallelism}'s threads when the copy is large
   * (the generated {@code copyFrom} calls it first, after its checks): both arrays are cut into
   * the same ranges along one axis and {@code copy} copies each pair of ranges, one part per
   * thread. Each element is written once, from its own source element, so the result is bit for
   * bit one thread's. Returns false, having done nothing, when the copy is not split (too small,
   * a cap of 1, already a part, or a source that is not a strided array).
   *
   * @param src the source, of this array's shape, overlapping it in no element
   * @param copy this type's copy of a source range into a range of this array
   * @return whether the copy was done
   */
  @SuppressWarnings("unchecked")
  protected final boolean copiedInParts(A src, BiConsumer<A, A> copy) {
    int parts = Parallelism.parts(size(), copyGrain);
    if (parts <= 1 || !(src instanceof StridedNdArray<?> from) || IN_PART.get()[0]
        || !layout.hasDistinctOffsets()) {
      return false; // (elements that alias are written by one thread, in C order)
    }
    int axis = splitAxis(layout, parts);
    if (axis < 0) {
      return false;
    }
    long d = layout.dim(axis);
    Parallelism.forParts(parts, p -> {
      long lo = Parallelism.share(d, parts, p);
      long hi = Parallelism.share(d, parts, p + 1);
      inPart(() -> copy.accept(view(range(layout, axis, lo, hi), readOnly),
          (A) from.view(range(from.layout, axis, lo, hi), true)));
    });
    return true;
  }

  /**
   * Casts this array into a new C-order array of {@code type}, as {@code astype} (the generated
   * {@code astype} calls it): across {@link Parallelism}'s threads when the cast is large, each
   * thread casting a range of the first axis into its own range of the result, so the result is
   * bit for bit one thread's (off by default: {@link #castGrain}).
   *
   * @param <T> the target array type
   * @param type the target type
   * @return the new array
   */
  @SuppressWarnings("unchecked")
  protected final <T extends NdArray> T castInParts(ScalarType<T> type) {
    long n = size();
    int parts = Parallelism.parts(n, castGrain);
    if (parts <= 1 || layout.dim(0) < parts || IN_PART.get()[0]) {
      return castAll(type.castWriter(shape())).result();
    }
    T result = type.zeros(shape());
    long d = layout.dim(0);
    long inner = n / d;
    Parallelism.forParts(parts, p -> {
      long lo = Parallelism.share(d, parts, p);
      long hi = Parallelism.share(d, parts, p + 1);
      inPart(() -> {
        StridedNdArray<?> part = (StridedNdArray<?>) view(range(layout, 0, lo, hi), true);
        T flat = (T) result.asStrided(Layout.of(lo * inner, new long[] {(hi - lo) * inner},
            new long[] {1}));
        CastWriter<T> w = CastWriter.into(type, flat);
        w.restart(flat.size());
        part.castAll(w).finish();
      });
    });
    return result;
  }

  private static void inPart(Runnable body) {
    boolean[] flag = IN_PART.get();
    boolean was = flag[0];
    flag[0] = true;
    try {
      body.run();
    } finally {
      flag[0] = was;
    }
  }

  /**
   * The axis to cut a copy along: the outermost one at least four times as long as the parts
   * (so they are nearly equal), else the longest one if it has a range per part, else -1.
   */
  private static int splitAxis(Layout l, int parts) {
    int longest = -1;
    for (int axis = 0; axis < l.rank(); axis++) {
      if (l.dim(axis) >= 4L * parts) {
        return axis;
      }
      if (longest < 0 || l.dim(axis) > l.dim(longest)) {
        longest = axis;
      }
    }
    return longest >= 0 && l.dim(longest) >= parts ? longest : -1;
  }

  /** The elements {@code [lo, hi)} of {@code l} along {@code axis}, the others whole. */
  private static Layout range(Layout l, int axis, long lo, long hi) {
    long[] dims = l.shape().asArray();
    dims[axis] = hi - lo;
    return Layout.of(l.offset() + lo * l.stride(axis), dims, l.strides());
  }

  /** Returns this array as its typed interface. */
  @SuppressWarnings("unchecked")
  private A self() {
    return (A) this;
  }

  /**
   * Throws {@link ReadOnlyArrayException} if this array is read-only; every write path calls this
   * before it touches the storage.
   */
  protected final void checkWritable() {
    if (readOnly) {
      throw new ReadOnlyArrayException("array is read-only: " + readOnlyReason()
          + "; write to a copy() instead");
    }
  }

  /**
   * Returns why this read-only array refuses writes, for the message of
   * {@link ReadOnlyArrayException}: {@code it is a broadcast or read-only view}, or what the
   * storage says (an array over memory that maps a file read-only names the file).
   *
   * @return the reason, a clause such as {@code it maps the file a.npy read-only}
   */
  protected String readOnlyReason() {
    return "it is a broadcast or read-only view";
  }

  /**
   * Checks that {@code src} has this array's shape, for a copy into this array (NumPy's
   * {@code self[...] = src} without broadcasting).
   *
   * @param src the source
   * @throws IllegalArgumentException naming both shapes if they differ
   */
  protected final void checkCopyShape(NdArray src) {
    if (!src.shape().equals(shape())) {
      throw new IllegalArgumentException("cannot copy an array of shape " + src.shape()
          + " into an array of shape " + shape());
    }
  }

  /**
   * Returns whether {@code other}'s elements may lie in memory this array's elements use,
   * compared by memory slot by slot (a complex element is two slots), whatever the storage
   * objects: for a write that reads {@code other} in more than one pass, as a complex copy copies
   * the real parts and then the imaginary ones. Conservative: memory it cannot tell counts as
   * shared.
   *
   * @param other an array of the same element size
   * @return false only if no element of one lies in the memory of an element of the other
   */
  protected final boolean mayShareMemory(NdArray other) {
    Object a = UfuncDriver.memory(this);
    Object b = UfuncDriver.memory(other);
    if (size() == 0 || other.size() == 0) {
      return false;
    }
    if (a == null || b == null) {
      return true; // an NdArray ndprim did not make: its memory is unknown
    }
    if (!(a instanceof Chunks) && !(b instanceof Chunks) && a != b) {
      return false; // two Java arrays
    }
    return SharedMemory.mayOverlap(a, UfuncDriver.elementLayout(this), b,
        UfuncDriver.elementLayout(other), scalarType().itemSize() / scalarType().slots());
  }

  /**
   * Checks that {@code src} has exactly the shape of {@code target}, for an assignment into a view
   * (Swift's slice assignment: no broadcasting).
   *
   * @param src the source
   * @param target the destination view
   * @throws IllegalArgumentException naming both shapes if they differ
   */
  protected static void checkAssignShape(NdArray src, NdArray target) {
    if (!src.shape().equals(target.shape())) {
      throw new IllegalArgumentException("shape mismatch: cannot assign an array of shape "
          + src.shape() + " to a destination of shape " + target.shape());
    }
  }

  /**
   * Returns {@code size} as the length of a Java array made by {@code operation}, or fails with a
   * message naming the operation, the shape and the limit, before anything is allocated. For
   * generated code. Both refusals are an {@link IllegalArgumentException}, as every too-big
   * request of ndprim (NumPy's {@code ValueError} or {@code MemoryError}).
   *
   * @param operation the method making the array, e.g. {@code "toArray"}
   * @param size the element count
   * @param shape the shape whose elements the array holds, for the message
   * @param elementBytes the bytes of one array element (8 for a {@code long[]})
   * @return the length
   * @throws IllegalArgumentException if {@code size} exceeds {@link ScalarType#MAX_ARRAY_SIZE}
   *     ("toArray: cannot allocate an array of shape (65536, 65536): it has 4294967296 elements,
   *     more than a Java array holds (2147483639)"), or if the array would need more than the
   *     maximum heap ({@code -Xmx}), as {@link ScalarType#zeros} refuses it, rather than an
   *     {@code OutOfMemoryError}
   */
  public static int arraySize(String operation, long size, Shape shape, int elementBytes) {
    return arraySize(operation, size, 1, shape, elementBytes);
  }

  /**
   * Returns {@code size * slots} as the length of a Java array made by {@code operation} that
   * holds {@code slots} array elements for each of {@code size} array elements (a complex
   * {@code toArray()}: 2), refused as {@link #arraySize(String, long, Shape, int)} refuses.
   *
   * @param operation the method making the array, e.g. {@code "toArray"}
   * @param size the element count
   * @param slots the Java array elements per element, 1 or more
   * @param shape the shape whose elements the array holds, for the message
   * @param elementBytes the bytes of one Java array element (8 for a {@code double[]})
   * @return the length
   * @throws IllegalArgumentException if {@code size * slots} exceeds
   *     {@link ScalarType#MAX_ARRAY_SIZE} or the maximum heap, naming the operation and the shape
   */
  public static int arraySize(String operation, long size, int slots, Shape shape,
      int elementBytes) {
    if (size > ScalarType.MAX_ARRAY_SIZE / slots) {
      throw new IllegalArgumentException(operation + ": cannot allocate an array of shape " + shape
          + ": it has " + size + " elements"
          + (slots == 1 ? "" : " (" + Long.toUnsignedString(size * slots) + " values)")
          + ", more than a Java array holds (" + ScalarType.MAX_ARRAY_SIZE + ")");
    }
    ScalarType.requireHeap(size * slots * elementBytes,
        () -> operation + ": cannot allocate an array of shape " + shape);
    return (int) (size * slots);
  }

  /**
   * Refuses, as {@link #arraySize(String, long, Shape, int)} refuses one array, a call that holds
   * several arrays at once (its result and the working copies it makes: {@code int64} or
   * {@code float64} carriers of its operands, sort keys, orders, positions) when together they
   * need more than the maximum heap ({@code -Xmx}): an {@link IllegalArgumentException} naming
   * the operation and the shape, before anything is allocated, rather than an
   * {@code OutOfMemoryError} from the second or third array. For the runtime's kernels.
   *
   * @param operation the user's operation, e.g. {@code "argsort"}
   * @param shape the shape the arrays are made for, for the message
   * @param bytes the bytes of all the arrays the call holds at once, together; a negative value
   *     (an overflow) is taken as more than any heap
   * @throws IllegalArgumentException "argsort: cannot allocate an array of shape (4500, 4500) and
   *     its working arrays: it needs 405000000 bytes (386.2 MiB), more than the maximum heap
   *     (268435456 bytes (256.0 MiB))"
   */
  public static void requireHeap(String operation, Shape shape, long bytes) {
    ScalarType.requireHeap(bytes < 0 ? Long.MAX_VALUE : bytes, () -> operation
        + ": cannot allocate an array of shape " + shape + " and its working arrays");
  }

  /**
   * {@code size * bytesPerElement}, {@link Long#MAX_VALUE} when that passes a {@code long}: the
   * bytes of {@link #requireHeap(String, Shape, long)} for {@code size} elements.
   *
   * @param size an element count, not negative
   * @param bytesPerElement the bytes of all arrays together for one element, not negative
   * @return the product, saturated
   */
  public static long bytes(long size, long bytesPerElement) {
    return bytesPerElement != 0 && size > Long.MAX_VALUE / bytesPerElement ? Long.MAX_VALUE
        : size * bytesPerElement;
  }

  /**
   * The sum of {@code parts}, {@link Long#MAX_VALUE} when that passes a {@code long}: the bytes
   * of {@link #requireHeap(String, Shape, long)} for several arrays held at once.
   *
   * @param parts byte counts, not negative (each saturated, as {@link #bytes(long, long)} gives)
   * @return the sum, saturated
   */
  public static long sumBytes(long... parts) {
    long sum = 0;
    for (long part : parts) {
      sum = sum > Long.MAX_VALUE - part ? Long.MAX_VALUE : sum + part;
    }
    return sum;
  }

  @Override
  public final Shape shape() {
    return layout.shape();
  }

  @Override
  public final Layout layout() {
    return layout;
  }

  @Override
  public final int rank() {
    return layout.rank();
  }

  @Override
  public final long size() {
    return layout.size();
  }

  @Override
  public final boolean isReadOnly() {
    return readOnly;
  }

  @Override
  public A get(long... coords) {
    return view(layout.get(coords), readOnly);
  }

  /**
   * A view for basic indices; with an array entry ({@link Indices#take}, {@link Indices#mask})
   * a new C-order array gathered as NumPy's advanced indexing (writable, whatever this is).
   */
  @Override
  public A slice(Index... indices) {
    if (AdvancedIndexing.any(indices)) {
      return AdvancedIndexing.gather(this, indices);
    }
    return view(layout.slice(indices), readOnly);
  }

  @Override
  public A assign(NdArray value, Index... indices) {
    checkWritable();
    Objects.requireNonNull(value, "value");
    AdvancedIndexing.assign(this, value, indices);
    return self();
  }

  /**
   * The typed {@code set(src, indices)} of generated code: with basic indices only, a copy of
   * {@code src} (of exactly the view's shape, as Swift's slice assignment) into the view
   * {@code slice(indices)}; with an array entry, {@link #assign(NdArray, Index...)} (NumPy's
   * scatter, broadcasting {@code src}).
   *
   * @param src the elements
   * @param indices the spec
   * @return this array
   */
  protected final A setExact(NdArray src, Index... indices) {
    if (AdvancedIndexing.any(indices)) {
      return assign(src, indices);
    }
    A target = slice(indices);
    checkAssignShape(src, target);
    scalarType().copy(src, target);
    return self();
  }

  @Override
  public A stridedSlice(long[] begin, long[] end, long[] strides,
      StridedSliceOptions options) {
    return view(layout.stridedSlice(begin, end, strides, options), readOnly);
  }

  @Override
  public A subarray(long start, long end) {
    return view(layout.range(start, end), readOnly);
  }

  @Override
  public A prefix(long k) {
    return view(layout.prefix(k), readOnly);
  }

  @Override
  public A suffix(long k) {
    return view(layout.suffix(k), readOnly);
  }

  @Override
  public A transpose() {
    return view(layout.transpose(), readOnly);
  }

  @Override
  public A permute(int... axes) {
    return view(layout.permute(axes), readOnly);
  }

  /**
   * A view when {@link Layout#reshapeIfView} finds strides, else a C-order copy (writable, as
   * NumPy's copy) reshaped, which always is a view of the copy.
   */
  @Override
  @SuppressWarnings("unchecked")
  public A reshape(Shape shape) {
    Layout viewLayout = layout.reshapeIfView(shape);
    return viewLayout != null ? view(viewLayout, readOnly) : (A) copy().reshapeView(shape);
  }

  @Override
  public A reshape(long... dims) {
    return reshape(Layout.resolveShape(size(), dims));
  }

  @Override
  public A reshapeView(Shape shape) {
    return view(layout.reshape(shape), readOnly);
  }

  @Override
  public A reshapeView(long... dims) {
    return reshapeView(Layout.resolveShape(size(), dims));
  }

  /** Broadcast views are read-only: distinct coordinates share storage elements. */
  @Override
  public A broadcastTo(Shape shape) {
    return view(layout.broadcastTo(shape), true);
  }

  @Override
  public A squeeze() {
    return view(layout.squeeze(), readOnly);
  }

  @Override
  public A squeeze(int axis) {
    return view(layout.squeeze(axis), readOnly);
  }

  @Override
  public A expandDims(int axis) {
    return view(layout.expandDims(axis), readOnly);
  }

  /**
   * Returns a view of this array's storage with any layout whose element offsets lie within
   * this array's own extent {@code [layout().minOffset(), layout().maxOffset()]}: NumPy's
   * {@code numpy.lib.stride_tricks.as_strided}, but checked, so it can never reach storage this
   * array does not span. Offsets and strides are in elements of the storage primitive (a
   * complex array's are in elements: see {@link Layout#part}). Views made this way may alias
   * (several coordinates on one element): writes through them are as NumPy's.
   *
   * @param viewLayout the view's offset, shape and strides
   * @return a view sharing this array's storage (read-only if this array is)
   * @throws IllegalArgumentException if an element offset of {@code viewLayout} lies outside
   *     this array's extent (the message names both ranges)
   */
  @Override
  public A asStrided(Layout viewLayout) {
    Objects.requireNonNull(viewLayout, "layout");
    if (viewLayout.size() > 0 && (layout.size() == 0
        || viewLayout.minOffset() < layout.minOffset()
        || viewLayout.maxOffset() > layout.maxOffset())) {
      throw new IllegalArgumentException("layout " + viewLayout + " reaches offsets ["
          + viewLayout.minOffset() + ", " + viewLayout.maxOffset() + "], outside this array's "
          + (layout.size() == 0 ? "(empty) extent"
              : "[" + layout.minOffset() + ", " + layout.maxOffset() + "]"));
    }
    return view(viewLayout, readOnly);
  }

  @Override
  public A readOnly() {
    return readOnly ? self() : view(layout, true);
  }

  /**
   * Returns the elements along the leading axes {@code 0..axis} as views, in C order (TF-Java's
   * {@code elements(axis)}).
   *
   * @param axis the last leading axis; a negative value counts from the end
   * @return the sequence of views
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}
   */
  public NdArraySequence<A> elements(int axis) {
    return NdArraySequence.elements(layout, axis, l -> view(l, readOnly));
  }

  /**
   * Returns every element as a rank-0 view, in C order (TF-Java's {@code scalars()}).
   *
   * @return the sequence of rank-0 views
   */
  public NdArraySequence<A> scalars() {
    return NdArraySequence.scalars(layout, l -> view(l, readOnly));
  }
}
