package org.ndprim;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.Objects;
import org.ndprim.ufunc.Loops;
import java.util.function.BiFunction;
import org.ndprim.layout.Layout;
import org.ndprim.storage.Chunks;

/**
 * Describes one generated array type, NumPy's dtype for ndprim: its name, NumPy dtype
 * descriptor, storage and logical primitives, item size, and how to make arrays of it over a Java
 * array or over memory ({@link Chunks}). One instance exists per type, as the {@code TYPE}
 * constant of the generated interface (e.g. {@code ShortNdArray.TYPE}).
 *
 * @param <A> the generated array interface, e.g. {@code ShortNdArray}
 */
public final class ScalarType<A extends NdArray> {
  /** The largest element count of one Java array, as the JDK's collections assume. */
  public static final int MAX_ARRAY_SIZE = Integer.MAX_VALUE - 8;

  private final String name;
  private final String dtype;
  private final Class<?> storageType;
  private final Class<?> logicalType;
  private final Class<A> arrayType;
  private final int itemSize;
  private final BiFunction<Object, Layout, A> overArray;
  private final BiFunction<Chunks, Layout, A> overBuffer;
  private final BiFunction<Chunks, Layout, A> overChunks;
  private final BiFunction<A, A, A> copyTo;
  private final int slots;
  private final char kind;
  private final CastBlock<A, long[]> fromLongs;
  private final CastBlock<A, long[]> fromUnsignedLongs;
  private final CastBlock<A, double[]> fromDoubles;
  private final CastBlock<A, double[]> fromComplex;
  private final boolean smallIntegersAsDoubles;
  private final Loops loops;

  /**
   * Writes a block of cast values into a fresh array of a generated type: {@code count} carrier
   * values (for complex values {@code 2 * count}: real and imaginary parts interleaved) become the
   * elements {@code start, ..., start + count - 1} of a rank-1 C-order array. For generated code;
   * see {@link CastWriter}.
   *
   * @param <A> the generated array interface
   * @param <V> the carrier array, {@code long[]} or {@code double[]}
   */
  @FunctionalInterface
  public interface CastBlock<A extends NdArray, V> {
    /**
     * Casts {@code values[0..count)} into {@code flat[start..start + count)}.
     *
     * @param flat a writable rank-1 array of this type
     * @param start the first element written
     * @param values the carrier values (not kept)
     * @param count how many elements to write
     */
    void put(A flat, long start, V values, int count);
  }

  /**
   * Creates a descriptor; called by generated code.
   *
   * @param name the spec name, e.g. {@code "Short"}
   * @param dtype the NumPy dtype descriptor as declared, e.g. {@code "<i2"}
   * @param storageType the primitive stored in the backing array, e.g. {@code short.class}
   * @param logicalType the primitive the accessors use
   * @param arrayType the generated array interface, e.g. {@code ShortNdArray.class}
   * @param itemSize the bytes of one element in memory and in {@code .npy} files
   * @param overArray makes a writable array over a Java array of {@link #storageType()}
   *     (already checked to hold every element offset of the layout)
   * @param overBuffer makes an array over memory of one buffer (already checked to hold every
   *     element offset of the layout); read-only when the memory is
   * @param overChunks the same over memory of several chunks
   * @param copyTo the typed {@code copyTo}: copies its first argument into its second
   * @param slots storage primitives per element: 1, or 2 for complex types (real, imaginary)
   * @param fromLongs casts blocks of {@code int64} values to this type, as NumPy's
   *     {@code astype} from {@code int64} (see {@link #castWriter})
   * @param fromUnsignedLongs the same from {@code uint64} values (the bits of a {@code long})
   * @param fromDoubles the same from {@code float64} values
   * @param fromComplex the same from {@code complex128} values, parts interleaved
   * @param smallIntegersAsDoubles whether {@code fromDoubles} of an integer of at most 32 bits,
   *     exact as a {@code double}, gives what {@code fromLongs} of it gives (see
   *     {@link #takesSmallIntegersAsDoubles()})
   * @throws IllegalArgumentException if a type is not a primitive, the item size is not positive
   *     or not {@code slots} storage primitives
   */
  public ScalarType(String name, String dtype, Class<?> storageType, Class<?> logicalType,
      Class<A> arrayType, int itemSize, int slots, BiFunction<Object, Layout, A> overArray,
      BiFunction<Chunks, Layout, A> overBuffer, BiFunction<Chunks, Layout, A> overChunks,
      BiFunction<A, A, A> copyTo, CastBlock<A, long[]> fromLongs,
      CastBlock<A, long[]> fromUnsignedLongs, CastBlock<A, double[]> fromDoubles,
      CastBlock<A, double[]> fromComplex, boolean smallIntegersAsDoubles) {
    this(name, dtype, storageType, logicalType, arrayType, itemSize, slots, overArray, overBuffer,
        overChunks, copyTo, fromLongs, fromUnsignedLongs, fromDoubles, fromComplex,
        smallIntegersAsDoubles, null);
  }

