package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.NdArray;
import org.ndprim.NdArraySequence;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;

/**
 * The iteration contract (issue 4) over all nine generated types: {@code elements(axis)} and
 * {@code scalars()} hand out fresh views equal to {@code get(...)} that are safe to keep;
 * {@code forEach} and {@code forEachIndexed} visit every value in C order, the latter with one
 * reused coordinates array.
 */
class IterationContractTest {

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeIteratesAsDocumented() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("elementsAlongAxis0And1EqualGet", c, this::elementsEqualGet),
            test("elementsAreFreshKeepableViews", c, this::elementsAreKeepable),
            test("elementsOfViewsAndIndexedForEach", c, this::elementsOfViews),
            test("elementsAxisErrorsAndEmptyAxes", c, this::elementsErrors),
            test("elementsOfReadOnlyArraysAreReadOnly", c, this::elementsReadOnly),
            test("scalarsAreRankZeroViewsInCOrder", c, this::scalars),
            test("forEachVisitsValuesInCOrder", c, this::forEach),
            test("forEachIndexedReusesOneCoordinatesArray", c, this::forEachIndexed),
            test("forEachIndexedOfRankTwoAndThreeAsTheAnyRankForm", c, this::forEachIndexedOfRank))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<KernelContractTest.K> t) {
    return DynamicTest.dynamicTest(name, () -> t.accept(new KernelContractTest.K(c)));
  }

  private static List<NdArray> list(Iterable<?> sequence) {
    List<NdArray> out = new ArrayList<>();
    for (Object o : sequence) {
      out.add((NdArray) o);
    }
    return out;
  }

  void elementsEqualGet(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3, 4);
    List<NdArray> rows = list(f.kernels.elements(a, 0));
    assertThat(rows).hasSize(2);
    for (int i = 0; i < 2; i++) {
      assertThat(rows.get(i)).isInstanceOf(f.c.type().arrayType())
          .isEqualTo(a.get(i));
      assertThat(rows.get(i).shape()).isEqualTo(Shape.of(3, 4));
    }
    List<NdArray> lines = list(f.kernels.elements(a, 1));
    assertThat(lines).hasSize(6);
    for (int k = 0; k < 6; k++) {
      assertThat(lines.get(k)).isEqualTo(a.get(k / 3, k % 3));
      assertThat(lines.get(k).shape()).isEqualTo(Shape.of(4));
    }
    // The last axis gives rank-0 views; a negative axis counts from the end.
    List<NdArray> last = list(f.kernels.elements(a, -1));
    assertThat(last).hasSize(24);
    assertThat(last.get(23).shape()).isEqualTo(Shape.scalar());
    assertThat(f.api.get(last.get(23))).isEqualTo(f.v(23));
    assertThat(list(f.kernels.elements(a, -2))).isEqualTo(lines);
  }

  void elementsAreKeepable(KernelContractTest.K f) {
    NdArray a = f.arange(3, 2);
    NdArraySequence<?> sequence = (NdArraySequence<?>) f.kernels.elements(a, 0);
    List<NdArray> kept = list(sequence);
    // Compared after the iteration finished: nothing was recycled.
    assertThat(kept).containsExactly(a.get(0), a.get(1), a.get(2));
    Set<NdArray> distinct = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    distinct.addAll(kept);
    assertThat(distinct).hasSize(3);
    // The sequence can be walked again, and gives new instances.
    List<NdArray> again = list(sequence);
    assertThat(again).isEqualTo(kept);
    assertThat(again.get(0)).isNotSameAs(kept.get(0));
    assertThat(sequence.size()).isEqualTo(3);
    // The views share the storage: a write through one reaches the array.
    f.api.set(kept.get(2), f.v(9), 1);
    assertThat(f.api.get(a, 2, 1)).isEqualTo(f.v(9));
    // Streams of the sequence keep their elements too.
    List<Object> firsts = new ArrayList<>();
    sequence.forEach(row -> firsts.add(f.api.get((NdArray) row, 0)));
    assertThat(firsts).isEqualTo(f.values(0, 2, 4));
  }

  void elementsOfViews(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3, 4);
    NdArray view = a.slice("::-1, 1:, ::3");  // shape (2, 2, 2)
    NdArraySequence<?> lines = (NdArraySequence<?>) f.kernels.elements(view, 1);
    List<long[]> coords = new ArrayList<>();
    List<Object> views = new ArrayList<>();
    lines.forEachIndexed((c, v) -> {
      coords.add(c.clone());
      views.add(v);
    });
    assertThat(coords).containsExactly(new long[] {0, 0}, new long[] {0, 1}, new long[] {1, 0},
        new long[] {1, 1});
    for (int k = 0; k < 4; k++) {
      long[] c = coords.get(k);
      assertThat(views.get(k)).isEqualTo(view.get(c));
    }
    assertThat(f.flat((NdArray) views.get(0))).isEqualTo(f.values(16, 19));
    NdArray t = a.transpose();  // (4, 3, 2)
    List<NdArray> columns = list(f.kernels.elements(t, 0));
    assertThat(columns).hasSize(4);
    assertThat(columns.get(3)).isEqualTo(t.get(3));
    assertThat(f.flat(columns.get(3))).isEqualTo(f.values(3, 15, 7, 19, 11, 23));
  }

  void elementsErrors(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3);
    assertThatThrownBy(() -> f.kernels.elements(a, 2))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> f.kernels.elements(a, -3))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis -3 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> f.kernels.elements(f.api.scalar(f.v(1)), 0))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
    // An empty leading axis has no elements; an empty trailing one gives empty elements.
    assertThat(list(f.kernels.elements(f.api.zeros(Shape.of(0, 3)), 0))).isEmpty();
    List<NdArray> empties = list(f.kernels.elements(f.api.zeros(Shape.of(2, 0)), 0));
    assertThat(empties).hasSize(2);
    assertThat(empties.get(1).shape()).isEqualTo(Shape.of(0));
  }

  void elementsReadOnly(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3);
    for (NdArray row : list(f.kernels.elements(a.readOnly(), 0))) {
      assertThat(row.isReadOnly()).isTrue();
      assertThatThrownBy(() -> f.api.fill(row, f.v(1)))
          .isInstanceOf(ReadOnlyArrayException.class);
    }
    for (NdArray s : list(f.kernels.scalars(f.of(1, 2).broadcastTo(Shape.of(2, 2))))) {
      assertThat(s.isReadOnly()).isTrue();
    }
    assertThat(list(f.kernels.elements(a, 0)).get(0).isReadOnly()).isFalse();
  }

  void scalars(KernelContractTest.K f) {
    NdArray view = f.arange(3, 4).slice("::-1, 1::2");
    List<NdArray> scalars = list(f.kernels.scalars(view));
    assertThat(scalars).hasSize(6).allSatisfy(s ->
        assertThat(s.shape()).isEqualTo(Shape.scalar()));
    assertThat(scalars.stream().map(s -> f.api.get(s)).collect(Collectors.toList()))
        .isEqualTo(f.flat(view));
    f.api.set(scalars.get(0), f.v(0));
    assertThat(f.api.get(view, 0, 0)).isEqualTo(f.v(0));
    NdArray rank0 = f.api.scalar(f.v(7));
    List<NdArray> one = list(f.kernels.scalars(rank0));
    assertThat(one).hasSize(1);
    assertThat(one.get(0)).isEqualTo(rank0);
    assertThat(list(f.kernels.scalars(f.api.zeros(Shape.of(4, 0))))).isEmpty();
  }

  void forEach(KernelContractTest.K f) {
    NdArray view = f.arange(2, 3, 4).slice(":, ::-1, 1::2");
    List<Object> seen = new ArrayList<>();
    f.kernels.forEach(view, seen::add);
    assertThat(seen).isEqualTo(f.flat(view));
    seen.clear();
    f.kernels.forEach(f.api.zeros(Shape.of(0, 5)), seen::add);
    assertThat(seen).isEmpty();
    f.kernels.forEach(f.api.scalar(f.v(3)), seen::add);
    assertThat(seen).containsExactly(f.v(3));
    seen.clear();
    List<?> edges = f.c.edges();
    f.kernels.forEach(f.api.vector(edges), seen::add);
    assertThat(seen).isEqualTo(edges);
    assertThatThrownBy(() -> f.kernels.call("forEach", view, (Object) null))
        .isInstanceOf(NullPointerException.class);
  }

  void forEachIndexed(KernelContractTest.K f) {
    NdArray a = f.arange(2, 3, 4);
    NdArray view = a.slice("::-1, 1:, ::2");  // shape (2, 2, 2)
    List<long[]> coords = new ArrayList<>();
    List<Object> values = new ArrayList<>();
    Set<long[]> arrays = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    f.kernels.forEachIndexed(view, (c, v) -> {
      arrays.add(c);
      coords.add(c.clone());
      values.add(v);
    });
    assertThat(arrays).hasSize(1);  // one coordinates array, reused for every element
    assertThat(coords).hasSize(8);
    long k = 0;
    for (long i = 0; i < 2; i++) {
      for (long j = 0; j < 2; j++) {
        for (long m = 0; m < 2; m++, k++) {
          assertThat(coords.get((int) k)).containsExactly(i, j, m);
          assertThat(values.get((int) k)).isEqualTo(f.api.get(view, i, j, m));
        }
      }
    }
    // Unit-stride runs (the int fast path), reversed and stepped ones: every coordinate and value.
    for (String spec : new String[] {":", "1:", "..., ::-1", ":, ::-1, 1:3", ":, 2, :"}) {
      NdArray v = a.slice(spec);
      List<String> seen = new ArrayList<>();
      f.kernels.forEachIndexed(v, (c, x) -> seen.add(Arrays.toString(c) + "=" + x));
      List<String> expected = new ArrayList<>();
      for (long[] c : cOrder(v.shape().asArray())) {
        expected.add(Arrays.toString(c) + "=" + f.api.get(v, c));
      }
      assertThat(seen).as("x[%s]", spec).isEqualTo(expected);
    }
    List<String> rank0 = new ArrayList<>();
    f.kernels.forEachIndexed(f.api.scalar(f.v(5)),
        (c, v) -> rank0.add(Arrays.toString(c) + "=" + v));
    assertThat(rank0).containsExactly("[]=" + f.v(5));
    f.kernels.forEachIndexed(f.api.zeros(Shape.of(3, 0)), (c, v) -> {
      throw new AssertionError("called on an empty array");
    });
    // Axes of length 1 keep their (zero) coordinate.
    List<String> ones = new ArrayList<>();
    f.kernels.forEachIndexed(f.arange(1, 2, 1), (c, v) -> ones.add(Arrays.toString(c)));
    assertThat(ones).containsExactly("[0, 0, 0]", "[0, 1, 0]");
  }

  void forEachIndexedOfRank(KernelContractTest.K f) {
    NdArray a = f.arange(3, 4, 5);
    // unit and other strides on the last axis, negative ones too (o + j * s)
    for (String spec : new String[] {"", "::-1, 1:, ::2", ":, 2, :", "1, ::-1", ":, :, 0",
        "None, 1", ":, :, ::-1", "::2, ::-2, ::-3", "1, :, ::-2"}) {
      NdArray v = spec.isEmpty() ? a : a.slice(spec);
      if (v.rank() < 2) {
        continue;
      }
      List<String> expected = new ArrayList<>();
      f.kernels.forEachIndexed(v, (c, x) -> expected.add(Arrays.toString(c) + "=" + x));
      List<String> seen = new ArrayList<>();
      f.kernels.forEachIndexedOfRank(v, v.rank(), (c, x) -> seen.add(Arrays.toString(c) + "=" + x));
      assertThat(seen).as("x[%s]", spec).isEqualTo(expected);
      int other = v.rank() == 2 ? 3 : 2;
      assertThatThrownBy(() -> f.kernels.forEachIndexedOfRank(v, other, (c, x) -> { }))
          .isInstanceOf(org.ndprim.IllegalRankException.class)
          .hasMessage("forEachIndexed with " + other + " coordinates needs an array of rank "
              + other + ", not " + v.rank());
    }
    f.kernels.forEachIndexedOfRank(f.api.zeros(Shape.of(3, 0)), 2, (c, x) -> {
      throw new AssertionError("called on an empty array");
    });
  }

  /** All coordinates of a shape in C order, by counting (the naive reference). */
  private static List<long[]> cOrder(long[] shape) {
    List<long[]> out = new ArrayList<>();
    long size = 1;
    for (long d : shape) {
      size *= d;
    }
    for (long flat = 0; flat < size; flat++) {
      long[] c = new long[shape.length];
      long rest = flat;
      for (int axis = shape.length - 1; axis >= 0; axis--) {
        c[axis] = rest % shape[axis];
        rest /= shape[axis];
      }
      out.add(c);
    }
    return out;
  }
}
