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
    this.name = Objects.requireNonNull(name, "name");
    this.dtype = Objects.requireNonNull(dtype, "dtype");
    this.storageType = requirePrimitive(storageType, "storageType");
    this.logicalType =
        logicalType == void.class ? storageType : requirePrimitive(logicalType, "logicalType");
    this.arrayType = Objects.requireNonNull(arrayType, "arrayType");
    this.wrap = Objects.requireNonNull(wrap, "wrap");
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

  /** Returns e.g. {@code ScalarType[Short, <i2]}. */
  @Override
  public String toString() {
    return "ScalarType[" + name + ", " + dtype + "]";
  }
}
