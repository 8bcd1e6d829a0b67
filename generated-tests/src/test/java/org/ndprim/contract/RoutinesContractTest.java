package org.ndprim.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.NdArray;
import org.ndprim.NdArrays;
import org.ndprim.NdArrays.PadMode;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.contract.NdArrayContractTest.Fixture;

/**
 * The routines of {@link NdArrays} that rearrange an array, over every generated type (the
 * user-declared Float8E4M3 included) and every storage (Java array, heap buffer, big-endian
 * direct buffer, 16-byte chunks): each result is of the input's type, holds NumPy's elements
 * (written as positions of an {@code arange} input, so the expectations hold for every type),
 * and is a view or a copy as NumPy's. The values themselves are checked bit for bit against
 * numpy by {@code NdArraysGoldenTest} in the runtime.
 */
class RoutinesContractTest {

  @TestFactory
  Stream<DynamicNode> everyGeneratedTypeAndStorageHonoursTheRoutines() {
    return ScalarCase.ALL.stream().map(c -> DynamicContainer.dynamicContainer(c.toString(),
        Stream.of(
            test("joiningKeepsTheTypeAndTheElements", c, RoutinesContractTest::joining),
            test("splitPartsAreViews", c, RoutinesContractTest::splitting),
            test("ravelIsAViewWhenContiguousFlattenAlwaysACopy", c,
                RoutinesContractTest::ravelAndFlatten),
            test("rotationsAndAxisMovesAreViews", c, RoutinesContractTest::axisViews),
            test("tileRepeatRollPadAreCopies", c, RoutinesContractTest::copies),
            test("diagonalsAndTriangles", c, RoutinesContractTest::diagonals))));
  }

  private static DynamicTest test(String name, ScalarCase<?> c, Consumer<Fixture> check) {
    return DynamicTest.dynamicTest(name, () -> check.accept(new Fixture(c)));
  }

  /** Asserts the type, the shape and the C-order elements as arange positions. */
  private static void assertElements(Fixture f, NdArray a, Shape shape, int... ks) {
    f.assertTyped(a);
    assertThat(a.shape()).isEqualTo(shape);
    assertThat(f.flat(a)).isEqualTo(f.values(ks));
  }

  /** A value different from element {@code k} of an arange, even for boolean. */
  private static Object other(Fixture f, int k) {
    return f.v(k).equals(f.v(0)) ? f.v(1) : f.v(0);
  }

  /** Writes through {@code view} at {@code coords} and says whether {@code base} changed there. */
  private static boolean writesReach(Fixture f, NdArray view, NdArray base, long[] coords,
      long[] baseCoords) {
    Object before = f.api.get(base, baseCoords);
    Object value = before.equals(f.v(0)) ? f.v(1) : f.v(0);
    f.api.set(view, value, coords);
    return f.api.get(base, baseCoords).equals(value);
  }

  private static long[] at(long... coords) {
    return coords;
  }

  static void joining(Fixture f) {
    NdArray a22 = f.arange(2, 2);
    assertElements(f, NdArrays.concatenate(1, a22, a22), Shape.of(2, 4), 0, 1, 0, 1, 2, 3, 2, 3);
    assertElements(f, NdArrays.concatenate(0, a22.transpose(), a22.slice("::-1")),
        Shape.of(4, 2), 0, 2, 1, 3, 2, 3, 0, 1);
    NdArray a3 = f.arange(3);
    assertElements(f, NdArrays.stack(0, a3, a3.slice("::-1")), Shape.of(2, 3), 0, 1, 2, 2, 1, 0);
    assertElements(f, NdArrays.stack(-1, a3, a3), Shape.of(3, 2), 0, 0, 1, 1, 2, 2);
    assertElements(f, NdArrays.vstack(a3, a3), Shape.of(2, 3), 0, 1, 2, 0, 1, 2);
    assertElements(f, NdArrays.hstack(a3, a3.slice("1:")), Shape.of(5), 0, 1, 2, 1, 2);
    assertElements(f, NdArrays.columnStack(a3, a3), Shape.of(3, 2), 0, 0, 1, 1, 2, 2);
    assertElements(f, NdArrays.dstack(a3), Shape.of(1, 3, 1), 0, 1, 2);
    // a copy: writing the result leaves the inputs alone
    NdArray joined = NdArrays.concatenate(0, a3, a3);
    f.api.set(joined, other(f, 0), 0);
    assertThat(f.flat(a3)).isEqualTo(f.values(0, 1, 2));
    assertThatThrownBy(() -> NdArrays.concatenate(0, a3, a22))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("all the input arrays must have same number of dimensions, but the array at"
            + " index 0 has 1 dimension(s) and the array at index 1 has 2 dimension(s)");
  }

