package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Advanced entries: the factories, the list literals of index strings, and their errors. */
class IndicesAdvancedTest {
  private static IntNdArray arange(long... dims) {
    return NdArrays.arange(IntNdArray.TYPE, Shape.of(dims).size()).reshape(dims);
  }

  @Test
  void uint64PositionsWrapAsNumpysCastToIntp() {
    // numpy 2.4.6: a[np.array([2**64 - 1], np.uint64)] -> [5]; [2**63] -> IndexError: index
    // -9223372036854775808 is out of bounds for axis 0 with size 6
    LongNdArray a = LongNdArray.of(Shape.of(6), 0, 1, 2, 3, 4, 5);
    assertThat(((LongNdArray) a.slice(Indices.take(UInt64NdArray.of(Shape.of(1), -1L))))
        .toArray()).containsExactly(5);
    assertThatThrownBy(() -> a.slice(Indices.take(UInt64NdArray.of(Shape.of(1), Long.MIN_VALUE))))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -9223372036854775808 is out of bounds for axis 0 with size 6");
  }

  @Test
  void factoriesAndListLiteralsGiveTheSameEntries() {
    assertThat(Indices.parse("[0, 2], ::-1")[0]).isEqualTo(Indices.take(0, 2));
    assertThat(Indices.parse("[True, False, True]")[0])
        .isEqualTo(Indices.mask(BooleanNdArray.vector(true, false, true)));
    assertThat(Indices.take(IntNdArray.vector(0, -1))).isEqualTo(Indices.take(0, -1));
    assertThat(Indices.parse("[[0, 1], [1, 0]], :")[0].arrayShape()).isEqualTo(Shape.of(2, 2));
    assertThat(Indices.parse("[[0, 1], [1, 0]]")[0].toString()).isEqualTo("[[0, 1], [1, 0]]");
    assertThat(Indices.parse("True")[0].toString()).isEqualTo("True");
  }

  @Test
  void readsAreCopiesAndBasicIndexingStaysAView() {
    IntNdArray a = arange(3, 4);
    IntNdArray r = a.slice("[0, 2], ::-1");
    assertThat(r.toArray()).containsExactly(3, 2, 1, 0, 11, 10, 9, 8);
    r.setInt(-1, 0, 0);
    assertThat(a.getInt(0, 3)).isEqualTo(3);
    assertThat(a.slice(Indices.mask(a.greater(5))).toArray()).containsExactly(6, 7, 8, 9, 10, 11);
    // integers count as advanced, separated by a slice: the broadcast axis goes first
    assertThat(arange(2, 3, 4).slice("0, :, [1, 2]").shape()).isEqualTo(Shape.of(2, 3));
  }

  @Test
  void assignmentScattersBroadcastsCastsAndKeepsTheLastRepeatedValue() {
    IntNdArray a = arange(2, 3);
    a.assign(IntNdArray.vector(5, 7), Indices.take(0, 0), Indices.take(1, 1));
    assertThat(a.getInt(0, 1)).isEqualTo(7);
    a.assign(DoubleNdArray.scalar(-2.7), "[True, False]");
    assertThat(a.toArray()).containsExactly(-2, -2, -2, 3, 4, 5);
    a.assign(IntNdArray.vector(9, 8, 7), "1:");
    assertThat(a.toArray()).containsExactly(-2, -2, -2, 9, 8, 7);
    IntNdArray before = a.copy();
    assertThatThrownBy(() -> a.assign(IntNdArray.vector(1, 2), ":, [0, 1, 2]"))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: value array of shape (2,) could not be broadcast to"
            + " indexing result of shape (2,3): axis 0 of the value has length 2, where the"
            + " destination has 3");
    assertThatThrownBy(() -> a.assign(IntNdArray.vector(1, 2), "0"))
        .hasMessage("could not broadcast input array from shape (2,) into shape (3,): axis 0 of"
            + " the value has length 2, where the destination has 3");
    assertThatThrownBy(() -> a.assign(IntNdArray.vector(1, 2, 3), "[5]"))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 5 is out of bounds for axis 0 with size 2");
    // as NumPy's setitem, the value's shape is checked before the positions
    assertThatThrownBy(() -> a.assign(IntNdArray.vector(1, 2), "[5]"))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("shape mismatch: value array of shape (2,) could not be"
            + " broadcast to indexing result of shape (1,3)");
    assertThat(a).isEqualTo(before);
    assertThatThrownBy(() -> a.readOnly().assign(IntNdArray.scalar(1), "[0]"))
        .isInstanceOf(ReadOnlyArrayException.class);
  }

  @Test
  void malformedListsReportThePosition() {
    assertThatThrownBy(() -> Indices.parse("1, [2, 3"))
        .isInstanceOf(IndexSyntaxException.class)
        .hasMessageContaining("'[' was never closed");
    IndexSyntaxException e = (IndexSyntaxException) org.assertj.core.api.Assertions
        .catchThrowable(() -> Indices.parse("[[1], [2, 3]]"));
    assertThat(e.position()).isZero();
    assertThat(e).hasMessageContaining("inhomogeneous");
    e = (IndexSyntaxException) org.assertj.core.api.Assertions
        .catchThrowable(() -> Indices.parse("[0, None]"));
    assertThat(e.position()).isEqualTo(4);
    // NumPy reads a tuple inside a list as a list; ndprim refuses it (the differences list)
    assertThatThrownBy(() -> Indices.parse("[(0, 1)]"))
        .isInstanceOf(IndexSyntaxException.class);
    assertThatThrownBy(() -> Indices.take(DoubleNdArray.vector(1.0)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("arrays used as indices must be of integer (or boolean) type");
  }
}
