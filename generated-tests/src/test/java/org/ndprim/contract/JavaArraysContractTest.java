package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Array;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.interop.NestedArrays;

/**
 * Nested Java arrays (issue 4) over all nine generated types: {@code fromJava} / {@code toJava}
 * round trips for ranks 1 to 4 (views included), {@code copyToJava} into a caller's array checked
 * before anything is written, and the errors for jagged, null, mistyped and rank-0 input.
 */
class JavaArraysContractTest {
  private static final List<long[]> SHAPES = List.of(new long[] {5}, new long[] {2, 3},
      new long[] {2, 3, 4}, new long[] {2, 1, 3, 2});

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeConvertsNestedJavaArrays() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("roundTripsForRanksOneToFour", c, this::roundTrips),
            test("viewsExportTheirOwnCOrder", c, this::viewsExport),
            test("fromJavaCopies", c, this::fromJavaCopies),
            test("emptyArrays", c, this::emptyArrays),
            test("jaggedNullAndMistypedInput", c, this::badInput),
            test("copyToJavaChecksTheWholeDestinationFirst", c, this::copyToJavaChecks),
            test("rankZeroHasNoNestedForm", c, this::rankZero),
            test("typedToJavaChecksTheClassFirst", c, this::typedToJava),
            test("edgeValuesSurvive", c, this::edgeValues))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<KernelContractTest.K> t) {
    return DynamicTest.dynamicTest(name, () -> t.accept(new KernelContractTest.K(c)));
  }

  private static Class<?> logical(KernelContractTest.K f) {
    return f.c.type().logicalType();
  }

  /** {@code nested[c0][c1]...}, boxed. */
  private static Object at(Object nested, long... coords) {
    Object x = nested;
    for (long c : coords) {
      x = Array.get(x, (int) c);
    }
    return x;
  }

  /** Checks every element of a nested array against {@code get} of the array, by coordinates. */
  private static void assertSameElements(KernelContractTest.K f, NdArray a, Object nested) {
    long[] coords = new long[a.rank()];
    f.kernels.forEachIndexed(a, (c, v) -> assertThat(at(nested, c)).as("%s", (Object) c)
        .isEqualTo(v));
    assertThat(coords).hasSize(a.rank());
  }

  void roundTrips(KernelContractTest.K f) {
    for (long[] dims : SHAPES) {
      NdArray a = f.arange(dims);
      Object nested = f.kernels.toJava(a);
      Class<?> type = logical(f);
      for (int k = 0; k < dims.length; k++) {
        type = type.arrayType();
      }
      assertThat(nested).isExactlyInstanceOf(type);
      assertThat(Array.getLength(nested)).isEqualTo((int) dims[0]);
      assertSameElements(f, a, nested);
      NdArray back = f.kernels.fromJava(nested);
      assertThat(back).isInstanceOf(f.c.type().arrayType()).isEqualTo(a);
      assertThat(back.shape()).isEqualTo(Shape.of(dims));
      Object into = NestedArrays.newArray(Shape.of(dims), logical(f));
      f.kernels.copyToJava(a, into);
      assertThat(Objects.deepEquals(into, nested)).isTrue();
    }
  }

  void viewsExport(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3, 4);
    for (NdArray view : List.of(a.transpose(), a.slice("::-1, 1:, ::2"), a.slice("..., ::-1"),
        a.get(1).transpose(), a.slice(":, 2"))) {
      Object nested = f.kernels.toJava(view);
      assertSameElements(f, view, nested);
      assertThat(Objects.deepEquals(nested, f.kernels.toJava(view.copy()))).isTrue();
      assertThat(f.kernels.fromJava(nested)).isEqualTo(view);
      Object into = NestedArrays.newArray(view.shape(), logical(f));
      f.kernels.copyToJava(view, into);
      assertThat(Objects.deepEquals(into, nested)).isTrue();
    }
  }

  void fromJavaCopies(KernelContractTest.K f) {
    Object nested = f.kernels.toJava(f.arange(2, 3));
    NdArray a = f.kernels.fromJava(nested);
    Array.set(Array.get(nested, 1), 2, f.v(0));
    assertThat(f.api.get(a, 1, 2)).isEqualTo(f.v(5));
    f.api.set(a, f.v(1), 0, 0);
    assertThat(at(nested, 0, 0)).isEqualTo(f.v(0));
    // toJava returns a new array every time.
    assertThat(f.kernels.toJava(a)).isNotSameAs(f.kernels.toJava(a));
  }

  void emptyArrays(KernelContractTest.K f) {
    Object rows = f.kernels.toJava(f.api.zeros(Shape.of(3, 0)));
    assertThat(Array.getLength(rows)).isEqualTo(3);
    assertThat(Array.getLength(Array.get(rows, 2))).isZero();
    assertThat(f.kernels.fromJava(rows).shape()).isEqualTo(Shape.of(3, 0));
    Object none = f.kernels.toJava(f.api.zeros(Shape.of(0, 4)));
    assertThat(Array.getLength(none)).isZero();
    // An empty level hides the lengths below it: new x[0][5] has shape (0, 0).
    Object hidden = Array.newInstance(logical(f), 0, 5);
    assertThat(f.kernels.fromJava(hidden).shape()).isEqualTo(Shape.of(0, 0));
    assertThat(f.kernels.fromJava(Array.newInstance(logical(f), 0)).shape())
        .isEqualTo(Shape.of(0));
  }

  void badInput(KernelContractTest.K f) {
    Class<?> x = logical(f);
    String name = x.getName();
    Object jagged = Array.newInstance(x.arrayType(), 2);
    Array.set(jagged, 0, Array.newInstance(x, 2));
    Array.set(jagged, 1, Array.newInstance(x, 1));
    assertThatThrownBy(() -> f.kernels.fromJava(jagged))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("jagged array: row [1] has length 1, expected 2");
    Object deep = Array.newInstance(x, 2, 2, 3);
    Array.set(Array.get(deep, 1), 0, Array.newInstance(x, 4));
    assertThatThrownBy(() -> f.kernels.fromJava(deep))
        .hasMessage("jagged array: row [1][0] has length 4, expected 3");
    Object withNull = Array.newInstance(x, 2, 3);
    Array.set(withNull, 1, null);
    assertThatThrownBy(() -> f.kernels.fromJava(withNull))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("row [1] is null");
    Object wrongLeaf = x == int.class ? new long[2] : new int[2];
    assertThatThrownBy(() -> f.kernels.fromJava(wrongLeaf))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("expected a nested array of " + name + " (" + name + "[], " + name
            + "[][], ...), got " + wrongLeaf.getClass().getTypeName());
    assertThatThrownBy(() -> f.kernels.fromJava(f.v(1)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("expected a nested array of " + name);
    assertThatThrownBy(() -> f.kernels.fromJava(null))
        .isInstanceOf(NullPointerException.class);
  }

  void copyToJavaChecks(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3);
    Class<?> x = logical(f);
    Object zeros = Array.newInstance(x, 2, 3);
    Object transposed = Array.newInstance(x, 3, 2);
    assertThatThrownBy(() -> f.kernels.copyToJava(a, transposed))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("array has length 3, expected 2 for shape (2, 3)");
    // The last row is wrong: nothing is written, not even the rows before it.
    Object lastRowWrong = Array.newInstance(x, 2, 3);
    Array.set(lastRowWrong, 1, Array.newInstance(x, 4));
    assertThatThrownBy(() -> f.kernels.copyToJava(a, lastRowWrong))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("row [1] has length 4, expected 3 for shape (2, 3)");
    assertThat(Objects.deepEquals(Array.get(lastRowWrong, 0), Array.get(zeros, 0))).isTrue();
    Object flat = Array.newInstance(x, 6);
    assertThatThrownBy(() -> f.kernels.copyToJava(a, flat))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("for shape (2, 3), got " + x.getName() + "[]");
    Object nullRow = Array.newInstance(x, 2, 3);
    Array.set(nullRow, 0, null);
    assertThatThrownBy(() -> f.kernels.copyToJava(a, nullRow)).hasMessageContaining("is null");
    assertThatThrownBy(() -> f.kernels.copyToJava(a, null))
        .isInstanceOf(NullPointerException.class);
  }

  void rankZero(KernelContractTest.K f) {
    NdArray scalar = f.api.scalar(f.v(1));
    String message =
        "a rank-0 array has no nested Java array form; read its value with the typed getter";
    assertThatThrownBy(() -> f.kernels.toJava(scalar))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> f.kernels.copyToJava(scalar, Array.newInstance(logical(f), 1)))
        .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  void typedToJava(KernelContractTest.K f) {
    Class<?> x = logical(f);
    NdArray a = f.arange(2, 3);
    Class<?> matrix = Array.newInstance(x, 0, 0).getClass();
    Object typed = f.kernels.toJava(a, matrix);
    assertThat(typed).isInstanceOf(matrix);
    assertThat(Objects.deepEquals(typed, f.kernels.toJava(a))).isTrue();
    // A supertype of the nested class is accepted, as Class.cast would.
    assertThat(f.kernels.toJava(a, Object[].class)).isInstanceOf(matrix);
    assertThat(f.kernels.toJava(a, Object.class)).isInstanceOf(matrix);
    String nested = matrix.getTypeName();
    Class<?> vector = Array.newInstance(x, 0).getClass();
    assertThatThrownBy(() -> f.kernels.toJava(a, vector))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot return the nested array of shape (2, 3) as " + vector.getTypeName()
            + ": it is a " + nested);
    Class<?> other = x == double.class ? float[][].class : double[][].class;
    assertThatThrownBy(() -> f.kernels.toJava(a, other))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot return the nested array of shape (2, 3) as " + other.getTypeName()
            + ": it is a " + nested);
    assertThatThrownBy(() -> f.kernels.toJava(a, null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> f.kernels.toJava(f.api.scalar(f.v(1)), Object.class))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("a rank-0 array has no nested Java array form");
  }

  void edgeValues(KernelContractTest.K f) {
    NdArray edges = f.api.vector(f.c.edges());
    Object nested = f.kernels.toJava(edges);
    assertThat(TypedApi.boxed(nested)).isEqualTo(f.c.edges());
    assertThat(f.flat(f.kernels.fromJava(nested))).isEqualTo(f.c.edges());
  }
}
