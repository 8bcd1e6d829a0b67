package org.ndprim;

import java.lang.reflect.Array;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * Describes one generated array type: its name, NumPy dtype, storage and logical primitives, and
 * how to make arrays of it. One instance exists per type, as the {@code TYPE} constant of the
 * generated interface (e.g. {@code ShortNdArray.TYPE}).
 *
 * @param <A> the generated array interface, e.g. {@code ShortNdArray}
 */
public final class ScalarType<A extends NdArray> {
  private final String name;
  private final String dtype;
  private final Class<?> storageType;
  private final Class<?> logicalType;
  private final Class<A> arrayType;
  private final BiFunction<Shape, Object, A> wrap;
  private final BiFunction<Shape, long[], A> fromLongs;
  private final BiFunction<Shape, double[], A> fromDoubles;

  /**
   * Creates a descriptor; called by generated code.
   *
   * @param name the spec name, e.g. {@code "Short"}
   * @param dtype the NumPy dtype descriptor as declared, e.g. {@code "<i2"}
   * @param storageType the primitive stored in the backing array, e.g. {@code short.class}
   * @param logicalType the primitive the accessors use ({@code void.class} means the storage type)
   * @param arrayType the generated array interface, e.g. {@code ShortNdArray.class}
   * @param wrap wraps a storage array of exactly {@code shape.size()} elements, C order, zero-copy
   * @throws IllegalArgumentException if a type is not a primitive
   */
  public ScalarType(String name, String dtype, Class<?> storageType, Class<?> logicalType,
      Class<A> arrayType, BiFunction<Shape, Object, A> wrap) {
    this(name, dtype, storageType, logicalType, arrayType, wrap,
        (shape, values) -> {
          throw new UnsupportedOperationException(name + " has no casts from int64");
        },
        (shape, values) -> {
          throw new UnsupportedOperationException(name + " has no casts from float64");
        });
  }

  /**
   * Creates a descriptor with the casts {@code astype} uses to make arrays of this type; called
   * by generated code.
   *
   * @param name the spec name, e.g. {@code "Short"}
   * @param dtype the NumPy dtype descriptor as declared, e.g. {@code "<i2"}
   * @param storageType the primitive stored in the backing array, e.g. {@code short.class}
   * @param logicalType the primitive the accessors use ({@code void.class} means the storage type)
   * @param arrayType the generated array interface, e.g. {@code ShortNdArray.class}
   * @param wrap wraps a storage array of exactly {@code shape.size()} elements, C order, zero-copy
   * @param fromLongs makes a new array of a shape from C-order {@code long} values, cast as NumPy
   *     casts {@code int64} to this type (see {@link #fromLongs})
   * @param fromDoubles the same from {@code double} values, as NumPy casts {@code float64}
   * @throws IllegalArgumentException if a type is not a primitive
   */
  public ScalarType(String name, String dtype, Class<?> storageType, Class<?> logicalType,
      Class<A> arrayType, BiFunction<Shape, Object, A> wrap,
      BiFunction<Shape, long[], A> fromLongs, BiFunction<Shape, double[], A> fromDoubles) {
    this.name = Objects.requireNonNull(name, "name");
    this.dtype = Objects.requireNonNull(dtype, "dtype");
    this.storageType = requirePrimitive(storageType, "storageType");
    this.logicalType =
        logicalType == void.class ? storageType : requirePrimitive(logicalType, "logicalType");
    this.arrayType = Objects.requireNonNull(arrayType, "arrayType");
    this.wrap = Objects.requireNonNull(wrap, "wrap");
    this.fromLongs = Objects.requireNonNull(fromLongs, "fromLongs");
    this.fromDoubles = Objects.requireNonNull(fromDoubles, "fromDoubles");
  }

  private static Class<?> requirePrimitive(Class<?> type, String what) {
    if (type == null || !type.isPrimitive() || type == void.class) {
      throw new IllegalArgumentException(what + " must be a primitive class, got " + type);
    }
    return type;
  }

  /** Returns the spec name, e.g. {@code "Short"} or {@code "Float16"}. */
  public String name() {
    return name;
  }

  /** Returns the NumPy dtype descriptor as declared, e.g. {@code "<i2"}. */
  public String dtype() {
    return dtype;
  }

  /** Returns the primitive class of the storage array, e.g. {@code short.class}. */
  public Class<?> storageType() {
    return storageType;
  }

  /** Returns the primitive class of the accessors, e.g. {@code float.class} for Float16. */
  public Class<?> logicalType() {
    return logicalType;
  }

  /** Returns the generated array interface, e.g. {@code ShortNdArray.class}. */
  public Class<A> arrayType() {
    return arrayType;
  }

  /** Returns the size in bytes of one stored element (1 for boolean, as NumPy's {@code |b1}). */
  public int itemSize() {
    if (storageType == boolean.class || storageType == byte.class) {
      return 1;
    } else if (storageType == short.class || storageType == char.class) {
      return 2;
    } else if (storageType == int.class || storageType == float.class) {
      return 4;
    }
    return 8;
  }

  /**
   * Wraps a storage array without copying; element {@code k} of the array is element {@code k}
   * in C order.
   *
   * @param shape the shape of the result
   * @param storageArray an array of {@link #storageType()} of length {@code shape.size()}
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
    return wrap.apply(shape, storageArray);
  }

  /**
   * Returns a new array of the given shape whose storage is all zero bits.
   *
   * @throws IllegalArgumentException if the size exceeds what a Java array can hold
   */
  public A zeros(Shape shape) {
    long size = shape.size();
    if (size > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("shape " + shape + " has " + size
          + " elements, more than a Java array can hold");
    }
    return wrap.apply(shape, Array.newInstance(storageType, (int) size));
  }

  /**
   * Returns a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code int64} to this type: what {@code astype(type)} calls for integral and boolean sources
   * (booleans read as 0 and 1). Integer targets keep the low bits (narrowing wraps), {@code float}
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
   * Returns a new C-order array of this type holding {@code values} cast as NumPy casts
   * {@code float64} to this type: what {@code astype(type)} calls for floating-point sources.
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
