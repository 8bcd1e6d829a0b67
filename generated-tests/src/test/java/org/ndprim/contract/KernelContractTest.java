package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BFloat16NdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.layout.Layout;

/**
 * The behaviour contract of the kernels (issue 4), written once and run over all nine generated
 * types: map and zip (new and in place), the reductions (sum of the numeric types; min, max,
 * argMin, argMax of every type, boolean ordering false before true) and astype, on
 * strided and reversed views, empty arrays, rank 0, overlapping operands, read-only views and
 * edge values. The numbers themselves are checked against numpy in {@link KernelGoldenTest}.
 */
class KernelContractTest {

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeHonoursTheKernelContract() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("mapIsANewCOrderArrayBuiltInCOrder", c, this::mapIsANewCOrderArray),
            test("mapInPlaceWritesThroughViews", c, this::mapInPlaceWritesThroughViews),
            test("mapOnEmptyAndRankZero", c, this::mapOnEmptyAndRankZero),
            test("zipPairsElementsByCoordinates", c, this::zipPairsByCoordinates),
            test("zipRejectsUnequalShapesNamingBoth", c, this::zipRejectsUnequalShapes),
            test("zipInPlaceReadsOverlapAsIfCopiedFirst", c, this::zipInPlaceOverlap),
            test("inPlaceKernelsRefuseReadOnlyViews", c, this::inPlaceRefusesReadOnly),
            test("edgeValuesSurviveMapAndZip", c, this::edgeValuesSurvive),
            test("sumExistsExactlyForNumericTypesExtremesForAll", c, this::whichReductions),
            test("emptyReductionsAsNumpy", c, this::emptyReductions),
            test("rankZeroReductionsAndAxisErrors", c, this::rankZeroAndAxisErrors),
            test("extremesAreTheFirstInCOrder", c, this::firstExtremes),
            test("nanIsTheExtremeAndSignedZerosTie", c, this::nanAndSignedZeros),
            test("booleanExtremesOrderFalseBeforeTrue", c, this::booleanExtremes),
            test("rootArgExtremesLocateTheTypedExtremes", c, this::rootArgExtremes),
            test("sumsAccumulateWide", c, this::sumsAccumulateWide),
            test("reductionsAreLayoutIndependent", c, this::reductionsLayoutIndependent),
            test("astypeKeepsShapeAndMakesNewArrays", c, this::astypeShapes),
            test("astypeToItselfIsACopy", c, this::astypeToItself),
            test("astypeOfMoreElementsThanACastBlock", c, this::astypeAcrossBlocks),
            test("castFactoriesCheckTheCount", c, this::castFactoriesCheckTheCount))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<K> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new K(c)));
  }

  /** One type's contract fixture plus its kernels. */
  static final class K extends NdArrayContractTest.Fixture {
    final KernelApi kernels;

    K(ScalarCase<?> c) {
      super(c);
      this.kernels = new KernelApi(c);
    }

    NdArray of(int... ks) {
      return api.vector(values(ks));
    }

    boolean numeric() {
      return !c.name().equals("Boolean");
    }

    /** The reductions the type has, whole and per axis: {@code sum} only if numeric. */
    List<String> reductions() {
      return numeric() ? List.of("sum", "min", "max", "argMin", "argMax")
          : List.of("min", "max", "argMin", "argMax");
    }
  }

  // ---------------------------------------------------------------------------- map, zip

  void mapIsANewCOrderArray(K f) {
    NdArray a = f.arange(2, 3, 4);
    NdArray view = a.slice("::-1, 1:, ::2");
    List<Object> seen = new ArrayList<>();
    NdArray mapped = f.kernels.map(view, x -> {
      seen.add(x);
      return x;
    });
    assertThat(seen).isEqualTo(f.flat(view));  // called once per element, in C order
    assertThat(mapped).isInstanceOf(f.c.type().arrayType()).isEqualTo(view);
    assertThat(mapped.layout()).isEqualTo(Layout.cOrder(view.shape()));
    // Its own storage: writing to it leaves the source alone.
    f.api.fill(mapped, f.v(1));
    assertThat(f.flat(a)).isEqualTo(f.flat(f.arange(2, 3, 4)));
    NdArray constant = f.kernels.map(view, x -> f.v(3));
    assertThat(f.flat(constant)).containsOnly(f.v(3)).hasSize(8);
  }

  void mapInPlaceWritesThroughViews(K f) {
    NdArray a = f.arange(4, 5);
    NdArray view = a.slice("::-2, 1::2");
    List<Object> seen = new ArrayList<>();
    NdArray returned = f.kernels.mapInPlace(view, x -> {
      seen.add(x);
      return f.v(7);
    });
    assertThat(returned).isSameAs(view);
    assertThat(seen).isEqualTo(f.values(16, 18, 6, 8));
    for (long i = 0; i < 4; i++) {
      for (long j = 0; j < 5; j++) {
        boolean hit = (i == 3 || i == 1) && (j == 1 || j == 3);
        assertThat(f.api.get(a, i, j)).as("(%s, %s)", i, j)
            .isEqualTo(hit ? f.v(7) : f.v((int) (i * 5 + j)));
      }
    }
  }

  void mapOnEmptyAndRankZero(K f) {
    NdArray empty = f.api.zeros(Shape.of(0, 3));
    NdArray mapped = f.kernels.map(empty, x -> {
      throw new AssertionError("called on an empty array");
    });
    assertThat(mapped.shape()).isEqualTo(Shape.of(0, 3));
    f.kernels.mapInPlace(f.api.zeros(Shape.of(3, 0)), x -> {
      throw new AssertionError("called on an empty array");
    });
    NdArray scalar = f.api.scalar(f.v(3));
    NdArray five = f.kernels.map(scalar, x -> f.v(5));
    assertThat(five.shape()).isEqualTo(Shape.scalar());
    assertThat(f.api.get(five)).isEqualTo(f.v(5));
    f.kernels.mapInPlace(scalar, x -> f.v(4));
    assertThat(f.api.get(scalar)).isEqualTo(f.v(4));
  }

  void zipPairsByCoordinates(K f) {
    NdArray a = f.arange(2, 3);
    NdArray b = f.arange(3, 2).transpose();  // same shape, other layout: b[i][j] = 2j + i
    List<List<Object>> pairs = new ArrayList<>();
    NdArray zipped = f.kernels.zip(a, b, (x, y) -> {
      pairs.add(List.of(x, y));
      return y;
    });
    assertThat(pairs).containsExactly(
        List.of(f.v(0), f.v(0)), List.of(f.v(1), f.v(2)), List.of(f.v(2), f.v(4)),
        List.of(f.v(3), f.v(1)), List.of(f.v(4), f.v(3)), List.of(f.v(5), f.v(5)));
    assertThat(zipped).isEqualTo(b);
    assertThat(zipped.layout()).isEqualTo(Layout.cOrder(Shape.of(2, 3)));
    NdArray left = f.kernels.zip(a.slice("::-1"), b, (x, y) -> x);
    assertThat(left).isEqualTo(a.slice("::-1"));
    NdArray inPlace = f.kernels.zipInPlace(a, b, (x, y) -> y);
    assertThat(inPlace).isSameAs(a);
    assertThat(a).isEqualTo(b);
  }

  void zipRejectsUnequalShapes(K f) {
    NdArray a = f.arange(2, 3);
    NdArray b = f.arange(3, 2);
    assertThatThrownBy(() -> f.kernels.zip(a, b, (x, y) -> x))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot zip an array of shape (2, 3) with an array of shape (3, 2)");
    assertThatThrownBy(() -> f.kernels.zipInPlace(a, f.arange(6), (x, y) -> y))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot zip an array of shape (2, 3) with an array of shape (6,)");
    assertThat(a).isEqualTo(f.arange(2, 3));  // nothing written
  }

  void zipInPlaceOverlap(K f) {
    // NumPy: np.copyto(a[1:], a[:-1]) through a ufunc reads the source as if copied first.
    NdArray a = f.arange(6);
    f.kernels.zipInPlace(a.slice("1:"), a.slice(":-1"), (x, y) -> y);
    assertThat(f.flat(a)).isEqualTo(f.values(0, 0, 1, 2, 3, 4));
    a = f.arange(6);
    f.kernels.zipInPlace(a.slice(":-1"), a.slice("1:"), (x, y) -> y);
    assertThat(f.flat(a)).isEqualTo(f.values(1, 2, 3, 4, 5, 5));
    a = f.arange(6);
    f.kernels.zipInPlace(a, a.slice("::-1"), (x, y) -> y);
    assertThat(f.flat(a)).isEqualTo(f.values(5, 4, 3, 2, 1, 0));
    NdArray m = f.arange(3, 4);
    f.kernels.zipInPlace(m, m.slice("::-1, ::-1"), (x, y) -> y);
    assertThat(f.flat(m)).isEqualTo(f.values(11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0));
    // The operator sees the old value on both sides when an array is zipped with itself.
    NdArray same = f.arange(4);
    List<List<Object>> pairs = new ArrayList<>();
    f.kernels.zipInPlace(same, same, (x, y) -> {
      pairs.add(List.of(x, y));
      return f.v(9);
    });
    assertThat(pairs).containsExactly(List.of(f.v(0), f.v(0)), List.of(f.v(1), f.v(1)),
        List.of(f.v(2), f.v(2)), List.of(f.v(3), f.v(3)));
    assertThat(f.flat(same)).containsOnly(f.v(9));
  }

  void inPlaceRefusesReadOnly(K f) {
    NdArray a = f.arange(2, 3);
    NdArray readOnly = a.readOnly();
    assertThatThrownBy(() -> f.kernels.mapInPlace(readOnly, x -> {
      throw new AssertionError("the operator ran on a read-only array");
    })).isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> f.kernels.zipInPlace(readOnly, a, (x, y) -> y))
        .isInstanceOf(ReadOnlyArrayException.class);
    // Read-only comes first, before the shape check.
    assertThatThrownBy(() -> f.kernels.zipInPlace(readOnly, f.arange(7), (x, y) -> y))
        .isInstanceOf(ReadOnlyArrayException.class);
    NdArray broadcast = f.of(1, 2, 3).broadcastTo(Shape.of(2, 3));
    assertThatThrownBy(() -> f.kernels.mapInPlace(broadcast, x -> x))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThat(a).isEqualTo(f.arange(2, 3));
    // Reading kernels work on read-only and broadcast views, and their results are writable.
    NdArray mapped = f.kernels.map(broadcast, x -> x);
    assertThat(f.flat(mapped)).isEqualTo(f.values(1, 2, 3, 1, 2, 3));
    assertThat(mapped.isReadOnly()).isFalse();
    assertThat(f.kernels.zip(readOnly, a, (x, y) -> x)).isEqualTo(a);
  }

  void edgeValuesSurvive(K f) {
    List<?> edges = f.c.edges();
    NdArray a = f.api.vector(edges);
    assertThat(f.flat(f.kernels.map(a, x -> x))).isEqualTo(edges);
    assertThat(f.flat(f.kernels.zip(a, a.copy(), (x, y) -> y))).isEqualTo(edges);
    List<Object> reversed = new ArrayList<>(edges);
    Collections.reverse(reversed);
    NdArray b = a.copy();
    f.kernels.zipInPlace(b, b.slice("::-1"), (x, y) -> y);
    assertThat(f.flat(b)).isEqualTo(reversed);
    f.kernels.mapInPlace(b, x -> x);
    assertThat(f.flat(b)).isEqualTo(reversed);
  }

  // ---------------------------------------------------------------------------- reductions

  void whichReductions(K f) {
    assertThat(f.kernels.has("sum", 0)).isEqualTo(f.numeric());
    assertThat(f.kernels.has("sum", 1)).as("sum(axis)").isEqualTo(f.numeric());
    for (String op : List.of("min", "max", "argMin", "argMax")) {
      assertThat(f.kernels.has(op, 0)).as(op).isTrue();
      assertThat(f.kernels.has(op, 1)).as(op + "(axis)").isTrue();
    }
    if (f.numeric()) {
      Class<?> sum = f.c.floating() ? f.c.type().logicalType() : long.class;
      assertThat(f.kernels.returnType("sum", 0)).isEqualTo(sum);
      assertThat(f.kernels.returnType("sum", 1))
          .isEqualTo(KernelApi.caseOf(f.c.sumName()).type().arrayType());
    }
    assertThat(f.kernels.returnType("min", 0)).isEqualTo(f.c.type().logicalType());
    assertThat(f.kernels.returnType("max", 1)).isEqualTo(f.c.type().arrayType());
    assertThat(f.kernels.returnType("argMin", 0)).isEqualTo(long.class);
    assertThat(f.kernels.returnType("argMax", 1))
        .isEqualTo(KernelApi.caseOf("Long").type().arrayType());
  }

  void emptyReductions(K f) {
    NdArray empty = f.api.zeros(Shape.of(0));
    if (f.numeric()) {
      assertThat(f.kernels.reduce("sum", empty)).isEqualTo(f.c.sumOf());
    }
    String minimum = "zero-size array to reduction operation minimum which has no identity";
    String maximum = "zero-size array to reduction operation maximum which has no identity";
    assertThatThrownBy(() -> f.kernels.reduce("min", empty))
        .isExactlyInstanceOf(IllegalStateException.class).hasMessage(minimum);
    assertThatThrownBy(() -> f.kernels.reduce("max", empty))
        .isExactlyInstanceOf(IllegalStateException.class).hasMessage(maximum);
    assertThatThrownBy(() -> f.kernels.reduce("argMin", empty))
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("attempt to get argmin of an empty sequence");
    assertThatThrownBy(() -> f.kernels.reduce("argMax", empty))
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("attempt to get argmax of an empty sequence");
    // Per axis: an empty reduced axis has no identity, even when the output is empty too...
    NdArray rows0 = f.api.zeros(Shape.of(0, 3));
    if (f.numeric()) {
      NdArray sums = f.kernels.reduce("sum", rows0, 0);
      assertThat(sums.shape()).isEqualTo(Shape.of(3));
      assertThat(new TypedApi(KernelApi.caseOf(f.c.sumName())).toList(sums))
          .containsOnly(f.c.sumOf());
    }
    assertThatThrownBy(() -> f.kernels.reduce("min", rows0, 0)).hasMessage(minimum);
    assertThatThrownBy(() -> f.kernels.reduce("max", f.api.zeros(Shape.of(0, 0)), 1))
        .hasMessage(maximum);
    assertThatThrownBy(() -> f.kernels.reduce("argMax", rows0, -2))
        .hasMessage("attempt to get argmax of an empty sequence");
    // ... while reducing a non-empty axis of an empty array gives an empty result.
    for (String op : f.reductions()) {
      assertThat(f.kernels.reduce(op, rows0, 1).shape()).as(op).isEqualTo(Shape.of(0));
      assertThat(f.kernels.reduce(op, f.api.zeros(Shape.of(3, 0)), 0).shape()).as(op)
          .isEqualTo(Shape.of(0));
    }
  }

  void rankZeroAndAxisErrors(K f) {
    NdArray scalar = f.api.scalar(f.v(5));
    if (f.numeric()) {
      assertThat(f.kernels.reduce("sum", scalar)).isEqualTo(f.c.sumOf(5));
    }
    assertThat(f.kernels.reduce("min", scalar)).isEqualTo(f.v(5));
    assertThat(f.kernels.reduce("max", scalar)).isEqualTo(f.v(5));
    assertThat(f.kernels.reduce("argMin", scalar)).isEqualTo(0L);
    assertThat(f.kernels.reduce("argMax", scalar)).isEqualTo(0L);
    for (String op : f.reductions()) {
      // As NumPy's np.sum(np.array(5), axis=0), np.argmax(np.array(5), axis=-1), ...: a rank-0
      // array takes axis 0 and -1 as its one element, and no other axis.
      for (int axis : new int[] {0, -1}) {
        NdArray r = f.kernels.reduce(op, scalar, axis);
        assertThat(r.shape()).as("%s(%d)", op, axis).isEqualTo(Shape.scalar());
        assertThat(r.getObject()).as("%s(%d)", op, axis).isEqualTo(f.kernels.reduce(op, scalar));
      }
      for (int axis : new int[] {1, -2}) {
        assertThatThrownBy(() -> f.kernels.reduce(op, scalar, axis)).as(op)
            .isExactlyInstanceOf(IndexOutOfBoundsException.class)
            .hasMessage("axis " + axis + " is out of bounds for array of dimension 0");
      }
      NdArray a = f.arange(2, 3);
      assertThatThrownBy(() -> f.kernels.reduce(op, a, 2)).as(op)
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis 2 is out of bounds for array of dimension 2");
      assertThatThrownBy(() -> f.kernels.reduce(op, a, -3)).as(op)
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis -3 is out of bounds for array of dimension 2");
      assertThat(f.kernels.reduce(op, a, -1)).as(op).isEqualTo(f.kernels.reduce(op, a, 1));
      // A rank-1 array reduces to rank 0.
      assertThat(f.kernels.reduce(op, f.arange(4), 0).shape()).isEqualTo(Shape.scalar());
    }
  }

  void firstExtremes(K f) {
    if (!f.numeric()) {
      return;
    }
    NdArray a = f.of(2, 1, 3, 1, 3, 2);
    assertThat(f.kernels.reduce("argMin", a)).isEqualTo(1L);
    assertThat(f.kernels.reduce("argMax", a)).isEqualTo(2L);
    assertThat(f.kernels.reduce("min", a)).isEqualTo(f.v(1));
    assertThat(f.kernels.reduce("max", a)).isEqualTo(f.v(3));
    // argMin/argMax count in the C order of the view, not of the storage.
    NdArray reversed = a.slice("::-1");
    assertThat(f.kernels.reduce("argMin", reversed)).isEqualTo(2L);
    assertThat(f.kernels.reduce("argMax", reversed)).isEqualTo(1L);
    NdArray m = api2(f, 3, 3, 1, 1, 3, 2, 2, 0, 0);  // [[3 3 1] [1 3 2] [2 0 0]]
    assertThat(longs(f.kernels.reduce("argMax", m, 0))).isEqualTo(List.of(0L, 0L, 1L));
    assertThat(longs(f.kernels.reduce("argMin", m, 1))).isEqualTo(List.of(2L, 0L, 1L));
    assertThat(f.flat(f.kernels.reduce("max", m.transpose(), 1))).isEqualTo(f.values(3, 3, 2));
  }

  private static List<Object> longs(NdArray indices) {
    return new TypedApi(KernelApi.caseOf("Long")).toList(indices);
  }

  private static NdArray api2(K f, int... ks) {
    return f.api.of(Shape.of(3, 3), f.values(ks));
  }

  void nanAndSignedZeros(K f) {
    if (!f.c.floating()) {
      return;
    }
    Object one = f.v(1);
    Object nan = f.nan();
    NdArray a = f.api.vector(List.of(one, nan, f.v(0), nan));
    for (String op : List.of("min", "max")) {
      assertThat(f.kernels.reduce(op, a)).as(op).isEqualTo(nan);
    }
    assertThat(f.kernels.reduce("argMin", a)).isEqualTo(1L);
    assertThat(f.kernels.reduce("argMax", a)).isEqualTo(1L);
    assertThat(f.kernels.reduce("sum", a)).isEqualTo(nanSum(f));
    assertThat(f.kernels.reduce("argMin", a.slice("::-1"))).isEqualTo(0L);
    // A NaN in the first element, and per axis.
    NdArray m = f.api.of(Shape.of(2, 3), List.of(nan, f.v(2), f.v(3), f.v(4), nan, f.v(1)));
    assertThat(f.kernels.reduce("argMax", m)).isEqualTo(0L);
    assertThat(f.flat(f.kernels.reduce("min", m, 0))).isEqualTo(List.of(nan, nan, f.v(1)));
    assertThat(longs(f.kernels.reduce("argMin", m, 1))).isEqualTo(List.of(0L, 1L));
    // -0.0 and 0.0 compare equal: the first in C order is the extreme (documented rule; which
    // one numpy returns depends on the dtype's loop).
    NdArray zeros = f.api.vector(List.of(f.positiveZero(), f.negativeZero()));
    assertThat(f.kernels.reduce("min", zeros)).isEqualTo(f.positiveZero());
    assertThat(f.kernels.reduce("max", zeros.slice("::-1"))).isEqualTo(f.negativeZero());
    assertThat(f.kernels.reduce("argMin", zeros)).isEqualTo(0L);
    // Infinities are ordinary extremes; inf + -inf is NaN.
    Object inf = f.c.box() == Double.class ? (Object) Double.POSITIVE_INFINITY
        : (Object) Float.POSITIVE_INFINITY;
    Object minusInf = f.c.box() == Double.class ? (Object) Double.NEGATIVE_INFINITY
        : (Object) Float.NEGATIVE_INFINITY;
    if (!f.c.edges().contains(inf)) {
      return;  // a type without infinities (float8_e4m3fn)
    }
    NdArray infs = f.api.vector(List.of(one, inf, minusInf));
    assertThat(f.kernels.reduce("max", infs)).isEqualTo(inf);
    assertThat(f.kernels.reduce("argMin", infs)).isEqualTo(2L);
    assertThat(f.kernels.reduce("sum", infs)).isEqualTo(nanSum(f));
  }

  private static Object nanSum(K f) {
    return f.c.type().logicalType() == float.class ? (Object) Float.NaN : (Object) Double.NaN;
  }

  void booleanExtremes(K f) {
    if (f.numeric()) {
      return;
    }
    // numpy: a = np.array([[True, False, True], [False, True, True]])
    NdArray a = f.api.of(Shape.of(2, 3), List.of(true, false, true, false, true, true));
    assertThat(f.kernels.reduce("min", a)).isEqualTo(false);
    assertThat(f.kernels.reduce("max", a)).isEqualTo(true);
    assertThat(f.kernels.reduce("argMin", a)).isEqualTo(1L);
    assertThat(f.kernels.reduce("argMax", a)).isEqualTo(0L);
    assertThat(f.flat(f.kernels.reduce("min", a, 0))).isEqualTo(List.of(false, false, true));
    assertThat(f.flat(f.kernels.reduce("max", a, 0))).isEqualTo(List.of(true, true, true));
    assertThat(longs(f.kernels.reduce("argMin", a, 0))).isEqualTo(List.of(1L, 0L, 0L));
    assertThat(longs(f.kernels.reduce("argMax", a, 0))).isEqualTo(List.of(0L, 1L, 0L));
    assertThat(longs(f.kernels.reduce("argMin", a, 1))).isEqualTo(List.of(1L, 0L));
    assertThat(longs(f.kernels.reduce("argMax", a, 1))).isEqualTo(List.of(0L, 1L));
    // In the view's C order: a[:, ::-1] is [[True False True] [True True False]].
    NdArray flipped = a.slice(":, ::-1");
    assertThat(f.kernels.reduce("argMin", flipped)).isEqualTo(1L);
    assertThat(f.kernels.reduce("argMax", flipped)).isEqualTo(0L);
    // All equal: the first element is both extremes.
    NdArray allTrue = f.api.vector(List.of(true, true, true, true));
    assertThat(f.kernels.reduce("argMin", allTrue)).isEqualTo(0L);
    assertThat(f.kernels.reduce("min", allTrue)).isEqualTo(true);
    NdArray allFalse = f.api.zeros(Shape.of(4));
    assertThat(f.kernels.reduce("argMax", allFalse)).isEqualTo(0L);
    assertThat(f.kernels.reduce("max", allFalse)).isEqualTo(false);
  }

  void rootArgExtremes(K f) {
    // NdArray.argMin()/argMax() are the typed kernels; Shape.unravel gives the coordinates.
    NdArray a = f.api.of(Shape.of(3, 3), f.values(3, 3, 1, 1, 3, 2, 2, 0, 0)).transpose();
    for (String op : List.of("min", "max")) {
      long flat = op.equals("min") ? a.argMin() : a.argMax();
      String arg = op.equals("min") ? "argMin" : "argMax";
      assertThat(flat).as(op).isEqualTo(f.kernels.reduce(arg, a));
      assertThat(a.getObject(a.shape().unravel(flat))).as(op)
          .isEqualTo(f.kernels.reduce(op, a));
    }
    assertThatThrownBy(() -> f.api.zeros(Shape.of(2, 0)).argMin())
        .isExactlyInstanceOf(IllegalStateException.class)
        .hasMessage("attempt to get argmin of an empty sequence");
  }

  void sumsAccumulateWide(K f) {
    if (!f.numeric()) {
      return;
    }
    switch (f.c.name()) {
      case "Byte":
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of((byte) 127, (byte) 127))))
            .isEqualTo(254L);
        break;
      case "Short":
        assertThat(f.kernels.reduce("sum",
            f.api.vector(List.of(Short.MIN_VALUE, Short.MIN_VALUE)))).isEqualTo(-65536L);
        break;
      case "Char":  // unsigned, as numpy's uint16
        assertThat(f.kernels.reduce("sum",
            f.api.vector(List.of(Character.MAX_VALUE, Character.MAX_VALUE)))).isEqualTo(131070L);
        break;
      case "Int":
        assertThat(f.kernels.reduce("sum",
            f.api.vector(List.of(Integer.MAX_VALUE, Integer.MAX_VALUE)))).isEqualTo(4294967294L);
        break;
      case "Long":  // wraps, as numpy's int64
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(Long.MAX_VALUE, 1L))))
            .isEqualTo(Long.MIN_VALUE);
        break;
      case "Float":  // in float32, as numpy: 2^24 + 1 is not a float
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(16777216f, 1f))))
            .isEqualTo(16777216f);
        break;
      case "Float16":  // rounded to float16, as numpy's: beyond its range
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(65504f, 65504f))))
            .isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(2048f, 1f, 1f))))
            .isEqualTo(2050f);  // pairwise in float32, then rounded: 2050 is a float16
        break;
      case "BFloat16":  // in float32, not rounded to bfloat16: 257 is none
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(256f, 1f)))).isEqualTo(257f);
        break;
      case "Float8E4M3":  // in float32, beyond float8's range
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(448f, 448f)))).isEqualTo(896f);
        break;
      case "UInt8":  // as numpy's uint64 accumulator
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(255, 255)))).isEqualTo(510L);
        break;
      case "UInt16":
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(65535, 65535))))
            .isEqualTo(131070L);
        break;
      case "UInt32":
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(4294967295L, 4294967295L))))
            .isEqualTo(8589934590L);
        break;
      case "UInt64":  // the bits of the uint64 sum: 2^64 - 1 + 2 wraps to 1
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(-1L, 2L)))).isEqualTo(1L);
        break;
      default:
        assertThat(f.kernels.reduce("sum", f.api.vector(List.of(0.5, 0.25, -0.0))))
            .isEqualTo(0.75);
    }
    // A stride-0 broadcast sums every (shared) element.
    NdArray broadcast = f.of(3).broadcastTo(Shape.of(100, 50));
    Object perRow = f.c.sumOf(0, 1, 2);
    Object all = !f.c.floating() ? (Object) (5000 * (Long) perRow)
        : perRow instanceof Float ? (Object) (5000 * (Float) perRow)
        : (Object) (5000 * (Double) perRow);
    assertThat(f.kernels.reduce("sum", broadcast)).isEqualTo(all);
  }

  void reductionsLayoutIndependent(K f) {
    // Element k of the C-order data is v((7 k) mod 11).
    NdArray a = f.api.of(Shape.of(4, 5, 6),
        f.values(IntStream.range(0, 120).map(k -> Math.floorMod(k * 7, 11)).toArray()));
    for (String spec : List.of("::-1, 1:, ::2", "..., ::-3", "1:3, ::-1, 2:5")) {
      NdArray view = a.slice(spec);
      NdArray copy = view.copy();
      for (String op : f.reductions()) {
        assertThat(f.kernels.reduce(op, view)).as("%s %s", spec, op)
            .isEqualTo(f.kernels.reduce(op, copy));
        for (int axis = 0; axis < 3; axis++) {
          assertThat(f.kernels.reduce(op, view, axis)).as("%s %s(%s)", spec, op, axis)
              .isEqualTo(f.kernels.reduce(op, copy, axis));
        }
      }
      NdArray t = view.transpose();
      String op = f.numeric() ? "sum" : "max";
      assertThat(f.kernels.reduce(op, t, 0)).isEqualTo(f.kernels.reduce(op, copy, 2)
          .transpose());
    }
  }

  // -------------------------------------------------------------------------------- astype

  void astypeShapes(K f) {
    NdArray a = f.arange(2, 3, 4);
    NdArray view = a.slice("::-1, 1:, ::2");
    for (ScalarCase<?> target : ScalarCase.TYPES) {
      NdArray cast = view.astype(target.type());
      assertThat(cast).as("%s", target).isInstanceOf(target.type().arrayType());
      assertThat(cast.shape()).isEqualTo(view.shape());
      assertThat(cast.layout()).isEqualTo(Layout.cOrder(view.shape()));
      assertThat(cast).isEqualTo(view.copy().astype(target.type()));
      assertThat(f.api.scalar(f.v(1)).astype(target.type()).shape()).isEqualTo(Shape.scalar());
      assertThat(f.api.zeros(Shape.of(3, 0)).astype(target.type()).shape())
          .isEqualTo(Shape.of(3, 0));
      // Every type casts 0 and 1 (and false and true) to its own 0 and 1.
      NdArray zeroOne = f.api.vector(List.of(f.v(0), f.c.one())).astype(target.type());
      assertThat(new TypedApi(target).toList(zeroOne)).isEqualTo(List.of(target.v(0),
          target.one()));
      assertThat(zeroOne.isReadOnly()).isFalse();
    }
    assertThatThrownBy(() -> a.astype(null)).isInstanceOf(NullPointerException.class);
  }

  /**
   * {@code astype} hands the carrier values over in blocks of 512: a cast of 3,300 elements,
   * whole and through an offset and a reversed stepped view, equals the casts of its
   * pieces of 100, each within one block.
   */
  void astypeAcrossBlocks(K f) {
    NdArray a = f.api.of(Shape.of(3300),
        f.values(java.util.stream.IntStream.range(0, 3300).map(i -> i * 7 % 97).toArray()));
    for (NdArray v : List.of(a, a.slice("7:3290"), a.slice("::-3"))) {
      for (ScalarCase<?> target : ScalarCase.TYPES) {
        NdArray cast = v.astype(target.type());
        for (long from = 0; from < v.size(); from += 100) {
          String piece = from + ":" + Math.min(from + 100, v.size());
          assertThat(cast.slice(piece)).as("%s [%s]", target, piece)
              .isEqualTo(v.slice(piece).astype(target.type()));
        }
      }
    }
  }

  void astypeToItself(K f) {
    NdArray edges = f.api.vector(f.c.edges());
    NdArray cast = edges.astype(f.c.type());
    assertThat(cast).isEqualTo(edges).isNotSameAs(edges);
    // A copy of the storage, bit for bit as NumPy's (kernel_casts.txt.gz has NaN payloads).
    assertThat(StorageBits.of(cast.toStorageArray()))
        .isEqualTo(StorageBits.of(edges.toStorageArray()));
    f.api.fill(cast, f.v(0));
    assertThat(f.flat(edges)).isEqualTo(f.c.edges());
  }

  /**
   * NumPy's {@code astype} to the array's own dtype copies the bits: signalling NaNs stay
   * signalling and payloads stay ({@code np.array([x], np.float32).astype(np.float32)}), where
   * the double carrier would quiet them and bfloat16's {@code toStorage} would make them 0x7FC0.
   */
  @Test
  void astypeToItselfKeepsEveryBitOfNaNs() {
    Map<ScalarType<?>, long[]> nans = new LinkedHashMap<>();
    nans.put(FloatNdArray.TYPE, new long[] {0x7FA0_0000L, 0xFFC1_2345L, 0x7F80_0001L});
    nans.put(DoubleNdArray.TYPE, new long[] {0x7FF4_0000_0000_0000L, 0xFFF8_1234_5678_9ABCL});
    nans.put(Float16NdArray.TYPE, new long[] {0x7D00, 0x7C01, 0xFE55});
    nans.put(BFloat16NdArray.TYPE, new long[] {0x7FC5, 0xFFFF, 0x7FA0});
    nans.put(Complex64NdArray.TYPE, new long[] {0x7FA0_0000L, 0xFFC1_2345L});
    nans.put(Complex128NdArray.TYPE, new long[] {0x7FF0_0000_0000_0001L, 0x7FF4_0000_0000_0000L});
    nans.forEach((type, bits) -> {
      for (StorageCase storage : StorageCase.values()) {
        NdArray a = place(type, storage, StorageBits.array(type.storageType(), bits));
        assertThat(StorageBits.of(a.astype(type).toStorageArray()))
            .as("%s over %s", type.name(), storage).isEqualTo(bits);
        assertThat(StorageBits.of(a.slice("::-1").astype(type).slice("::-1").toStorageArray()))
            .as("%s reversed over %s", type.name(), storage).isEqualTo(bits);
      }
    });
  }

  private static <A extends NdArray> A place(ScalarType<A> type, StorageCase where,
      Object storage) {
    long n = java.lang.reflect.Array.getLength(storage) / type.slots();
    return where.place(type, type.wrapStorage(Shape.of(n), storage));
  }

  void castFactoriesCheckTheCount(K f) {
    assertThatThrownBy(() -> f.c.type().fromLongs(Shape.of(2, 3), new long[5]))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("5 values do not fit shape (2, 3) of size 6");
    assertThatThrownBy(() -> f.kernels.fromDoubles(Shape.of(2), new double[3]))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("3 values do not fit shape (2,) of size 2");
    NdArray fromLongs = f.kernels.fromLongs(Shape.of(2, 1), new long[] {0, 1});
    assertThat(fromLongs.shape()).isEqualTo(Shape.of(2, 1));
    assertThat(f.flat(fromLongs)).isEqualTo(List.of(f.v(0), f.c.one()));
    assertThat(f.flat(f.c.type().fromDoubles(Shape.of(2), new double[] {1.0, 0.0})))
        .isEqualTo(List.of(f.c.one(), f.v(0)));
    assertThat(f.flat(f.c.type().fromUnsignedLongs(Shape.of(2), new long[] {1, 0})))
        .isEqualTo(List.of(f.c.one(), f.v(0)));
    assertThat(f.flat(f.c.type().fromComplex(Shape.of(2), new double[] {1, 0, 0, 0})))
        .isEqualTo(List.of(f.c.one(), f.v(0)));
    assertThatThrownBy(() -> f.c.type().fromComplex(Shape.of(2), new double[3]))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("3 parts do not fit shape (2,) of size 2 (2 parts per element)");
  }
}
