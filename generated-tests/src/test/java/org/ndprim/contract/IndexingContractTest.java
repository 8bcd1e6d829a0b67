package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.BooleanNdArray;
import org.ndprim.Indexing;
import org.ndprim.Indexing.Mode;
import org.ndprim.LongNdArray;
import org.ndprim.NdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The routines of {@link Indexing} over every generated type (the user-declared Float8E4M3,
 * char and bfloat16 included) and every storage (Java array, heap buffer at an odd offset,
 * big-endian direct buffer, small chunks, mapped file), on contiguous, reversed and transposed
 * views: results keep the input's type and hold the elements the positions name, in C order;
 * writes reach the target's storage through its layout, a repeated position keeps the last
 * value, and refused writes (a bad position, a read-only target, values that do not broadcast)
 * leave the target untouched. Bit-for-bit agreement with numpy over the NumPy dtypes is
 * {@code IndexingGoldenTest}'s, in the runtime.
 */
class IndexingContractTest {
  /** The test values of a (2, 3) array: v(0) is the type's zero. */
  private static final int[] KS = {0, 3, 0, 1, 2, 0};

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeAndStorage() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("nonzeroPositionsInCOrderOfEveryLayout", c, IndexingContractTest::nonzeros),
            test("takeAlongEveryAxisInEveryMode", c, IndexingContractTest::takes),
            test("putWritesThroughTheLayoutAndKeepsTheLastValue", c,
                IndexingContractTest::puts),
            test("alongAxisGathersAndScatters", c, IndexingContractTest::alongAxis),
            test("compressAndExtract", c, IndexingContractTest::compresses),
            test("refusedWritesLeaveTheTargetUntouched", c, IndexingContractTest::refusals))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Fixture> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Fixture(c)));
  }

  /** NumPy's {@code bool(x)} of a boxed logical value. */
  private static boolean truth(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Character ch) {
      return ch != 0;
    }
    double d = ((Number) v).doubleValue();
    return d != 0 || d != d;
  }

  private static List<Long> longs(LongNdArray a) {
    List<Long> out = new ArrayList<>();
    a.forEach(out::add);
    return out;
  }

  private static LongNdArray idx(long... positions) {
    return LongNdArray.vector(positions);
  }

  static void nonzeros(Fixture f) {
    NdArray base = f.api.of(Shape.of(2, 3), f.values(KS));
    for (NdArray a : List.of(base, base.transpose(), base.slice("::-1, ::-1"))) {
      List<Object> flat = f.flat(a);
      long cols = a.shape().dim(1);
      List<Long> rows = new ArrayList<>();
      List<Long> columns = new ArrayList<>();
      List<Long> flatPositions = new ArrayList<>();
      for (int i = 0; i < flat.size(); i++) {
        if (truth(flat.get(i))) {
          rows.add(i / cols);
          columns.add(i % cols);
          flatPositions.add((long) i);
        }
      }
      List<LongNdArray> nz = Indexing.nonzero(a);
      assertThat(nz).hasSize(2);
      assertThat(longs(nz.get(0))).isEqualTo(rows);
      assertThat(longs(nz.get(1))).isEqualTo(columns);
      assertThat(longs(Indexing.where(a).get(1))).isEqualTo(columns);
      assertThat(longs(Indexing.flatnonzero(a))).isEqualTo(flatPositions);
      LongNdArray w = Indexing.argwhere(a);
      assertThat(w.shape()).isEqualTo(Shape.of(rows.size(), 2));
      for (int k = 0; k < rows.size(); k++) {
        assertThat(w.getLong(k, 0)).isEqualTo(rows.get(k));
        assertThat(w.getLong(k, 1)).isEqualTo(columns.get(k));
      }
      NdArray picked = a.slice(org.ndprim.Indices.take(nz.get(0)),
          org.ndprim.Indices.take(nz.get(1)));
      assertThat(f.flat(picked)).allMatch(IndexingContractTest::truth);
    }
    assertThatThrownBy(() -> Indexing.nonzero(base.get(0, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Calling nonzero on 0d arrays is not allowed.");
    assertThat(Indexing.argwhere(base.get(0, 1)).shape()).isEqualTo(Shape.of(1, 0));
    assertThat(Indexing.argwhere(base.get(0, 0)).shape()).isEqualTo(Shape.of(0, 0));
  }

  static void takes(Fixture f) {
    NdArray a = f.arange(3, 4).slice("::-1, :"); // rows 2, 1, 0
    List<Object> flat = f.flat(a);
    NdArray cols = Indexing.take(a, idx(3, -1, 0, 3), 1);
    f.assertTyped(cols);
    assertThat(cols.shape()).isEqualTo(Shape.of(3, 4));
    List<Object> expected = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      for (int c : new int[] {3, 3, 0, 3}) {
        expected.add(flat.get(r * 4 + c));
      }
    }
    assertThat(f.flat(cols)).isEqualTo(expected);
    NdArray rows = Indexing.take(a.transpose(), LongNdArray.of(Shape.of(2, 1), 2, 0), 0);
    assertThat(rows.shape()).isEqualTo(Shape.of(2, 1, 3));
    assertThat(f.flat(rows)).isEqualTo(f.flat(a.transpose().slice("[[2], [0]]")));
    // flat positions, wrap and clip
    assertThat(f.flat(Indexing.take(a, idx(0, 13, -14), Mode.WRAP)))
        .isEqualTo(List.of(flat.get(0), flat.get(1), flat.get(10)));
    assertThat(f.flat(Indexing.take(a, idx(0, 13, -14), Mode.CLIP)))
        .isEqualTo(List.of(flat.get(0), flat.get(11), flat.get(0)));
    assertThat(f.flat(Indexing.take(a, idx(5, -1)))).isEqualTo(List.of(flat.get(5),
        flat.get(11)));
    assertThatThrownBy(() -> Indexing.take(a, idx(0, 4), 1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 4 is out of bounds for axis 1 with size 4");
    assertThat(Indexing.take(a, BooleanNdArray.vector(true, false), 0).shape())
        .isEqualTo(Shape.of(2, 4)); // booleans are positions 1 and 0, not a mask
  }

  static void puts(Fixture f) {
    NdArray base = f.arange(2, 3);
    NdArray view = base.slice("::-1, ::-1"); // C order of the view: 5 4 3 2 1 0
    NdArray values = f.api.vector(f.values(7, 8, 9));
    Indexing.put(view, idx(0, 4, 0, -1), values);
    // position 0 of the view gets 7, then 9 (cycled values: 7 8 9 7); 4 gets 8, -1 gets 7
    assertThat(f.flat(base)).isEqualTo(List.of(f.v(7), f.v(8), f.v(2), f.v(3), f.v(4),
        f.v(9)));
    Indexing.put(base.transpose(), idx(1, 8), values, Mode.WRAP); // (1, 0) and (0, 1) of base
    assertThat(f.flat(base)).isEqualTo(List.of(f.v(7), f.v(8), f.v(2), f.v(7), f.v(4),
        f.v(9)));
    Indexing.put(base, idx(-20, 20), values, Mode.CLIP);
    assertThat(f.flat(base)).isEqualTo(List.of(f.v(7), f.v(8), f.v(2), f.v(7), f.v(4),
        f.v(8)));
  }

  static void alongAxis(Fixture f) {
    NdArray a = f.arange(2, 3).transpose(); // (3, 2): [[0, 3], [1, 4], [2, 5]]
    LongNdArray order = LongNdArray.of(Shape.of(3, 1), 1, 0, -1);
    NdArray t = Indexing.takeAlongAxis(a, order, 1);
    f.assertTyped(t);
    assertThat(f.flat(t)).isEqualTo(f.values(3, 1, 5));
    NdArray bc = Indexing.takeAlongAxis(a, LongNdArray.of(Shape.of(2, 1), 2, 0), 0);
    assertThat(bc.shape()).isEqualTo(Shape.of(2, 2));
    assertThat(f.flat(bc)).isEqualTo(f.values(2, 5, 0, 3));
    assertThat(f.flat(Indexing.takeAlongAxisFlat(a, idx(5, 0)))).isEqualTo(f.values(5, 0));
    NdArray base = f.arange(2, 3);
    NdArray target = base.transpose();
    Indexing.putAlongAxis(target, LongNdArray.of(Shape.of(1, 2), 2, 2), f.api.vector(
        f.values(9, 10)), 0);
    assertThat(f.flat(base)).isEqualTo(f.values(0, 1, 9, 3, 4, 10));
    // a repeated position keeps the last value
    Indexing.putAlongAxis(base, LongNdArray.of(Shape.of(1, 2), 0, 0), f.api.vector(
        f.values(11, 12)), 1);
    assertThat(f.flat(base)).isEqualTo(f.values(12, 1, 9, 12, 4, 10));
    Indexing.putAlongAxisFlat(target, idx(1, -1), f.api.scalar(f.v(6)));
    assertThat(f.flat(base)).isEqualTo(f.values(12, 1, 9, 6, 4, 6));
  }

  static void compresses(Fixture f) {
    NdArray a = f.arange(2, 3).slice(":, ::-1"); // [[2, 1, 0], [5, 4, 3]]
    NdArray c = Indexing.compress(BooleanNdArray.vector(false, true), a, 0);
    f.assertTyped(c);
    assertThat(f.flat(c)).isEqualTo(f.values(5, 4, 3));
    assertThat(f.flat(Indexing.compress(LongNdArray.vector(1, 0, 2), a, 1)))
        .isEqualTo(f.values(2, 0, 5, 3));
    assertThat(f.flat(Indexing.compress(BooleanNdArray.vector(true, false, false, true), a)))
        .isEqualTo(f.values(2, 5));
    NdArray mask = BooleanNdArray.of(Shape.of(3, 2), true, false, false, true, true, false);
    assertThat(f.flat(Indexing.extract(mask, a))).isEqualTo(f.values(2, 5, 4));
    assertThatThrownBy(() -> Indexing.compress(BooleanNdArray.vector(true, true, true), a, 0))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
  }

  static void refusals(Fixture f) {
    NdArray base = f.arange(2, 3);
    List<Object> before = f.flat(base);
    NdArray values = f.api.vector(f.values(7, 8, 9));
    assertThatThrownBy(() -> Indexing.put(base, idx(0, 6), values))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 6 is out of bounds for axis 0 with size 6");
    assertThatThrownBy(() -> Indexing.put(base.readOnly(), idx(0), values))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> Indexing.put(base, org.ndprim.UInt64NdArray.vector(0), values))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot cast array data from dtype('uint64') to dtype('int64') according"
            + " to the rule 'safe'");
    assertThatThrownBy(() -> Indexing.putAlongAxis(base, LongNdArray.of(Shape.of(2, 1), 0,
        3), values.slice(":1"), 1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 3 is out of bounds for axis 1 with size 3");
    assertThatThrownBy(() -> Indexing.putAlongAxis(base, LongNdArray.of(Shape.of(2, 1), 0,
        1), values, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("shape mismatch: value array of shape (3,) could not be"
            + " broadcast to indexing result of shape (2,1)");
    // as NumPy's setitem: the values' shape is checked before the positions
    assertThatThrownBy(() -> Indexing.putAlongAxis(base, LongNdArray.of(Shape.of(2, 1), 0,
        3), values, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Indexing.putAlongAxis(base, LongNdArray.vector(0, 1), values, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("`indices` and `arr` must have the same number of dimensions");
    assertThatThrownBy(() -> Indexing.putAlongAxis(base.readOnly(), LongNdArray.of(
        Shape.of(2, 1), 0, 1), values.slice(":1"), 1))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertThatThrownBy(() -> Indexing.putAlongAxisFlat(base, idx(0, 9), values.slice(":2")))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 9 is out of bounds for axis 0 with size 6");
    assertThatThrownBy(() -> Indexing.putAlongAxisFlat(base, idx(0, 9), values))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("shape mismatch: value array of shape (3,) could not be"
            + " broadcast to indexing result of shape (2,)");
    assertThat(f.flat(base)).isEqualTo(before);
    assertThatThrownBy(() -> Indexing.take(base, idx(0), 2))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 2 is out of bounds for array of dimension 2");
    assertThatThrownBy(() -> Indexing.compress(BooleanNdArray.of(Shape.of(1, 2), true, true),
        base, 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("condition must be a 1-d array");
  }
}