  /**
   * Creates a descriptor with its ufunc kernels; called by generated code. The parameters are
   * those of the other constructor, and:
   *
   * @param name the spec name
   * @param dtype the NumPy dtype descriptor
   * @param storageType the primitive stored in the backing array
   * @param logicalType the primitive the accessors use
   * @param arrayType the generated array interface
   * @param itemSize the bytes of one element
   * @param slots storage primitives per element
   * @param overArray makes a writable array over a Java array
   * @param overBuffer makes an array over memory of one buffer
   * @param overChunks the same over memory of several chunks
   * @param copyTo the typed {@code copyTo}
   * @param fromLongs casts blocks of {@code int64} values to this type
   * @param fromUnsignedLongs the same from {@code uint64} values
   * @param fromDoubles the same from {@code float64} values
   * @param fromComplex the same from {@code complex128} values
   * @param smallIntegersAsDoubles see {@link #takesSmallIntegersAsDoubles()}
   * @param loops the type's ufunc kernels, or {@code null} if it computes through the type of
   *     its logical primitive (float16 and bfloat16 through float32)
   * @throws IllegalArgumentException as the other constructor
   */
  public ScalarType(String name, String dtype, Class<?> storageType, Class<?> logicalType,
      Class<A> arrayType, int itemSize, int slots, BiFunction<Object, Layout, A> overArray,
      BiFunction<Chunks, Layout, A> overBuffer, BiFunction<Chunks, Layout, A> overChunks,
      BiFunction<A, A, A> copyTo, CastBlock<A, long[]> fromLongs,
      CastBlock<A, long[]> fromUnsignedLongs, CastBlock<A, double[]> fromDoubles,
      CastBlock<A, double[]> fromComplex, boolean smallIntegersAsDoubles, Loops loops) {
    this.loops = loops;
    this.smallIntegersAsDoubles = smallIntegersAsDoubles;
    this.name = Objects.requireNonNull(name, "name");
    this.dtype = Objects.requireNonNull(dtype, "dtype");
    this.storageType = requirePrimitive(storageType, "storageType");
    this.logicalType = requirePrimitive(logicalType, "logicalType");
    this.arrayType = Objects.requireNonNull(arrayType, "arrayType");
    if (itemSize <= 0) {
      throw new IllegalArgumentException("item size must be positive, got " + itemSize);
    }
    this.itemSize = itemSize;
    if (slots < 1 || itemSize % slots != 0) {
      throw new IllegalArgumentException(slots + " slots do not divide the item size " + itemSize);
    }
    this.slots = slots;
    this.kind = kindOf(dtype);
    this.overArray = Objects.requireNonNull(overArray, "overArray");
    this.overBuffer = Objects.requireNonNull(overBuffer, "overBuffer");
    this.overChunks = Objects.requireNonNull(overChunks, "overChunks");
    this.copyTo = Objects.requireNonNull(copyTo, "copyTo");
    this.fromLongs = Objects.requireNonNull(fromLongs, "fromLongs");
    this.fromUnsignedLongs = Objects.requireNonNull(fromUnsignedLongs, "fromUnsignedLongs");
    this.fromDoubles = Objects.requireNonNull(fromDoubles, "fromDoubles");
    this.fromComplex = Objects.requireNonNull(fromComplex, "fromComplex");
  }