  static void splitting(Fixture f) {
    NdArray a6 = f.arange(6);
    List<NdArray> parts = NdArrays.split(a6, 3, 0);
    assertThat(parts).hasSize(3);
    assertElements(f, parts.get(1), Shape.of(2), 2, 3);
    assertThat(writesReach(f, parts.get(1), a6, at(0), at(2))).isTrue();
    NdArray a34 = f.arange(3, 4);
    List<NdArray> columns = NdArrays.arraySplit(a34, 3, 1);
    assertElements(f, columns.get(0), Shape.of(3, 2), 0, 1, 4, 5, 8, 9);
    assertElements(f, columns.get(2), Shape.of(3, 1), 3, 7, 11);
    assertThat(writesReach(f, columns.get(2), a34, at(1, 0), at(1, 3))).isTrue();
    a34 = f.arange(3, 4);
    List<NdArray> rows = NdArrays.split(a34, new long[] {1, -1}, 0);
    assertElements(f, rows.get(1), Shape.of(1, 4), 4, 5, 6, 7);
    assertElements(f, NdArrays.vsplit(a34, 3).get(2), Shape.of(1, 4), 8, 9, 10, 11);
    assertElements(f, NdArrays.hsplit(a34, 2).get(1), Shape.of(3, 2), 2, 3, 6, 7, 10, 11);
    assertThatThrownBy(() -> NdArrays.split(a6, 4, 0))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("array split does not result in an equal division");
  }

  static void ravelAndFlatten(Fixture f) {
    NdArray a23 = f.arange(2, 3);
    NdArray flat = NdArrays.ravel(a23);
    assertElements(f, flat, Shape.of(6), 0, 1, 2, 3, 4, 5);
    assertThat(writesReach(f, flat, a23, at(4), at(1, 1))).isTrue();
    a23 = f.arange(2, 3);
    NdArray transposed = NdArrays.ravel(a23.transpose());
    assertElements(f, transposed, Shape.of(6), 0, 3, 1, 4, 2, 5);
    assertThat(writesReach(f, transposed, a23, at(0), at(0, 0))).isFalse();
    NdArray copy = NdArrays.flatten(a23);
    assertElements(f, copy, Shape.of(6), 0, 1, 2, 3, 4, 5);
    assertThat(writesReach(f, copy, a23, at(5), at(1, 2))).isFalse();
    // reshape copies when no view exists, and the copy is writable even from a read-only view
    NdArray reshaped = a23.transpose().readOnly().reshape(-1, 3);
    assertElements(f, reshaped, Shape.of(2, 3), 0, 3, 1, 4, 2, 5);
    assertThat(reshaped.isReadOnly()).isFalse();
    // the same shape is the array itself, a view, as NumPy's
    assertThat(a23.transpose().readOnly().reshape(3, -1).isReadOnly()).isTrue();
  }

