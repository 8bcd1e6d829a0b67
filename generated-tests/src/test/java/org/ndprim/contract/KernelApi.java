package org.ndprim.contract;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.ndprim.NdArray;
import org.ndprim.Shape;

/**
 * Calls one generated type's kernels ({@code map}, {@code sum}, {@code elements}, ...) by name,
 * so one contract serves every type. The functional interfaces differ per type (generated
 * {@code ShortUnaryOperator}, the JDK's {@code IntUnaryOperator}, ...); a boxed Java lambda is
 * adapted to whichever the method takes with a {@link Proxy}.
 */
final class KernelApi {
  private final ScalarCase<?> c;
  private final Class<?> array;

  KernelApi(ScalarCase<?> c) {
    this.c = c;
    this.array = c.type().arrayType();
  }

  /** The case of the type named {@code name} ({@code "Short"}). */
  static ScalarCase<?> caseOf(String name) {
    return ScalarCase.TYPES.stream().filter(k -> k.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no type " + name));
  }

  /** Whether the type declares a public instance method {@code name} with that many parameters. */
  boolean has(String name, int parameters) {
    return find(name, parameters, false) != null;
  }

  /** The parameter type {@code index} of {@code name} with {@code parameters} parameters. */
  Class<?> parameterType(String name, int parameters, int index) {
    return require(name, parameters, false).getParameterTypes()[index];
  }

  /** The declared return type of the instance method. */
  Class<?> returnType(String name, int parameters) {
    return require(name, parameters, false).getReturnType();
  }

  NdArray map(NdArray a, UnaryOperator<Object> op) {
    return (NdArray) call("map", a, fn(parameterType("map", 1, 0), args -> op.apply(args[0])));
  }

  NdArray mapInPlace(NdArray a, UnaryOperator<Object> op) {
    return (NdArray) call("mapInPlace", a,
        fn(parameterType("mapInPlace", 1, 0), args -> op.apply(args[0])));
  }

  NdArray zip(NdArray a, NdArray b, BinaryOperator<Object> op) {
    return (NdArray) call("zip", a, b,
        fn(parameterType("zip", 2, 1), args -> op.apply(args[0], args[1])));
  }

  NdArray zipInPlace(NdArray a, NdArray b, BinaryOperator<Object> op) {
    return (NdArray) call("zipInPlace", a, b,
        fn(parameterType("zipInPlace", 2, 1), args -> op.apply(args[0], args[1])));
  }

  void forEach(NdArray a, Consumer<Object> action) {
    call("forEach", a, fn(parameterType("forEach", 1, 0), args -> {
      action.accept(args[0]);
      return null;
    }));
  }

  void forEachIndexed(NdArray a, BiConsumer<long[], Object> action) {
    call("forEachIndexed", a, fn(parameterType("forEachIndexed", 1, 0), args -> {
      action.accept((long[]) args[0], args[1]);
      return null;
    }));
  }

  /**
   * {@code forEachIndexed(Of<rank>)}: the per-rank form, its action given the coordinates and
   * the boxed value.
   */
  void forEachIndexedOfRank(NdArray a, int rank, BiConsumer<long[], Object> action) {
    Method m = null;
    for (Method candidate : array.getMethods()) {
      if (candidate.getName().equals("forEachIndexed") && candidate.getParameterCount() == 1
          && candidate.getParameterTypes()[0].getSimpleName().equals("Of" + rank)) {
        m = candidate;
      }
    }
    if (m == null) {
      throw new AssertionError(array.getSimpleName() + " lacks forEachIndexed(Of" + rank + ")");
    }
    TypedApi.call(m, a, fn(m.getParameterTypes()[0], args -> {
      long[] coords = new long[rank];
      for (int i = 0; i < rank; i++) {
        coords[i] = (Long) args[i];
      }
      action.accept(coords, args[rank]);
      return null;
    }));
  }

  /** {@code sum()}, {@code min()}, {@code argMax()} ...: boxed. */
  Object reduce(String op, NdArray a) {
    return call(op, a);
  }

  /** {@code sum(axis)}, {@code min(axis)}, ...: an array. */
  NdArray reduce(String op, NdArray a, int axis) {
    return (NdArray) call(op, a, axis);
  }

  Iterable<?> elements(NdArray a, int axis) {
    return (Iterable<?>) call("elements", a, axis);
  }

  Iterable<?> scalars(NdArray a) {
    return (Iterable<?>) call("scalars", a);
  }

  NdArray fromJava(Object nested) {
    return (NdArray) callStatic("fromJava", nested);
  }

  NdArray fromLongs(Shape shape, long[] values) {
    return (NdArray) callStatic("fromLongs", shape, values);
  }

  NdArray fromDoubles(Shape shape, double[] values) {
    return (NdArray) callStatic("fromDoubles", shape, values);
  }

  Object toJava(NdArray a) {
    return call("toJava", a);
  }

  /** The typed {@code <T> T toJava(Class<T> type)}. */
  Object toJava(NdArray a, Class<?> type) {
    return call("toJava", a, type);
  }

  void copyToJava(NdArray a, Object dst) {
    call("copyToJava", a, dst);
  }

  /** Calls instance method {@code name} (found by name and argument count) on {@code target}. */
  Object call(String name, NdArray target, Object... args) {
    return TypedApi.call(require(name, args.length, false), target, args);
  }

  private Object callStatic(String name, Object... args) {
    return TypedApi.call(require(name, args.length, true), null, args);
  }

  private Method require(String name, int parameters, boolean isStatic) {
    Method m = find(name, parameters, isStatic);
    if (m == null) {
      throw new AssertionError(array.getSimpleName() + " lacks " + (isStatic ? "static " : "")
          + name + " with " + parameters + " parameters");
    }
    return m;
  }

  /** Lookups by class, name, parameter count and staticness: reflection is slow per call. */
  private static final Map<List<Object>, Optional<Method>> FOUND = new ConcurrentHashMap<>();

  private Method find(String name, int parameters, boolean isStatic) {
    return FOUND.computeIfAbsent(List.of(array, name, parameters, isStatic),
        k -> Optional.ofNullable(search(name, parameters, isStatic))).orElse(null);
  }

  private Method search(String name, int parameters, boolean isStatic) {
    Method best = null;
    for (Method m : array.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == parameters
          && Modifier.isStatic(m.getModifiers()) == isStatic && !m.isBridge()
          // forEachIndexed's per-rank overloads take nested interfaces (Of2, Of3): not these.
          && (parameters == 0 || m.getParameterTypes()[0].getEnclosingClass() == null
              || !m.getParameterTypes()[0].getEnclosingClass().getSimpleName()
                  .endsWith("IndexedConsumer"))
          // sum(int axis) over sum(int... axes): a varargs form only when there is no other.
          && (best == null || best.isVarArgs() && !m.isVarArgs()
              // A covariant override and the method it overrides: take the most specific.
              || best.isVarArgs() == m.isVarArgs()
                  && best.getReturnType().isAssignableFrom(m.getReturnType()))) {
        best = m;
      }
    }
    return best;
  }

  /** An instance of functional interface {@code type} whose abstract method runs {@code body}. */
  static Object fn(Class<?> type, java.util.function.Function<Object[], Object> body) {
    InvocationHandler handler = (proxy, method, args) -> {
      if (method.isDefault()) {
        return InvocationHandler.invokeDefault(proxy, method, args);
      }
      if (method.getDeclaringClass() == Object.class) {
        switch (method.getName()) {
          case "equals":
            return proxy == args[0];
          case "hashCode":
            return System.identityHashCode(proxy);
          default:
            return type.getSimpleName() + " proxy";
        }
      }
      return body.apply(args);
    };
    return Proxy.newProxyInstance(KernelApi.class.getClassLoader(), new Class<?>[] {type},
        handler);
  }

  @Override
  public String toString() {
    return "KernelApi[" + c + "]";
  }
}