  /** The kind letter of a descriptor such as {@code "<f2"}, {@code "|u1"}, {@code "<V2"}. */
  private static char kindOf(String dtype) {
    int i = !dtype.isEmpty() && "<>|=".indexOf(dtype.charAt(0)) >= 0 ? 1 : 0;
    return i < dtype.length() ? dtype.charAt(i) : '?';
  }

  private static Class<?> requirePrimitive(Class<?> type, String what) {
    if (type == null || !type.isPrimitive() || type == void.class) {
      throw new IllegalArgumentException(what + " must be a primitive class, got " + type);
    }
    return type;
  }

  /**
   * {@return this type's ufunc kernels, or {@code null} if it computes through another type (see
   * {@link Ufunc})}
   */
  public Loops loops() {
    return loops;
  }

  /** {@return the spec name, e.g. {@code "Short"} or {@code "Float16"}} */
  public String name() {
    return name;
  }

  /** {@return the NumPy dtype descriptor as declared, e.g. {@code "<i2"}} */
  public String dtype() {
    return dtype;
  }

  /** {@return the primitive class of the storage array, e.g. {@code short.class}} */
  public Class<?> storageType() {
    return storageType;
  }

  /** {@return the primitive class of the accessors, e.g. {@code float.class} for Float16} */
  public Class<?> logicalType() {
    return logicalType;
  }

  /** {@return the generated array interface, e.g. {@code ShortNdArray.class}} */
  public Class<A> arrayType() {
    return arrayType;
  }

  /**
   * {@return the size in bytes of one element in memory and in {@code .npy} files, NumPy's
   * {@code itemsize} (1 for boolean, as NumPy's {@code |b1})}
   */
  public int itemSize() {
    return itemSize;
  }

  /**
   * {@return the number of storage primitives per element: 1, or 2 for the complex types, whose
   * elements are a real and an imaginary part, in that order (NumPy's layout of
   * {@code complex64} as two {@code float32})}
   */
  public int slots() {
    return slots;
  }

  /**
   * {@return NumPy's kind letter of the dtype: {@code 'b'} boolean, {@code 'i'} signed integer,
   * {@code 'u'} unsigned integer ({@code char} included), {@code 'f'} floating point, {@code 'c'}
   * complex, {@code 'V'} a type NumPy does not know (ml_dtypes' {@code bfloat16} is saved as
   * {@code <V2})}
   */
  public char kind() {
    return kind;
  }

  /**
   * Wraps a storage array without copying; element {@code k} of the array is element {@code k}
   * in C order.
   *
   * @param shape the shape of the result
   * @param storageArray an array of {@link #storageType()} of length {@code shape.size() *
   *     slots()} (a complex element is its real part followed by its imaginary part)
   * @return a writable array sharing {@code storageArray}
   * @throws IllegalArgumentException if the array has the wrong type or length
   */
  public A wrapStorage(Shape shape, Object storageArray) {
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(storageArray, "storageArray");
    if (storageArray.getClass().getComponentType() != storageType) {
      throw new IllegalArgumentException("expected a " + storageType.getName() + "[] for " + name
          + ", got " + storageArray.getClass().getSimpleName());
    }
    int length = Array.getLength(storageArray);
    if (length != storageLength(shape)) {
      throw new IllegalArgumentException("storage length " + length
          + " does not match shape " + shape + " of size " + shape.size()
          + (slots == 1 ? "" : " (" + slots + " " + storageType.getName() + " per element)"));
    }
    return overArray.apply(storageArray, Layout.cOrder(shape));
  }

  /**
   * Returns an array over memory without copying: element {@code k} in C order is the
   * {@link #itemSize()} bytes at byte {@code k * itemSize()}, in the memory's byte order. Writes
   * reach the memory (a mapped file, for a writable mapping); read-only memory gives a read-only
   * array.
   *
   * @param shape the shape of the result
   * @param memory exactly {@code shape.size() * itemSize()} bytes
   * @return an array sharing the memory
   * @throws IllegalArgumentException if the memory's size does not match the shape, or its
   *     chunks cannot hold whole items
   */
  public A wrap(Shape shape, Chunks memory) {
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(memory, "memory");
    long bytes = byteSize(shape);
    if (memory.byteSize() != bytes) {
      throw new IllegalArgumentException("memory of " + memory.byteSize() + " bytes does not match"
          + " shape " + shape + " of " + name + " (" + bytes + " bytes)");
    }
    memory.elementShift(itemSize); // checks that items never straddle chunks
    return over(memory, Layout.cOrder(shape));
  }

