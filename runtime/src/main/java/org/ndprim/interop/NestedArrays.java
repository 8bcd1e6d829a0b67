package org.ndprim.interop;

import java.lang.reflect.Array;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;
import org.ndprim.Shape;

/**
 * Nested Java arrays ({@code short[]}, {@code float[][]}, {@code double[][][]}, ...) as
 * n-dimensional arrays: shape inference and validation by reflection, a C-order walk over the
 * innermost ("leaf") arrays, and allocation of a nested array of a given shape. The rank of a
 * nested array is the number of dimensions of its class ({@code short[][]}: 2); its leaf type is
 * the component primitive ({@code short.class}).
 *
 * <p>Paths name rows by their indices from the outermost array: in a {@code short[][][]}, row
 * {@code [1]} is {@code a[1]} (a {@code short[][]}) and row {@code [1][0]} is {@code a[1][0]}
 * (a leaf {@code short[]}).
 *
 * <p><b>Rank 0.</b> A rank-0 array has no nested-array form: there is no Java array of rank 0, and
 * a boxed value would make {@code Object toJava()} return two kinds of things. Every method here
 * rejects rank 0 with an {@link IllegalArgumentException}; read a rank-0 array's value with its
 * typed getter instead.
 *
 * <p>An empty level hides the lengths below it ({@code new short[0][5]} is a {@code short[0][]}):
 * those are inferred as 0, so {@code new short[0][5]} has shape {@code (0, 0)}.
 */
public final class NestedArrays {
  private NestedArrays() {}

  /**
   * {@return the shape of a rectangular nested array} The lengths are read along the first rows
   * ({@code a.length}, {@code a[0].length}, ...), then every row is checked against them.
   *
   * @param nested a nested array whose class has a {@code leaf} component, e.g. a {@code short[][]}
   * @param leaf the leaf component type, e.g. {@code short.class}
   * @throws NullPointerException if {@code nested} is null
   * @throws IllegalArgumentException if {@code nested} is not an array of {@code leaf} components
   *     ("expected a nested array of short (short[], short[][], ...), got float[][]"), if a row is
   *     null ("row [1][0] is null") or if the array is jagged ("jagged array: row [1][0] has
   *     length 3, expected 4")
   */
  public static Shape shapeOf(Object nested, Class<?> leaf) {
    int rank = rankOf(nested, leaf);
    long[] dims = new long[rank];
    int[] path = new int[rank];
    Object row = nested;
    for (int depth = 0; depth < rank; depth++) {
      if (row == null) {
        throw new IllegalArgumentException("row " + path(path, depth) + " is null");
      }
      int n = Array.getLength(row);
      dims[depth] = n;
      if (n == 0) {
        break; // the lengths below an empty level are 0
      }
      row = depth + 1 < rank ? ((Object[]) row)[0] : null;
    }
    if (rank > 1) {
      checkRows((Object[]) nested, 0, dims, path, "jagged array: ", "");
    }
    return Shape.of(dims);
  }

  /**
   * Checks that a caller-provided nested array (e.g. the destination of a copy) has exactly a given
   * shape and leaf type.
   *
   * @param nested the nested array to check
   * @param shape the shape it must have
   * @param leaf the component primitive of its innermost arrays, e.g. {@code short.class}
   * @throws NullPointerException if {@code nested} is null
   * @throws IllegalArgumentException if the shape has rank 0, if {@code nested} is not an array of
   *     {@code leaf} components of the shape's rank ("expected a short[][] for shape (2, 3), got
   *     short[]"), if a row is null, or if a length differs ("array has length 3, expected 2 for
   *     shape (2, 3)", "row [1] has length 4, expected 3 for shape (2, 3)")
   */
  public static void checkShape(Object nested, Shape shape, Class<?> leaf) {
    int rank = shape.rank();
    checkRank(rank);
    Objects.requireNonNull(nested, "nested");
    Class<?> type = arrayType(leaf, rank);
    if (nested.getClass() != type) {
      throw new IllegalArgumentException("expected a " + type.getTypeName() + " for shape "
          + shape + ", got " + nested.getClass().getTypeName());
    }
    long[] dims = shape.asArray();
    String suffix = " for shape " + shape;
    int n = Array.getLength(nested);
    if (n != dims[0]) {
      throw new IllegalArgumentException(
          "array has length " + n + ", expected " + dims[0] + suffix);
    }
    if (rank > 1) {
      checkRows((Object[]) nested, 0, dims, new int[rank], "", suffix);
    }
  }

