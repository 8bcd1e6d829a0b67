package org.ndprim.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;
import org.ndprim.layout.RandomLayouts;
import org.ndprim.testing.Gen;
import org.ndprim.testing.Property;

/** NestedArrays: shapes of nested Java arrays, their errors, the leaf walk and allocation. */
class NestedArraysTest {

  @Test
  void shapesOfRectangularArrays() {
    assertThat(NestedArrays.shapeOf(new short[5], short.class)).isEqualTo(Shape.of(5));
    assertThat(NestedArrays.shapeOf(new float[2][3][4], float.class)).isEqualTo(Shape.of(2, 3, 4));
    assertThat(NestedArrays.shapeOf(new double[][] {{1, 2}, {3, 4}, {5, 6}}, double.class))
        .isEqualTo(Shape.of(3, 2));
    assertThat(NestedArrays.shapeOf(new boolean[2][0], boolean.class)).isEqualTo(Shape.of(2, 0));
    // lengths below an empty level are invisible: inferred as 0
    assertThat(NestedArrays.shapeOf(new short[0][5], short.class)).isEqualTo(Shape.of(0, 0));
    assertThat(NestedArrays.shapeOf(new short[2][0][7], short.class)).isEqualTo(Shape.of(2, 0, 0));
  }

  @Test
  void jaggedArraysNameThePath() {
    short[][][] a = new short[2][2][4];
    a[1][0] = new short[3];
    assertThatThrownBy(() -> NestedArrays.shapeOf(a, short.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("jagged array: row [1][0] has length 3, expected 4");
    assertThatThrownBy(() -> NestedArrays.shapeOf(new int[][] {{1, 2}, {3}}, int.class))
        .hasMessage("jagged array: row [1] has length 1, expected 2");
    assertThatThrownBy(() -> NestedArrays.shapeOf(new int[][] {{}, {3}}, int.class))
        .hasMessage("jagged array: row [1] has length 1, expected 0");
    short[][][] b = new short[2][3][4];
    b[1] = new short[2][4];
    assertThatThrownBy(() -> NestedArrays.shapeOf(b, short.class))
        .hasMessage("jagged array: row [1] has length 2, expected 3");
  }

  @Test
  void nullRowsNameThePath() {
    short[][][] a = new short[2][2][4];
    a[1][1] = null;
    assertThatThrownBy(() -> NestedArrays.shapeOf(a, short.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("row [1][1] is null");
    assertThatThrownBy(() -> NestedArrays.shapeOf(new long[3][][], long.class))
        .hasMessage("row [0] is null");
    short[][][] first = new short[2][2][];
    assertThatThrownBy(() -> NestedArrays.shapeOf(first, short.class))
        .hasMessage("row [0][0] is null");
    assertThatThrownBy(() -> NestedArrays.forEachLeaf(a, 3, leaf -> { }))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("row [1][1] is null");
    assertThatThrownBy(() -> NestedArrays.shapeOf(null, short.class))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void wrongLeafTypeNamesExpectedAndActual() {
    assertThatThrownBy(() -> NestedArrays.shapeOf(new float[2][2], short.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a nested array of short (short[], short[][], ...), got float[][]");
    assertThatThrownBy(() -> NestedArrays.shapeOf(new Object[] {new short[2]}, short.class))
        .hasMessage("expected a nested array of short (short[], short[][], ...), "
            + "got java.lang.Object[]");
    assertThatThrownBy(() -> NestedArrays.shapeOf((short) 3, short.class))
        .hasMessage("expected a nested array of short (short[], short[][], ...), "
            + "got java.lang.Short");
  }

  @Test
  void rankZeroHasNoNestedForm() {
    String message =
        "a rank-0 array has no nested Java array form; read its value with the typed getter";
    assertThatThrownBy(() -> NestedArrays.newArray(Shape.scalar(), short.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> NestedArrays.checkShape(new short[1], Shape.scalar(), short.class))
        .hasMessage(message);
    assertThatThrownBy(() -> NestedArrays.forEachLeaf(new short[1], 0, leaf -> { }))
        .hasMessage(message);
  }

  @Test
  void checkShapeOfADestination() {
    NestedArrays.checkShape(new short[2][3], Shape.of(2, 3), short.class);
    NestedArrays.checkShape(new short[0][], Shape.of(0, 3), short.class);
    assertThatThrownBy(() -> NestedArrays.checkShape(new short[2][3], Shape.of(2, 3, 1),
        short.class)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a short[][][] for shape (2, 3, 1), got short[][]");
    assertThatThrownBy(() -> NestedArrays.checkShape(new int[2][3], Shape.of(2, 3), short.class))
        .hasMessage("expected a short[][] for shape (2, 3), got int[][]");
    assertThatThrownBy(() -> NestedArrays.checkShape(new short[3][3], Shape.of(2, 3),
        short.class)).hasMessage("array has length 3, expected 2 for shape (2, 3)");
    short[][] jagged = new short[2][3];
    jagged[1] = new short[4];
    assertThatThrownBy(() -> NestedArrays.checkShape(jagged, Shape.of(2, 3), short.class))
        .hasMessage("row [1] has length 4, expected 3 for shape (2, 3)");
    jagged[1] = null;
    assertThatThrownBy(() -> NestedArrays.checkShape(jagged, Shape.of(2, 3), short.class))
        .hasMessage("row [1] is null");
  }

  @Test
  void newArrayAllocatesTheShape() {
    Object a = NestedArrays.newArray(Shape.of(2, 3, 4), float.class);
    assertThat(a).isInstanceOf(float[][][].class);
    assertThat(NestedArrays.shapeOf(a, float.class)).isEqualTo(Shape.of(2, 3, 4));
    assertThat(NestedArrays.newArray(Shape.of(0, 3), char.class)).isInstanceOf(char[][].class);
    assertThatThrownBy(() -> NestedArrays.newArray(Shape.of(1L << 31), int.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axis 0 of shape (2147483648,) has length 2147483648, more than a Java array"
            + " holds");
  }

  @Test
  void leavesInCOrderWithTheirFlatStart() {
    int[][][] a = {{{0, 1}, {2, 3}, {4, 5}}, {{6, 7}, {8, 9}, {10, 11}}};
    List<String> seen = new ArrayList<>();
    NestedArrays.forEachLeafIndexed(a, 3,
        (leaf, start) -> seen.add(start + ":" + Arrays.toString((int[]) leaf)));
    assertThat(seen).containsExactly("0:[0, 1]", "2:[2, 3]", "4:[4, 5]", "6:[6, 7]", "8:[8, 9]",
        "10:[10, 11]");
    List<Object> leaves = new ArrayList<>();
    NestedArrays.forEachLeaf(new int[] {1, 2}, 1, leaves::add);
    assertThat(leaves).hasSize(1);
    assertThatThrownBy(() -> NestedArrays.forEachLeaf(a, 2, leaf -> { }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a nested array of rank 2, got int[][][]");
  }

  /** Fill a nested array of a random shape through the leaf walk, read it back by coordinates. */
  @Test
  void roundTripThroughLeavesAndShape() {
    Property.forAll(1000, NestedArraysTest::shapeAndLeaf,
        in -> checkRoundTrip(in.dims(), in.leaf()));
  }

  /** A nested array's shape and leaf type. */
  record ShapeAndLeaf(long[] dims, Class<?> leaf) {}

  /**
   * Rank 1 to 4, each axis 0 to 4 uniformly; 1 in 8 shapes is an edge case: one axis of 0, 1 or
   * 4, an empty level above or below a full one, or only length-1 axes.
   */
  private static ShapeAndLeaf shapeAndLeaf(Gen g) {
    long[] dims = g.withEdges(r -> r.longArray(1, 4, q -> q.longBetween(0, 4)), List.of(
        new long[] {0}, new long[] {1}, new long[] {4}, new long[] {0, 4}, new long[] {4, 0},
        new long[] {1, 1, 1, 1}));
    return new ShapeAndLeaf(dims.clone(),
        g.pick(short.class, float.class, boolean.class, long.class));
  }

  private static void checkRoundTrip(long[] dims, Class<?> leaf) {
    Shape shape = Shape.of(dims);
    Object nested = NestedArrays.newArray(shape, leaf);
    NestedArrays.checkShape(nested, shape, leaf);
    long[] inferred = dims.clone();
    for (int a = 0; a < dims.length; a++) {
      if (dims[a] == 0) {
        Arrays.fill(inferred, a, dims.length, 0);
        break;
      }
    }
    assertThat(NestedArrays.shapeOf(nested, leaf).asArray()).containsExactly(inferred);
    long[] next = {0};
    NestedArrays.forEachLeafIndexed(nested, dims.length, (row, start) -> {
      assertThat(start).isEqualTo(next[0]);
      int n = Array.getLength(row);
      for (int k = 0; k < n; k++) {
        Array.set(row, k, value(leaf, start + k));
      }
      next[0] += n;
    });
    assertThat(next[0]).isEqualTo(shape.size());
    long flat = 0;
    for (long[] coords : RandomLayouts.coords(dims)) {
      Object element = nested;
      for (long c : coords) {
        element = Array.get(element, (int) c);
      }
      assertThat(element).isEqualTo(value(leaf, flat++));
    }
  }

  private static Object value(Class<?> leaf, long flat) {
    if (leaf == short.class) {
      return (short) flat;
    } else if (leaf == float.class) {
      return (float) flat;
    } else if (leaf == boolean.class) {
      return flat % 2 == 1;
    }
    return flat;
  }
}