  /**
   * Returns an array over the remaining bytes of a buffer without copying, in the buffer's byte
   * order (so {@code >i4} data is a view, not a conversion): the same as
   * {@code wrap(shape, Chunks.of(buffer))}.
   *
   * @param shape the shape of the result
   * @param buffer a heap, direct or mapped buffer with exactly {@code shape.size() * itemSize()}
   *     bytes remaining
   * @return an array sharing the buffer's memory; read-only if the buffer is
   * @throws IllegalArgumentException if the remaining bytes do not match the shape
   */
  public A wrap(Shape shape, ByteBuffer buffer) {
    return wrap(shape, Chunks.of(buffer));
  }

  /**
   * Returns a new array of the given shape whose storage is all zero bits: over a Java array when
   * the storage fits one ({@value #MAX_ARRAY_SIZE} primitives), else over zeroed heap memory in chunks.
   * A request larger than the whole heap ({@code -Xmx}) fails before anything is allocated, as
   * NumPy's {@code MemoryError} does, rather than with an {@code OutOfMemoryError}.
   *
   * @param shape the shape
   * @return a new writable C-order array
   * @throws IllegalArgumentException if the byte size overflows a {@code long} (NumPy's "array is
   *     too big") or exceeds the maximum heap; the message names the shape, the type and the
   *     bytes, e.g. "cannot allocate an array of shape (1099511627776,) of Double: it needs
   *     8796093022208 bytes (8.0 TiB), more than the maximum heap (...)"
   */
  public A zeros(Shape shape) {
    long bytes = allocationBytes(shape);
    long length = storageLength(shape);
    if (length <= MAX_ARRAY_SIZE) {
      return overArray.apply(Array.newInstance(storageType, (int) length), Layout.cOrder(shape));
    }
    return over(Chunks.allocate(bytes), Layout.cOrder(shape));
  }

  /**
   * Whether a {@code float64} carrier value is this type's stored value as it is: one
   * {@code double} slot, a {@code double} logical type and Java's own conversions
   * ({@link #takesSmallIntegersAsDoubles()}), as {@code float64} has. Then a cast may write its
   * values straight into the result's {@code double[]} ({@link CastWriter#doublesBlock()}).
   */
  boolean storesDoublesAsGiven() {
    return storageType == double.class && logicalType == double.class && slots == 1
        && smallIntegersAsDoubles;
  }

  /**
   * Returns the byte size of a new array of this type and shape, refused when it cannot be
   * allocated: what {@link #zeros} and every cast ({@link CastWriter}) check first.
   *
   * @throws IllegalArgumentException "cannot allocate an array of shape (...) of Double: ...",
   *     naming the bytes, if the byte size overflows a {@code long} (NumPy's "array is too big")
   *     or exceeds the maximum heap (NumPy's {@code MemoryError})
   */
  long allocationBytes(Shape shape) {
    long bytes;
    try {
      bytes = byteSize(shape, itemSize);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("cannot allocate an array of shape " + shape + " of "
          + name + ": its non-zero dimensions times the " + itemSize + "-byte item size exceed"
          + " 2^63-1 bytes (numpy: array is too big)");
    }
    requireHeap(bytes, () -> "cannot allocate an array of shape " + shape + " of " + name);
    return bytes;
  }

  /**
   * Fails with {@code what.get() + ": it needs <bytes>, more than the maximum heap (<heap>)"} when
   * {@code bytes} exceed {@link Runtime#maxMemory()}: an allocation that could never succeed is an
   * error naming it, before anything is allocated, as NumPy's {@code MemoryError}.
   * The message is built only then: {@code zeros} and every cast call this, and building it
   * each time cost a string per call (about 200 bytes).
   */
  static void requireHeap(long bytes, java.util.function.Supplier<String> what) {
    long heap = Runtime.getRuntime().maxMemory();
    if (bytes > heap) {
      throw new IllegalArgumentException(what.get() + ": it needs " + Chunks.describeBytes(bytes)
          + ", more than the maximum heap (" + Chunks.describeBytes(heap) + ")");
    }
  }