  /**
   * Checks that {@code type} can hold the nested array of a shape, as a typed {@code toJava}
   * returns it: the nested class itself ({@code short[][].class} for a rank-2 {@code short}
   * array) or a supertype of it ({@code Object[].class}, {@code Object.class}). Called before
   * anything is allocated, so a wrong class costs nothing.
   *
   * @param type the class the caller asks for
   * @param shape the shape of the array
   * @param leaf the component primitive of the innermost arrays, e.g. {@code short.class}
   * @throws NullPointerException if {@code type} is null
   * @throws IllegalArgumentException if the shape has rank 0 (no nested form), or if
   *     {@code type} cannot hold the nested array ("cannot return the nested array of shape
   *     (2, 3) as double[][]: it is a float[][]")
   */
  public static void checkType(Class<?> type, Shape shape, Class<?> leaf) {
    Objects.requireNonNull(type, "type");
    checkRank(shape.rank());
    Class<?> nested = arrayType(leaf, shape.rank());
    if (!type.isAssignableFrom(nested)) {
      throw new IllegalArgumentException("cannot return the nested array of shape " + shape
          + " as " + type.getTypeName() + ": it is a " + nested.getTypeName());
    }
  }

  /**
   * {@return a new nested array of a shape, filled with the leaf type's zero: e.g. a
   * {@code short[2][3]} for shape {@code (2, 3)} and {@code short.class}}
   *
   * <p>The memory it needs (the elements plus a header per row) is estimated before anything is
   * allocated: a shape that cannot fit the heap ({@link Runtime#maxMemory()}), e.g. the
   * {@code toJava()} of a (100000, 100000) broadcast view, fails at once, and an
   * {@link OutOfMemoryError} while allocating becomes the same exception, so the caller gets a
   * message naming the shape instead of an error.
   *
   * @param shape the shape, of rank 1 or more
   * @param leaf the component primitive of the innermost arrays, e.g. {@code short.class}
   * @throws IllegalArgumentException if the shape has rank 0 (no nested form), a length larger
   *     than a Java array holds, or more elements than the heap can hold ("shape (100000, 100000)
   *     has 10000000000 elements: a nested int array of that shape needs about 40.0 GB, more than
   *     the 6.0 GB the Java heap can grow to")
   */
  public static Object newArray(Shape shape, Class<?> leaf) {
    int rank = shape.rank();
    checkRank(rank);
    int[] dims = new int[rank];
    for (int axis = 0; axis < rank; axis++) {
      long d = shape.dim(axis);
      if (d > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("axis " + axis + " of shape " + shape + " has length "
            + d + ", more than a Java array holds");
      }
      dims[axis] = (int) d;
    }
    long bytes = estimatedBytes(shape, leaf);
    Runtime rt = Runtime.getRuntime();
    if (bytes > rt.maxMemory()) {
      throw tooLarge(shape, leaf, bytes, "more than the " + gb(rt.maxMemory()) + " the Java heap can grow to");
    }
    try {
      return Array.newInstance(leaf, dims);
    } catch (OutOfMemoryError e) {
      throw tooLarge(shape, leaf, bytes, "more than the Java heap has free (" + gb(rt.maxMemory() - rt.totalMemory()
          + rt.freeMemory()) + " of " + gb(rt.maxMemory()) + ")");
    }
  }

