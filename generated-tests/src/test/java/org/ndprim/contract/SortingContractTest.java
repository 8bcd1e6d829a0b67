package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.Sorting;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The routines of {@link Sorting} over every generated type (the user-declared Float8E4M3, char
 * and bfloat16 included) and every storage (Java array, heap buffer, big-endian direct buffer,
 * 16-byte chunks), on contiguous, transposed and reversed views: results keep the input's type,
 * and their elements and indices are those of a stable sort of the boxed values (compared as
 * Java compares them, which for these values is NumPy's order). NaN sorts last and
 * {@code -0.0}, {@code 0.0} keep their input order. Bit-for-bit agreement with numpy over the
 * NumPy dtypes is {@code SortingGoldenTest}'s, in the runtime.
 */
class SortingContractTest {
  private static final int[] KS = {5, 1, 4, 1, 0, 3, 5, 2};

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeAndStorageSortsAsAStableSort() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("sortAndArgsortAlongEveryAxisOfEveryLayout", c, SortingContractTest::sorts),
            test("uniqueAndSearchsorted", c, SortingContractTest::uniques),
            test("nanLastAndZerosInInputOrder", c, SortingContractTest::nans))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Fixture> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Fixture(c)));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Comparator<Object> BOXED = (x, y) -> ((Comparable) x).compareTo(y);

  /** The stable sorting permutation of {@code values}. */
  private static List<Integer> order(List<Object> values) {
    List<Integer> idx = IntStream.range(0, values.size()).boxed().collect(Collectors.toList());
    idx.sort((i, j) -> BOXED.compare(values.get(i), values.get(j)));
    return idx;
  }

  private static List<Long> longs(LongNdArray a) {
    List<Long> out = new ArrayList<>();
    a.forEach(out::add);
    return out;
  }

  /** Checks sort and argsort of every row of the rank-2 {@code a} along its last axis. */
  private static void checkRows(Fixture f, NdArray a, NdArray sorted, LongNdArray idx) {
    f.assertTyped(sorted);
    assertThat(sorted.shape()).isEqualTo(a.shape());
    assertThat(idx.shape()).isEqualTo(a.shape());
    List<Object> expected = new ArrayList<>();
    List<Long> expectedIdx = new ArrayList<>();
    for (int r = 0; r < a.shape().dim(0); r++) {
      List<Object> row = f.flat(a.get(r));
      for (int i : order(row)) {
        expected.add(row.get(i));
        expectedIdx.add((long) i);
      }
    }
    assertThat(f.flat(sorted)).isEqualTo(expected);
    assertThat(longs(idx)).isEqualTo(expectedIdx);
  }

  static void sorts(Fixture f) {
    NdArray a = f.api.of(Shape.of(2, 4), f.values(KS));
    checkRows(f, a, Sorting.sort(a), Sorting.argsort(a));
    NdArray r = a.slice("::-1, ::-1");
    checkRows(f, r, Sorting.sort(r, 1), Sorting.argsort(r, -1));
    NdArray t = a.transpose(); // sorting t along axis 0 sorts the rows of a
    checkRows(f, a, Sorting.sort(t, 0).transpose(), Sorting.argsort(t, 0).transpose());
    List<Object> all = f.flat(a);
    assertThat(f.flat(Sorting.sortFlat(a))).isEqualTo(
        order(all).stream().map(all::get).collect(Collectors.toList()));
    assertThat(longs(Sorting.argsortFlat(a))).isEqualTo(
        order(all).stream().map(Integer::longValue).collect(Collectors.toList()));
  }

  static void uniques(Fixture f) {
    NdArray a = f.api.of(Shape.of(2, 4), f.values(KS));
    List<Object> all = f.flat(a);
    List<Object> distinct = all.stream().distinct().sorted(BOXED).collect(Collectors.toList());
    Sorting.Unique<NdArray> u = Sorting.unique(a, true, true, true);
    f.assertTyped(u.values());
    assertThat(f.flat(u.values())).isEqualTo(distinct);
    assertThat(longs(u.index())).isEqualTo(distinct.stream()
        .map(v -> (long) all.indexOf(v)).collect(Collectors.toList()));
    assertThat(longs(u.counts())).isEqualTo(distinct.stream()
        .map(v -> all.stream().filter(v::equals).count()).collect(Collectors.toList()));
    assertThat(u.inverse().shape()).isEqualTo(a.shape());
    assertThat(longs(u.inverse())).isEqualTo(all.stream()
        .map(v -> (long) distinct.indexOf(v)).collect(Collectors.toList()));
    NdArray sorted = Sorting.sortFlat(a);
    List<Object> s = f.flat(sorted);
    assertThat(longs(Sorting.searchsorted(sorted, u.values()))).isEqualTo(distinct.stream()
        .map(v -> (long) s.indexOf(v)).collect(Collectors.toList()));
    assertThat(longs(Sorting.searchsorted(sorted, u.values(), true, null))).isEqualTo(
        distinct.stream().map(v -> (long) s.lastIndexOf(v) + 1).collect(Collectors.toList()));
    assertThat(longs(Sorting.searchsorted(a.reshape(-1), u.values(), false,
        Sorting.argsortFlat(a)))).isEqualTo(distinct.stream()
        .map(v -> (long) s.indexOf(v)).collect(Collectors.toList()));
  }

  static void nans(Fixture f) {
    if (!f.c.floating()) {
      return;
    }
    Object nan = f.nan();
    Object nz = f.negativeZero();
    Object pz = f.positiveZero();
    NdArray a = f.api.of(Shape.of(7), List.of(nan, pz, f.v(1), nz, nan, pz, nz));
    assertThat(f.flat(Sorting.sort(a))).isEqualTo(List.of(pz, nz, pz, nz, f.v(1), nan, nan));
    assertThat(longs(Sorting.argsort(a))).containsExactly(1L, 3L, 5L, 6L, 2L, 0L, 4L);
    NdArray r = a.slice("::-1");
    assertThat(f.flat(Sorting.sort(r))).isEqualTo(List.of(nz, pz, nz, pz, f.v(1), nan, nan));
    Sorting.Unique<NdArray> u = Sorting.unique(a, false, false, true);
    assertThat(f.flat(u.values())).isEqualTo(List.of(pz, f.v(1), nan));
    assertThat(longs(u.counts())).containsExactly(4L, 1L, 2L);
  }
}