  /** An array over memory: of one buffer, or of several chunks. */
  private A over(Chunks memory, Layout layout) {
    return memory.count() == 1 ? overBuffer.apply(memory, layout) : overChunks.apply(memory, layout);
  }

  /**
   * Copies the elements of {@code from} into {@code to}, both arrays of this type, as the typed
   * {@code to.copyFrom(from)}: for code that holds arrays only as {@link NdArray}.
   *
   * @param from the source
   * @param to the destination, of the same shape
   * @throws IllegalArgumentException if either is not of this type, or the shapes differ
   * @throws ReadOnlyArrayException if {@code to} is read-only
   */
  public void copy(NdArray from, NdArray to) {
    copyTo.apply(cast(from, "source"), cast(to, "destination"));
  }

  private A cast(NdArray a, String what) {
    if (!arrayType.isInstance(Objects.requireNonNull(a, what))) {
      throw new IllegalArgumentException("the " + what + " is a " + a.scalarType().name()
          + " array, not " + name);
    }
    return arrayType.cast(a);
  }

  /** {@code shape.size() * slots}: the storage primitives of an array; cannot overflow a long. */
  private long storageLength(Shape shape) {
    return byteSize(shape) / (itemSize / slots);
  }

  /**
   * Returns the byte size of an array of this type and shape. As NumPy's array constructor
   * ("array is too big"), the product of the non-zero dimensions times the item size must fit a
   * {@code long} even when a zero dimension makes the array empty: {@code (0, 2^62)} of a 2-byte
   * type is refused, so no array is made (or written) that NumPy could not make.
   *
   * @param shape the shape
   * @return {@code shape.size() * itemSize()}
   * @throws ArithmeticException naming the shape if that product overflows a {@code long}
   */
  public long byteSize(Shape shape) {
    try {
      return byteSize(shape, itemSize);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("an array of shape " + shape + " of " + name + " ("
          + itemSize + "-byte items) has more than 2^63-1 bytes");
    }
  }

  /**
   * Returns {@code shape.size() * itemSize}, with NumPy's "array is too big" check of
   * {@link #byteSize(Shape)}: for any item size, as {@code Npy} checks a header of a dtype that
   * has no type here.
   *
   * @param shape the shape
   * @param itemSize the bytes of one element, positive
   * @return the byte size
   * @throws ArithmeticException if the non-zero dimensions times {@code itemSize} overflow a
   *     {@code long}
   */
  public static long byteSize(Shape shape, int itemSize) {
    long nonZero = itemSize;
    for (int axis = 0; axis < shape.rank(); axis++) {
      long d = shape.dim(axis);
      nonZero = d == 0 ? nonZero : Math.multiplyExact(nonZero, d);
    }
    return shape.size() * (long) itemSize; // at most nonZero
  }

  /**
   * Returns a writer of cast values into a new C-order array of this type and shape: what
   * {@code astype(type)} of every generated type calls, in blocks, so that a cast allocates only
   * its result. Values are converted as NumPy's {@code astype} converts {@code int64},
   * {@code uint64}, {@code float64} or {@code complex128} to this dtype; see
   * {@link CastWriter}.
   *
   * @param shape the shape of the result
   * @return a writer expecting {@code shape.size()} values
   * @throws IllegalArgumentException if the result's byte size overflows a {@code long} or
   *     would exceed the maximum heap (see {@link #zeros})
   */
  public CastWriter<A> castWriter(Shape shape) {
    return new CastWriter<>(this, Objects.requireNonNull(shape, "shape"));
  }

  /**
   * {@return whether {@code astype} from an integer type of at most 32 bits (bool, int8 to int32,
   * uint8, uint16, char) may hand its values to {@link #castWriter} as {@code double}s} True for
   * the types whose conversion of a {@code double} holding an integer exactly is their conversion
   * of that integer: those whose casts are Java's own ({@code float}, {@code double}, the complex
   * types). The source then converts {@code int} to {@code double} in one loop, which the JIT
   * vectorises, rather than {@code int} to {@code long} and {@code long} to {@code double}.
   */
  public boolean takesSmallIntegersAsDoubles() {
    return smallIntegersAsDoubles;
  }

