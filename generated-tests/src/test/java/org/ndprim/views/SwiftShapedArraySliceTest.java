package org.ndprim.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.IntNdArray;
import org.ndprim.Shape;

/**
 * Swift for TensorFlow's {@code ShapedArraySlice} forms on a generated type (SEMANTICS.md,
 * "Swift"): element arrays {@code get(i)}, subarrays {@code subarray(a, b)} ({@code m[a..<b]}),
 * {@code prefix}/{@code suffix}, and assignment into the base with {@code set}. Where ndprim
 * differs from Swift by design (aliasing views instead of copy-on-write, 0-based positions in a
 * slice, negative indices), the test says so.
 */
class SwiftShapedArraySliceTest {
  private static IntNdArray arange(long... dims) {
    Shape shape = Shape.of(dims);
    int[] values = new int[(int) shape.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    return IntNdArray.wrap(shape, values);
  }

  private static IntNdArray matrix(int[][] rows) {
    int[] flat = java.util.Arrays.stream(rows).flatMapToInt(java.util.Arrays::stream).toArray();
    return IntNdArray.of(Shape.of(rows.length, rows[0].length), flat);
  }

  @Test
  void docExampleAssigningAnElement() {
    // var matrix = ShapedArray(shape: [2, 2], scalars: [0, 1, 2, 3])
    // matrix[1] = ShapedArraySlice(shape: [2], scalars: [4, 8])
    // The docs print "[[0, 1, 4, 8]]": a typo; numpy and this library give [[0, 1], [4, 8]].
    IntNdArray matrix = arange(2, 2);
    assertThat(matrix.set(IntNdArray.vector(4, 8), 1)).isSameAs(matrix);
    assertThat(matrix).isEqualTo(matrix(new int[][] {{0, 1}, {4, 8}}));
  }

  @Test
  void docExampleAssigningASubarray() {
    // let zeros = ShapedArray(repeating: 0, shape: [3, 2])
    // var matrix = ShapedArray(shape: [3, 2], scalars: Array(0..<6))
    // matrix[0..<2] = zeros.prefix(2)   // [[0, 0], [0, 0], [4, 5]]
    IntNdArray zeros = IntNdArray.zeros(Shape.of(3, 2));
    IntNdArray matrix = arange(3, 2);
    matrix.set(zeros.prefix(2), Indices.range(0, 2));
    assertThat(matrix).isEqualTo(matrix(new int[][] {{0, 0}, {0, 0}, {4, 5}}));
    // The same through the subarray view itself.
    IntNdArray again = arange(3, 2);
    again.subarray(0, 2).copyFrom(zeros.prefix(2));
    assertThat(again).isEqualTo(matrix);
  }

  @Test
  void prefixAndSuffixClampAsSwiftCollections() {
    IntNdArray m = arange(3, 2);
    assertThat(m.prefix(2)).isEqualTo(matrix(new int[][] {{0, 1}, {2, 3}}));
    assertThat(m.suffix(2)).isEqualTo(matrix(new int[][] {{2, 3}, {4, 5}}));
    assertThat(m.prefix(3)).isEqualTo(m);
    assertThat(m.prefix(4)).isEqualTo(m);
    assertThat(m.suffix(100)).isEqualTo(m);
    assertThat(m.prefix(Long.MAX_VALUE)).isEqualTo(m);
    assertThat(m.prefix(0).shape()).isEqualTo(Shape.of(0, 2));
    assertThat(m.suffix(0).shape()).isEqualTo(Shape.of(0, 2));
    assertThat(m.suffix(0).toArray()).isEmpty();
    assertThat(IntNdArray.vector(7, 8, 9).suffix(1).toArray()).containsExactly(9);
    assertThatThrownBy(() -> m.prefix(-1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot take a prefix of negative length -1");
    assertThatThrownBy(() -> m.suffix(-1)).isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot take a suffix of negative length -1");
  }

  @Test
  void elementShapeMismatchNamesBothShapes() {
    // Swift: precondition "Element shape mismatch." (shape.dropFirst() must equal the element's)
    IntNdArray matrix = arange(2, 2);
    assertThatThrownBy(() -> matrix.set(IntNdArray.vector(4, 8, 9), 1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (3,) to a destination of"
            + " shape (2,)");
    assertThatThrownBy(() -> matrix.set(IntNdArray.scalar(4), 1))
        .hasMessage("shape mismatch: cannot assign an array of shape () to a destination of"
            + " shape (2,)");
    assertThat(matrix).isEqualTo(arange(2, 2));
  }

  @Test
  void subarrayShapeMismatchNamesBothShapes() {
    // Swift: precondition "Subarray shape mismatch." ([bounds.count] + shape.dropFirst())
    IntNdArray matrix = arange(3, 2);
    IntNdArray zeros = IntNdArray.zeros(Shape.of(3, 2));
    assertThatThrownBy(() -> matrix.set(zeros, Indices.range(0, 2)))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shape mismatch: cannot assign an array of shape (3, 2) to a destination of"
            + " shape (2, 2)");
    // No broadcasting of a row into a subarray (Swift has none either).
    assertThatThrownBy(() -> matrix.set(zeros.get(0), Indices.range(0, 2)))
        .hasMessage("shape mismatch: cannot assign an array of shape (2,) to a destination of"
            + " shape (2, 2)");
    assertThatThrownBy(() -> matrix.subarray(0, 2).set(zeros, Indices.ellipsis()))
        .hasMessage("shape mismatch: cannot assign an array of shape (3, 2) to a destination of"
            + " shape (2, 2)");
    assertThat(matrix).isEqualTo(arange(3, 2));
  }

  @Test
  void assigningThroughAnElementOfASubarrayHitsTheRightRow() {
    // SEMANTICS.md: Swift's slice element setter may add the base-relative index to a pointer
    // that already starts at the slice, so s[1] = v would write base row 2 for s = m[1..<3].
    // Here positions in a slice start at 0: s.set(v, 1) is the slice's second row = base row 2,
    // and s.set(v, 0) is base row 1.
    IntNdArray m = arange(4, 4);
    IntNdArray s = m.subarray(1, 3);
    assertThat(s.get(0).toArray()).containsExactly(4, 5, 6, 7); // numpy: m[1:3][0]
    s.set(IntNdArray.vector(-1, -1, -1, -1), 1);
    assertThat(m.get(2).toArray()).containsExactly(-1, -1, -1, -1);
    assertThat(m.get(0).toArray()).containsExactly(0, 1, 2, 3);
    assertThat(m.get(1).toArray()).containsExactly(4, 5, 6, 7);
    assertThat(m.get(3).toArray()).containsExactly(12, 13, 14, 15);
    s.set(IntNdArray.vector(-2, -2, -2, -2), 0);
    assertThat(m.get(1).toArray()).containsExactly(-2, -2, -2, -2);
    assertThat(m.get(2).toArray()).containsExactly(-1, -1, -1, -1);
    // Element by element too, and through a subarray of a subarray.
    s.setInt(99, 1, 3);
    assertThat(m.getInt(2, 3)).isEqualTo(99);
    m.subarray(1, 4).subarray(1, 3).set(IntNdArray.vector(7, 7, 7, 7), 1);
    assertThat(m.get(3).toArray()).containsExactly(7, 7, 7, 7);
    // Outside the slice: the slice has 2 rows, whatever the base has.
    assertThatThrownBy(() -> s.set(IntNdArray.vector(0, 0, 0, 0), 2))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    // Unlike Swift (no negative indices), -1 is the slice's last row, as NumPy.
    s.set(IntNdArray.vector(5, 5, 5, 5), -1);
    assertThat(m.get(2).toArray()).containsExactly(5, 5, 5, 5);
  }

  @Test
  void emptyRangesAreAllowedEverywhere() {
    // Swift's range setter rejects m[0..<0] and m[n..<n] but accepts m[1..<1]; here all are empty
    // views (SEMANTICS R7), and assigning an empty array into them writes nothing.
    IntNdArray m = arange(3, 2);
    for (long[] range : new long[][] {{0, 0}, {1, 1}, {3, 3}, {2, 1}}) {
      IntNdArray empty = m.subarray(range[0], range[1]);
      assertThat(empty.shape()).isEqualTo(Shape.of(0, 2));
      m.set(IntNdArray.zeros(Shape.of(0, 2)), Indices.range(range[0], range[1]));
    }
    assertThat(m).isEqualTo(arange(3, 2));
  }

  @Test
  void aScalarHasNoElements() {
    // Swift: "Scalar has no elements and cannot be subscripted."
    IntNdArray scalar = IntNdArray.scalar(7);
    assertThatThrownBy(() -> scalar.get(0)).isExactlyInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> scalar.subarray(0, 1)).isExactlyInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> scalar.prefix(1)).isExactlyInstanceOf(IllegalRankException.class);
    assertThatThrownBy(() -> scalar.set(IntNdArray.scalar(1), 0))
        .isExactlyInstanceOf(IllegalRankException.class);
  }

  @Test
  void slicesAliasTheirBaseUnlikeSwiftsCopyOnWrite() {
    // Swift: `let element = matrix[0]` keeps its values when matrix changes afterwards
    // (copy-on-write). ndprim views alias, as NumPy and TF-Java; copy() gives Swift's behaviour.
    IntNdArray matrix = arange(2, 2);
    IntNdArray element = matrix.get(0);
    IntNdArray snapshot = matrix.get(0).copy();
    matrix.setInt(9, 0, 0);
    assertThat(element.toArray()).containsExactly(9, 1);
    assertThat(snapshot.toArray()).containsExactly(0, 1);
  }
}
