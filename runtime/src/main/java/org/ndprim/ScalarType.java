package org.ndprim;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.Objects;
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
  private final BiFunction<Shape, long[], A> fromLongs;
  private final BiFunction<Shape, double[], A> fromDoubles;

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
   * @param fromLongs makes a new array of a shape from C-order {@code long} values, cast as NumPy
   *     casts {@code int64} to this type (see {@link #fromLongs})
   * @param fromDoubles the same from {@code double} values, as NumPy casts {@code float64}
   * @throws IllegalArgumentException if a type is not a primitive or the item size not positive
   */
  public ScalarType(String name, String dtype, Class<?> storageType, Class<?> logicalType,
      Class<A> arrayType, int itemSize, BiFunction<Object, Layout, A> overArray,
      BiFunction<Chunks, Layout, A> overBuffer, BiFunction<Chunks, Layout, A> overChunks,
      BiFunction<A, A, A> copyTo, BiFunction<Shape, long[], A> fromLongs,
      BiFunction<Shape, double[], A> fromDoubles) {
    this.name = Objects.requireNonNull(name, "name");
    this.dtype = Objects.requireNonNull(dtype, "dtype");
    this.storageType = requirePrimitive(storageType, "storageType");
    this.logicalType = requirePrimitive(logicalType, "logicalType");
    this.arrayType = Objects.requireNonNull(arrayType, "arrayType");
    if (itemSize <= 0) {
      throw new IllegalArgumentException("item size must be positive, got " + itemSize);
    }
    this.itemSize = itemSize;
    this.overArray = Objects.requireNonNull(overArray, "overArray");
    this.overBuffer = Objects.requireNonNull(overBuffer, "overBuffer");
    this.overChunks = Objects.requireNonNull(overChunks, "overChunks");
    this.copyTo = Objects.requireNonNull(copyTo, "copyTo");
    this.fromLongs = Objects.requireNonNull(fromLongs, "fromLongs");
    this.fromDoubles = Objects.requireNonNull(fromDoubles, "fromDoubles");
  }

  private static Class<?> requirePrimitive(Class<?> type, String what) {
    if (type == null || !type.isPrimitive() || type == void.class) {
      throw new IllegalArgumentException(what + " must be a primitive class, got " + type);
    }
    return type;
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
   * Wraps a storage array without copying; element {@code k} of the array is element {@code k}
   * in C order.
   *
   * @param shape the shape of the result
   * @param storageArray an array of {@link #storageType()} of length {@code shape.size()}
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
    if (length != shape.size()) {
      throw new IllegalArgumentException("storage length " + length
          + " does not match shape " + shape + " of size " + shape.size());
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
   * the size fits one ({@value #MAX_ARRAY_SIZE} elements), else over zeroed heap memory in chunks.
   * A request larger than the whole heap ({@code -Xmx}) fails before anything is allocated, as
   * NumPy's {@code MemoryError} does, rather than with an {@code OutOfMemoryError}.
   *
   * @param shape the shape
   * @return a new writable C-order array
   * @throws ArithmeticException if the byte size overflows a {@code long}
   * @throws IllegalArgumentException if it exceeds the maximum heap (the message names the shape
   *     and the bytes needed)
   */
  public A zeros(Shape shape) {
    long size = shape.size();
    long bytes = byteSize(shape);
    long heap = Runtime.getRuntime().maxMemory();
    if (bytes > heap) {
      throw new IllegalArgumentException("cannot allocate an array of shape " + shape + " of "
          + name + ": it needs " + Chunks.describeBytes(bytes) + ", more than the maximum heap ("
          + Chunks.describeBytes(heap) + ")");
    }
    if (size <= MAX_ARRAY_SIZE) {
      return overArray.apply(Array.newInstance(storageType, (int) size), Layout.cOrder(shape));
    }
    return over(Chunks.allocate(bytes), Layout.cOrder(shape));
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

  /**
   * Returns the byte size of an array of this type and shape.
   *
   * @param shape the shape
   * @return {@code shape.size() * itemSize()}
   * @throws ArithmeticException naming the shape if it overflows a {@code long}
   */
  public long byteSize(Shape shape) {
    try {
      return Math.multiplyExact(shape.size(), (long) itemSize);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("an array of shape " + shape + " of " + name + " ("
          + itemSize + "-byte items) has more than 2^63-1 bytes");
    }
  }

  /**
   * {@return a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code int64} to this type: what {@code astype(type)} calls for integral and boolean sources
   * (booleans read as 0 and 1)} Integer targets keep the low bits (narrowing wraps), {@code float}
   * and {@code double} round to nearest (one rounding, from the {@code long}), {@code boolean} is
   * "nonzero"; a type with its own storage format receives the cast logical value.
   *
   * @param shape the shape of the result
   * @param values the elements in C order, exactly {@code shape.size()} of them (not kept)
   * @throws IllegalArgumentException if {@code values.length} differs from {@code shape.size()}
   * @throws UnsupportedOperationException if this descriptor was made without casts
   */
  public A fromLongs(Shape shape, long[] values) {
    return fromLongs.apply(Objects.requireNonNull(shape, "shape"),
        Objects.requireNonNull(values, "values"));
  }

  /**
   * {@return a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code float64} to this type: what {@code astype(type)} calls for floating-point sources}
   * {@code float} rounds to nearest; integer targets truncate toward zero with Java's narrowing
   * cast, which is also defined where NumPy's result is platform-dependent (C's undefined
   * behaviour): NaN becomes 0, out-of-range values saturate for {@code int} and {@code long}, and
   * {@code byte}, {@code short} and {@code char} take the low bits of that {@code int}; {@code
   * boolean} is "nonzero" (NaN is true). A type with its own storage format receives the cast
   * logical value (a {@code float} for Float16, so a double is rounded twice there: to
   * {@code float}, then by the type's {@code toStorage}).
   *
   * @param shape the shape of the result
   * @param values the elements in C order, exactly {@code shape.size()} of them (not kept)
   * @throws IllegalArgumentException if {@code values.length} differs from {@code shape.size()}
   * @throws UnsupportedOperationException if this descriptor was made without casts
   */
  public A fromDoubles(Shape shape, double[] values) {
    return fromDoubles.apply(Objects.requireNonNull(shape, "shape"),
        Objects.requireNonNull(values, "values"));
  }

  /** Returns e.g. {@code ScalarType[Short, <i2]}. */
  @Override
  public String toString() {
    return "ScalarType[" + name + ", " + dtype + "]";
  }
}