  static void axisViews(Fixture f) {
    NdArray a23 = f.arange(2, 3);
    NdArray rotated = NdArrays.rot90(a23, 1);
    assertElements(f, rotated, Shape.of(3, 2), 2, 5, 1, 4, 0, 3);
    assertThat(writesReach(f, rotated, a23, at(0, 1), at(1, 2))).isTrue();
    a23 = f.arange(2, 3);
    assertElements(f, NdArrays.rot90(a23, -1), Shape.of(3, 2), 3, 0, 4, 1, 5, 2);
    assertElements(f, NdArrays.rot90(a23, 2), Shape.of(2, 3), 5, 4, 3, 2, 1, 0);
    NdArray swapped = NdArrays.swapaxes(a23, 0, -1);
    assertElements(f, swapped, Shape.of(3, 2), 0, 3, 1, 4, 2, 5);
    assertThat(writesReach(f, swapped, a23, at(2, 0), at(0, 2))).isTrue();
    NdArray a24 = f.a24();
    NdArray moved = NdArrays.moveaxis(a24, 0, -1);
    int[] ks = IntStream.range(0, 24).map(n -> (n % 2) * 12 + (n / 2)).toArray();
    assertElements(f, moved, Shape.of(3, 4, 2), ks);
    assertThat(writesReach(f, moved, a24, at(1, 2, 1), at(1, 1, 2))).isTrue();
    NdArray flipped = NdArrays.flip(f.arange(3), 0);
    assertElements(f, flipped, Shape.of(3), 2, 1, 0);
  }

  static void copies(Fixture f) {
    NdArray a3 = f.arange(3);
    assertElements(f, NdArrays.tile(a3, 2), Shape.of(6), 0, 1, 2, 0, 1, 2);
    assertElements(f, NdArrays.tile(a3.slice("::-1"), 2, 1), Shape.of(2, 3), 2, 1, 0, 2, 1, 0);
    assertElements(f, NdArrays.repeat(a3, 2, 0), Shape.of(6), 0, 0, 1, 1, 2, 2);
    assertElements(f, NdArrays.repeat(f.arange(2, 2), new long[] {1, 2}, 1), Shape.of(2, 3),
        0, 1, 1, 2, 3, 3);
    assertElements(f, NdArrays.roll(f.arange(5), 2, 0), Shape.of(5), 3, 4, 0, 1, 2);
    assertElements(f, NdArrays.roll(f.arange(2, 2), -1), Shape.of(2, 2), 1, 2, 3, 0);
    assertElements(f, NdArrays.pad(a3, 2, 1, PadMode.EDGE), Shape.of(6), 0, 0, 0, 1, 2, 2);
    assertElements(f, NdArrays.pad(a3, 2, 2, PadMode.REFLECT), Shape.of(7), 2, 1, 0, 1, 2, 1, 0);
    assertElements(f, NdArrays.pad(a3, 2, 2, PadMode.WRAP), Shape.of(7), 1, 2, 0, 1, 2, 0, 1);
    assertElements(f, NdArrays.pad(f.arange(1, 2), 1, 0, PadMode.CONSTANT), Shape.of(2, 3),
        0, 0, 0, 0, 0, 1);
    NdArray tiled = NdArrays.tile(a3, 1);
    f.api.set(tiled, other(f, 0), 0);
    assertThat(f.flat(a3)).isEqualTo(f.values(0, 1, 2));
    assertElements(f, NdArrays.zerosLike(f.a24().transpose()), Shape.of(4, 3, 2),
        new int[24]);
  }

  static void diagonals(Fixture f) {
    NdArray a33 = f.arange(3, 3);
    NdArray diagonal = NdArrays.diag(a33);
    assertElements(f, diagonal, Shape.of(3), 0, 4, 8);
    assertThat(diagonal.isReadOnly()).isTrue(); // NumPy's diagonal views are read-only
    assertThatThrownBy(() -> f.api.fill(diagonal, f.v(1)))
        .isInstanceOf(ReadOnlyArrayException.class);
    assertElements(f, NdArrays.diag(a33, 1), Shape.of(2), 1, 5);
    assertElements(f, NdArrays.diag(f.arange(3)), Shape.of(3, 3), 0, 0, 0, 0, 1, 0, 0, 0, 2);
    assertElements(f, NdArrays.tril(a33, 0), Shape.of(3, 3), 0, 0, 0, 3, 4, 0, 6, 7, 8);
    assertElements(f, NdArrays.triu(a33, 1), Shape.of(3, 3), 0, 1, 2, 0, 0, 5, 0, 0, 0);
  }
}