  /** Elements plus a 16-byte header per row array and an 8-byte reference per inner slot, saturating. */
  private static long estimatedBytes(Shape shape, Class<?> leaf) {
    long elements = shape.size();
    int leafBytes = leaf == long.class || leaf == double.class ? 8
        : leaf == int.class || leaf == float.class ? 4
        : leaf == short.class || leaf == char.class ? 2
        : leaf.isPrimitive() ? 1 : 8;
    long rows = 1;
    long total = 0;
    try {
      for (int axis = 0; axis < shape.rank(); axis++) {
        total = Math.addExact(total, Math.multiplyExact(rows, 16L));
        if (axis < shape.rank() - 1) {
          rows = Math.multiplyExact(rows, shape.dim(axis));
          total = Math.addExact(total, Math.multiplyExact(rows, 8L));
        }
      }
      return Math.addExact(total, Math.multiplyExact(elements, (long) leafBytes));
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  private static IllegalArgumentException tooLarge(Shape shape, Class<?> leaf, long bytes, String why) {
    return new IllegalArgumentException("shape " + shape + " has " + shape.size() + " elements: a nested "
        + leaf.getTypeName() + " array of that shape needs about " + (bytes == Long.MAX_VALUE ? "more than 8 EB" : gb(bytes))
        + ", " + why);
  }

  private static String gb(long bytes) {
    return bytes >= 1L << 30 ? String.format(java.util.Locale.ROOT, "%.1f GB", bytes / 1e9)
        : String.format(java.util.Locale.ROOT, "%.1f MB", bytes / 1e6);
  }

  /**
   * Calls {@code action} with each leaf array (the innermost rows, e.g. the {@code short[]} rows of
   * a {@code short[][][]}) in C order; for rank 1 the leaf is {@code nested} itself. Does not check
   * that the array is rectangular: validate it first with {@link #shapeOf} or {@link #checkShape}.
   *
   * @param nested the nested array
   * @param rank the rank of {@code nested}
   * @param action called with each leaf array
   * @throws IllegalArgumentException if {@code rank < 1}, if {@code nested}'s class does not have
   *     {@code rank} dimensions, or if a row is null ("row [1][0] is null")
   */
  public static void forEachLeaf(Object nested, int rank, Consumer<Object> action) {
    forEachLeafIndexed(nested, rank, (leaf, start) -> action.accept(leaf));
  }

  /**
   * Calls {@code action} with each leaf array in C order, as {@link #forEachLeaf}, together with
   * the flat C-order index of the leaf's first element (the sum of the lengths of the leaves
   * before it): the position at which to copy it into a flat C-order array.
   *
   * <pre>{@code
   * NestedArrays.forEachLeafIndexed(nested, rank, (leaf, start) ->
   *     System.arraycopy((short[]) leaf, 0, data, (int) start, Array.getLength(leaf)));
   * }</pre>
   *
   * @param nested the nested array
   * @param rank the rank of {@code nested}
   * @param action called with each leaf array and the flat index of its first element
   * @throws IllegalArgumentException as {@link #forEachLeaf}
   */
  public static void forEachLeafIndexed(Object nested, int rank, ObjLongConsumer<Object> action) {
    checkRank(rank);
    Objects.requireNonNull(nested, "nested");
    int actual = dimensions(nested.getClass());
    if (actual != rank) {
      throw new IllegalArgumentException("expected a nested array of rank " + rank + ", got "
          + nested.getClass().getTypeName());
    }
    if (rank == 1) {
      action.accept(nested, 0);
    } else {
      walk((Object[]) nested, 0, rank, new int[rank], 0, action);
    }
  }

  private static long walk(Object[] level, int depth, int rank, int[] path, long start,
      ObjLongConsumer<Object> action) {
    boolean leaves = depth + 2 == rank;
    for (int i = 0; i < level.length; i++) {
      Object row = level[i];
      path[depth] = i;
      if (row == null) {
        throw new IllegalArgumentException("row " + path(path, depth + 1) + " is null");
      }
      if (leaves) {
        action.accept(row, start);
        start += Array.getLength(row);
      } else {
        start = walk((Object[]) row, depth + 1, rank, path, start, action);
      }
    }
    return start;
  }

  /** Checks every row below {@code level} (at {@code depth}) against {@code dims}. */
  private static void checkRows(Object[] level, int depth, long[] dims, int[] path, String prefix,
      String suffix) {
    long expected = dims[depth + 1];
    boolean leaves = depth + 2 == dims.length;
    for (int i = 0; i < level.length; i++) {
      Object row = level[i];
      path[depth] = i;
      if (row == null) {
        throw new IllegalArgumentException("row " + path(path, depth + 1) + " is null");
      }
      int n = Array.getLength(row);
      if (n != expected) {
        throw new IllegalArgumentException(prefix + "row " + path(path, depth + 1)
            + " has length " + n + ", expected " + expected + suffix);
      }
      if (!leaves) {
        checkRows((Object[]) row, depth + 1, dims, path, prefix, suffix);
      }
    }
  }

  /** The rank of {@code nested}, checking that its leaf component type is {@code leaf}. */
  private static int rankOf(Object nested, Class<?> leaf) {
    Objects.requireNonNull(nested, "nested");
    Class<?> type = nested.getClass();
    int rank = dimensions(type);
    Class<?> component = type;
    while (component.isArray()) {
      component = component.getComponentType();
    }
    if (rank == 0 || component != leaf) {
      String name = leaf.getTypeName();
      throw new IllegalArgumentException("expected a nested array of " + name + " (" + name
          + "[], " + name + "[][], ...), got " + type.getTypeName());
    }
    return rank;
  }

  private static int dimensions(Class<?> type) {
    int rank = 0;
    for (Class<?> c = type; c.isArray(); c = c.getComponentType()) {
      rank++;
    }
    return rank;
  }

  private static Class<?> arrayType(Class<?> leaf, int rank) {
    Class<?> type = leaf;
    for (int k = 0; k < rank; k++) {
      type = type.arrayType();
    }
    return type;
  }

  private static void checkRank(int rank) {
    if (rank < 1) {
      throw new IllegalArgumentException(
          "a rank-0 array has no nested Java array form; read its value with the typed getter");
    }
  }

  private static String path(int[] path, int length) {
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < length; k++) {
      sb.append('[').append(path[k]).append(']');
    }
    return sb.toString();
  }
}