  /**
   * Returns a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code int64} to this type ({@code np.array(values).astype(dtype)}). Integer targets keep the
   * low bits (narrowing wraps), floating-point targets round to nearest once, {@code boolean} is
   * "nonzero", complex targets get a zero imaginary part.
   *
   * @param shape the shape of the result
   * @param values the elements in C order, exactly {@code shape.size()} of them (not kept)
   * @return the new array
   * @throws IllegalArgumentException if {@code values.length} differs from {@code shape.size()}
   */
  public A fromLongs(Shape shape, long[] values) {
    return castWriter(shape).putLongs(values, checkCount(shape, values.length, 1)).result();
  }

  /**
   * Returns a new C-order array of this type holding {@code values}, read as NumPy's
   * {@code uint64} (the unsigned value of each {@code long}'s bits), cast as NumPy casts
   * {@code uint64} to this type: as {@link #fromLongs} for integer targets, one rounding of the
   * unsigned value for floating-point ones.
   *
   * @param shape the shape of the result
   * @param values the elements in C order, exactly {@code shape.size()} of them (not kept)
   * @return the new array
   * @throws IllegalArgumentException if {@code values.length} differs from {@code shape.size()}
   */
  public A fromUnsignedLongs(Shape shape, long[] values) {
    return castWriter(shape).putUnsignedLongs(values, checkCount(shape, values.length, 1))
        .result();
  }

  /**
   * Returns a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code float64} to this type: floating-point targets round to nearest once (also
   * {@code float16}: one rounding, not through {@code float32}); integer targets truncate toward
   * zero. Where NumPy's result is left to the platform (C's undefined behaviour: NaN, infinities
   * and values outside the target's range) the result is defined here: see each type's
   * {@code fromDoubles}; {@code boolean} is "nonzero" (NaN is true).
   *
   * @param shape the shape of the result
   * @param values the elements in C order, exactly {@code shape.size()} of them (not kept)
   * @return the new array
   * @throws IllegalArgumentException if {@code values.length} differs from {@code shape.size()}
   */
  public A fromDoubles(Shape shape, double[] values) {
    return castWriter(shape).putDoubles(values, checkCount(shape, values.length, 1)).result();
  }

  /**
   * Returns a new C-order array of this type holding complex values cast as NumPy casts
   * {@code complex128} to this type: real targets keep the real part (NumPy warns
   * {@code ComplexWarning}), {@code boolean} is true when either part is nonzero.
   *
   * @param shape the shape of the result
   * @param parts real and imaginary parts interleaved, {@code 2 * shape.size()} of them (not
   *     kept)
   * @return the new array
   * @throws IllegalArgumentException if {@code parts.length} differs from
   *     {@code 2 * shape.size()}
   */
  public A fromComplex(Shape shape, double[] parts) {
    return castWriter(shape).putComplex(parts, checkCount(shape, parts.length, 2)).result();
  }

  private static int checkCount(Shape shape, int length, int perElement) {
    if (length != shape.size() * perElement) {
      throw new IllegalArgumentException(length + (perElement == 1 ? " values" : " parts")
          + " do not fit shape " + shape + " of size " + shape.size()
          + (perElement == 1 ? "" : " (" + perElement + " parts per element)"));
    }
    return (int) shape.size();
  }

  void putLongs(A flat, long start, long[] values, int count) {
    fromLongs.put(flat, start, values, count);
  }

  void putUnsignedLongs(A flat, long start, long[] values, int count) {
    fromUnsignedLongs.put(flat, start, values, count);
  }

  void putDoubles(A flat, long start, double[] values, int count) {
    fromDoubles.put(flat, start, values, count);
  }

  void putComplex(A flat, long start, double[] values, int count) {
    fromComplex.put(flat, start, values, count);
  }

  /** Returns e.g. {@code ScalarType[Short, <i2]}. */
  @Override
  public String toString() {
    return "ScalarType[" + name + ", " + dtype + "]";
  }
}
