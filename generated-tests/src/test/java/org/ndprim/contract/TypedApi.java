package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * Calls one generated type's typed API ({@code getShort}, {@code ShortNdArray.of}, ...) by its
 * documented name, so one contract serves every type. Resolving a method also checks its exact
 * signature: parameter types, return type, static or not.
 */
final class TypedApi {
  private final Class<?> array;
  private final Class<?> logical;
  private final Class<?> storage;
  private final Class<?> logicalArray;
  private final Class<?> storageArray;
  private final Method zeros;
  private final Method full;
  private final Method of;
  private final Method wrap;
  private final Method scalar;
  private final Method vector;
  private final Method getVarargs;
  private final List<Method> getFixed = new ArrayList<>();
  private final Method setVarargs;
  private final List<Method> setFixed = new ArrayList<>();
  private final Method fill;
  private final Method copyTo;
  private final Method copyFrom;
  private final Method toArray;
  private final Method toStorageArray;
  private final ScalarCase<?> c;

  TypedApi(ScalarCase<?> c) {
    this.c = c;
    array = c.type().arrayType();
    logical = c.type().logicalType();
    storage = c.type().storageType();
    logicalArray = Array.newInstance(logical, 0).getClass();
    storageArray = Array.newInstance(storage, 0).getClass();
    String name = c.name();
    zeros = method(true, array, "zeros", Shape.class);
    full = method(true, array, "full", Shape.class, logical);
    of = method(true, array, "of", Shape.class, logicalArray);
    wrap = method(true, array, "wrap", Shape.class, storageArray);
    scalar = method(true, array, "scalar", logical);
    vector = method(true, array, "vector", logicalArray);
    getVarargs = method(false, logical, "get" + name, long[].class);
    setVarargs = method(false, array, "set" + name, logical, long[].class);
    for (int arity = 0; arity <= 3; arity++) {
      Class<?>[] longs = new Class<?>[arity];
      java.util.Arrays.fill(longs, long.class);
      getFixed.add(method(false, logical, "get" + name, longs));
      Class<?>[] withValue = new Class<?>[arity + 1];
      withValue[0] = logical;
      System.arraycopy(longs, 0, withValue, 1, arity);
      setFixed.add(method(false, array, "set" + name, withValue));
    }
    fill = method(false, array, "fill", logical);
    copyTo = method(false, array, "copyTo", array);
    copyFrom = method(false, array, "copyFrom", array);
    toArray = method(false, logicalArray, "toArray");
    toStorageArray = method(false, storageArray, "toStorageArray");
    // The covariant views must be declared by the typed interface itself.
    method(false, array, "get", long[].class);
    method(false, array, "slice", org.ndprim.Index[].class);
    method(false, array, "slice", String.class);
    method(false, array, "copy");
    assertThat(method(false, c.box(), "getObject", long[].class)).isNotNull();
    assertThat(getVarargs.isVarArgs() && setVarargs.isVarArgs() && of.isVarArgs()
        && vector.isVarArgs()).as("varargs").isTrue();
  }

  private Method method(boolean isStatic, Class<?> returns, String name, Class<?>... params) {
    try {
      Method m = array.getMethod(name, params);
      assertThat(m.getReturnType()).as("return type of %s", m).isEqualTo(returns);
      assertThat(Modifier.isStatic(m.getModifiers())).as("static %s", m).isEqualTo(isStatic);
      return m;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(array.getSimpleName() + " lacks " + name
          + java.util.Arrays.toString(params), e);
    }
  }

  /** A new logical array holding {@code values} (boxed). */
  Object logicalArray(List<?> values) {
    Object a = Array.newInstance(logical, values.size());
    for (int i = 0; i < values.size(); i++) {
      Array.set(a, i, values.get(i));
    }
    return a;
  }

  /** The boxed elements of a primitive array. */
  static List<Object> boxed(Object primitiveArray) {
    List<Object> list = new ArrayList<>();
    for (int i = 0; i < Array.getLength(primitiveArray); i++) {
      list.add(Array.get(primitiveArray, i));
    }
    return list;
  }

  /**
   * Returns {@code a} moved into the case's storage: the same shape and values in a new writable
   * C-order array over that storage ({@code a} itself for Java arrays).
   */
  NdArray place(NdArray a) {
    if (c.storage() == StorageCase.ARRAY) {
      return a;
    }
    ScalarType<?> type = c.type();
    NdArray b = type.wrap(a.shape(), c.storage().memory(type.byteSize(a.shape())));
    copyFrom(b, a);
    return b;
  }

  /** The case's storage. */
  StorageCase storage() {
    return c.storage();
  }

  NdArray zeros(Shape shape) {
    return place((NdArray) call(zeros, null, shape));
  }

  NdArray full(Shape shape, Object value) {
    return place((NdArray) call(full, null, shape, value));
  }

  NdArray of(Shape shape, List<?> values) {
    return place((NdArray) call(of, null, shape, logicalArray(values)));
  }

  NdArray wrap(Shape shape, Object storageArray) {
    return (NdArray) call(wrap, null, shape, storageArray);
  }

  NdArray scalar(Object value) {
    return place((NdArray) call(scalar, null, value));
  }

  NdArray vector(List<?> values) {
    return place((NdArray) call(vector, null, logicalArray(values)));
  }

  /** {@code getX(coords)} through the varargs method. */
  Object get(NdArray a, long... coords) {
    return call(getVarargs, a, (Object) coords);
  }

  /** {@code getX(i, j)} through the fixed-arity method of that many coordinates. */
  Object getFixed(NdArray a, long... coords) {
    return call(getFixed.get(coords.length), a, boxedLongs(coords));
  }

  /** {@code setX(value, coords)} through the varargs method. */
  NdArray set(NdArray a, Object value, long... coords) {
    return (NdArray) call(setVarargs, a, value, coords);
  }

  /** {@code setX(value, i, j)} through the fixed-arity method. */
  NdArray setFixed(NdArray a, Object value, long... coords) {
    Object[] args = new Object[coords.length + 1];
    args[0] = value;
    System.arraycopy(boxedLongs(coords), 0, args, 1, coords.length);
    return (NdArray) call(setFixed.get(coords.length), a, args);
  }

  NdArray fill(NdArray a, Object value) {
    return (NdArray) call(fill, a, value);
  }

  NdArray copyTo(NdArray src, NdArray dst) {
    return (NdArray) call(copyTo, src, dst);
  }

  NdArray copyFrom(NdArray dst, NdArray src) {
    return (NdArray) call(copyFrom, dst, src);
  }

  /** The elements in C order, boxed, through the typed {@code toArray()}. */
  List<Object> toList(NdArray a) {
    return boxed(call(toArray, a));
  }

  Object toStorageArray(NdArray a) {
    return call(toStorageArray, a);
  }

  Class<?> storageArrayClass() {
    return storageArray;
  }

  private static Object[] boxedLongs(long[] coords) {
    Object[] boxed = new Object[coords.length];
    for (int i = 0; i < coords.length; i++) {
      boxed[i] = coords[i];
    }
    return boxed;
  }

  /**
   * Invokes {@code m} and rethrows what the generated code threw, so tests see the real exception;
   * shared by every reflective adapter of the contracts ({@link KernelApi}, the views' typed
   * {@code set}).
   */
  static Object call(Method m, Object target, Object... args) {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError(e.getCause());
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }
}
