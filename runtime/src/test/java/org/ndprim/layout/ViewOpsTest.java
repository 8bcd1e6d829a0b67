package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.LayoutTesting.values;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.ndprim.IllegalRankException;
import org.ndprim.Shape;

/**
 * Layout view operations beyond basic indexing: permute/transpose, reshape, broadcastTo,
 * squeeze, expandDims, isContiguous, and the Swift forms prefix/suffix/range. Layouts are over an
 * arange base, so element values are storage offsets.
 */
class ViewOpsTest {
  private static final Layout A24 = arange(2, 3, 4);
  private static final Layout SCALAR = Layout.cOrder(Shape.scalar());

  /** Layout.resolveShape against what numpy 2.4's {@code np.zeros(n).reshape(dims)} gives. */
  @Nested
  class ResolveShape {
    private void ok(long size, long[] dims, long... expected) {
      assertThat(Layout.resolveShape(size, dims)).isEqualTo(Shape.of(expected));
    }

    private void refused(long size, long[] dims, String message) {
      assertThatThrownBy(() -> Layout.resolveShape(size, dims))
          .isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    private long[] d(long... dims) {
      return dims;
    }

    @Test
    void oneNegativeEntryIsTheSizeOverTheOthers() {
      ok(12, d(-1), 12);
      ok(12, d(-1, 3), 4, 3);
      ok(12, d(3, -1), 3, 4);
      ok(12, d(2, -1, 2), 2, 3, 2);
      ok(12, d(-5, 6), 2, 6); // any negative entry is the unknown one, as numpy 2
      ok(12, d(1, -1, 1), 1, 12, 1);
      ok(0, d(3, -1), 3, 0);
      ok(0, d(-1), 0);
      ok(1, d());
      ok(1, d(-1), 1);
      ok(12, d(3, 4), 3, 4);
    }

    @Test
    void refusalsAreNumpysTexts() {
      refused(12, d(-1, -1), "can only specify one unknown dimension");
      refused(12, d(-1, 5, -1), "can only specify one unknown dimension");
      refused(12, d(5, -1), "cannot reshape array of size 12 into shape (5,newaxis)");
      refused(12, d(-1, 5), "cannot reshape array of size 12 into shape (5)");
      refused(12, d(5), "cannot reshape array of size 12 into shape (5,)");
      refused(0, d(0, -1), "cannot reshape array of size 0 into shape (0,newaxis)");
      refused(0, d(-1, 0), "cannot reshape array of size 0 into shape (0)");
      refused(12, d(1L << 62, 1L << 62, -1),
          "cannot reshape array of size 12 into shape (4611686018427387904,4611686018427387904,"
              + "newaxis)");
      refused(12, d(1L << 62, 1L << 62),
          "cannot reshape array of size 12 into shape (4611686018427387904,4611686018427387904)");
    }
  }

  /** Layout.diagonal against numpy 2.4's {@code a.diagonal(k, axis1, axis2)} of arange layouts. */
  @Nested
  class Diagonal {
    @Test
    void removesBothAxesAndAppendsTheDiagonalWithTheSumOfTheirStrides() {
      Layout d = A24.diagonal(1, 1, 2);
      assertThat(d.shape()).isEqualTo(Shape.of(2, 3));
      assertThat(d.strides()).containsExactly(12, 5);
      assertThat(values(d)).containsExactly(1, 6, 11, 13, 18, 23);
      Layout below = A24.diagonal(-1, 0, 2);
      assertThat(below.shape()).isEqualTo(Shape.of(3, 1));
      assertThat(below.strides()).containsExactly(4, 13);
      assertThat(values(below)).containsExactly(12, 16, 20);
      assertThat(values(A24.diagonal(0, -1, 0))).containsExactly(0, 13, 4, 17, 8, 21);
      assertThat(values(A24.diagonal(0, 2, 1))).containsExactly(0, 5, 10, 12, 17, 22);
      assertThat(values(A24.diagonal(-2, 1, 2))).containsExactly(8, 20);
    }

    @Test
    void aDiagonalPastTheEdgeIsEmptyAndNegativeStridesWork() {
      assertThat(A24.diagonal(5, 1, 2).shape()).isEqualTo(Shape.of(2, 0));
      assertThat(A24.diagonal(-3, 1, 2).shape()).isEqualTo(Shape.of(2, 0));
      assertThat(A24.diagonal(Long.MAX_VALUE, 1, 2).size()).isZero();
      assertThat(A24.diagonal(Long.MIN_VALUE + 1, 1, 2).size()).isZero();
      Layout d = slice(arange(3, 4), "::-1, ::2").diagonal(1, 0, 1);
      assertThat(d.strides()).containsExactly(-2);
      assertThat(values(d)).containsExactly(10);
    }

    @Test
    void badAxesAreNumpysErrors() {
      assertThatThrownBy(() -> A24.diagonal(0, 1, 1))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("axis1 and axis2 cannot be the same");
      assertThatThrownBy(() -> A24.diagonal(0, 0, 5))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis2: axis 5 is out of bounds for array of dimension 3");
      assertThatThrownBy(() -> A24.diagonal(0, -4, 1))
          .hasMessage("axis1: axis -4 is out of bounds for array of dimension 3");
    }
  }

  @Nested
  class Permute {
    @Test
    void reordersShapeAndStridesAndKeepsTheOffset() {
      Layout p = A24.permute(2, 0, 1);
      assertThat(p.shape()).isEqualTo(Shape.of(4, 2, 3));
      assertThat(p.strides()).containsExactly(1, 12, 4);
      assertThat(p.offset()).isZero();
      assertThat(values(p)).startsWith(0, 4, 8, 12, 16, 20, 1, 5);
      assertThat(A24.permute(-1, 0, -2)).isEqualTo(p);
      assertThat(A24.permute(2, 1, 0)).isEqualTo(A24.transpose());
      assertThat(A24.permute(0, 1, 2)).isEqualTo(A24);
      assertThat(SCALAR.permute()).isEqualTo(SCALAR);
    }

    @Test
    void transposeOfTheNpyExample() {
      // arange(12).reshape(3,4).T.copy() is [0,4,8,1,5,9,2,6,10,3,7,11]
      assertThat(values(arange(3, 4).transpose()))
          .containsExactly(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11);
    }

    @Test
    void errorsNameTheBadAxis() {
      assertThatThrownBy(() -> A24.permute(0, 1))
          .isExactlyInstanceOf(IllegalRankException.class)
          .hasMessage("axes don't match array: 2 axes given for an array of dimension 3");
      assertThatThrownBy(() -> A24.permute(0, 3, 1))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis 3 is out of bounds for array of dimension 3");
      assertThatThrownBy(() -> A24.permute(0, -4, 1))
          .hasMessage("axis -4 is out of bounds for array of dimension 3");
      assertThatThrownBy(() -> A24.permute(0, 2, -1))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("repeated axis in transpose: axes (0, 2, -1) name axis 2 more than once");
    }
  }

  @Nested
  class Reshape {
    @Test
    void contiguousLayoutsGetCOrderStridesAndKeepTheirOffset() {
      Layout r = arange(12).reshape(Shape.of(3, 4));
      assertThat(r).isEqualTo(arange(3, 4));
      Layout shifted = slice(arange(12), "2:").reshape(Shape.of(2, 5));
      assertThat(shifted.offset()).isEqualTo(2);
      assertThat(shifted.strides()).containsExactly(5, 1);
      assertThat(A24.reshape(Shape.of(24))).isEqualTo(arange(24));
      assertThat(A24.reshape(A24.shape())).isSameAs(A24);
      assertThat(SCALAR.reshape(Shape.of(1, 1)).strides()).containsExactly(1, 1);
      assertThat(arange(1, 1).reshape(Shape.scalar())).isEqualTo(SCALAR);
    }

    @Test
    void splitsAndMergesContiguousGroupsOfAStridedView() {
      Layout v = slice(A24, ":, ::-1"); // strides (12, -4, 1)
      Layout split = v.reshape(Shape.of(2, 3, 2, 2));
      assertThat(split.strides()).containsExactly(12, -4, 2, 1);
      assertThat(values(split)).containsExactly(values(v));
      Layout every2 = slice(arange(12), "::2").reshape(Shape.of(2, 3));
      assertThat(every2.strides()).containsExactly(6, 2);
      assertThat(values(every2)).containsExactly(0, 2, 4, 6, 8, 10);
      // NumPy: zeros((4,3))[::2, :1].reshape(1,2) has strides (96, 48) bytes
      assertThat(slice(arange(4, 3), "::2, :1").reshape(Shape.of(1, 2)).strides())
          .containsExactly(12, 6);
      // NumPy: zeros((4,3))[::2, ::2].reshape(2,1,2) has strides (48, 32, 16) bytes
      assertThat(slice(arange(4, 3), "::2, ::2").reshape(Shape.of(2, 1, 2)).strides())
          .containsExactly(6, 4, 2);
    }

    @Test
    void emptyLayoutsAlwaysReshape() {
      Layout empty = slice(arange(0, 3), ":, ::2");
      Layout r = empty.reshape(Shape.of(2, 0));
      assertThat(r.shape()).isEqualTo(Shape.of(2, 0));
      assertThat(r.strides()).containsExactly(1, 1);
      assertThat(slice(arange(3, 4), "::-1, 2:2").reshape(Shape.of(0, 5, 0)).size()).isZero();
    }

    @Test
    void aViewThatNeedsACopyIsAnErrorThatSaysSo() {
      assertThatThrownBy(() -> arange(3, 4).transpose().reshape(Shape.of(12)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot reshape array of shape (4, 3) with strides (1, 4) into shape (12,)"
              + " without copying: axes 0 and 1 (lengths 4 and 3, strides 1 and 4) would merge"
              + " but are not contiguous with each other (stride 1 is not 3 * 4); reshape(...)"
              + " copies");
      assertThat(arange(3, 4).transpose().reshapeIfView(Shape.of(12))).isNull();
      assertThatThrownBy(() -> slice(A24, ":, ::-1").reshape(Shape.of(6, 4)))
          .hasMessageStartingWith("cannot reshape array of shape (2, 3, 4) with strides "
              + "(12, -4, 1) into shape (6, 4) without copying");
      assertThat(slice(arange(5), "::-1, None").reshape(Shape.of(5)).strides())
          .containsExactly(-1);
    }

    @Test
    void sizeMismatchUsesNumpysText() {
      assertThatThrownBy(() -> arange(12).reshape(Shape.of(5, 3)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot reshape array of size 12 into shape (5,3)");
      assertThatThrownBy(() -> arange(12).reshape(Shape.of(5)))
          .hasMessage("cannot reshape array of size 12 into shape (5,)");
      assertThatThrownBy(() -> arange(2).reshape(Shape.scalar()))
          .hasMessage("cannot reshape array of size 2 into shape ()");
      assertThatThrownBy(() -> arange(12).reshape(Shape.of(1L << 62, 1L << 62)))
          .hasMessage("cannot reshape array of size 12 into shape "
              + "(4611686018427387904,4611686018427387904)");
    }

    @Test
    void broadcastLayoutsMergeTheirStrideZeroAxes() {
      Layout huge = arange(3).broadcastTo(Shape.of(1L << 20, 1L << 12, 3));
      Layout r = huge.reshape(Shape.of(1L << 32, 3));
      assertThat(r.strides()).containsExactly(0, 1);
      assertThat(r.offsetOf((1L << 32) - 1, 2)).isEqualTo(2);
      assertThatThrownBy(() -> huge.reshape(Shape.of(3L << 32)))
          .hasMessageContaining("without copying");
    }
  }

  @Nested
  class BroadcastTo {
    @Test
    void newAndStretchedAxesGetStrideZero() {
      Layout b = arange(3).broadcastTo(Shape.of(4, 3));
      assertThat(b.strides()).containsExactly(0, 1);
      assertThat(values(b)).containsExactly(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2);
      Layout c = arange(3, 1).broadcastTo(Shape.of(2, 3, 4));
      assertThat(c.strides()).containsExactly(0, 1, 0);
      assertThat(values(c)).startsWith(0, 0, 0, 0, 1, 1, 1, 1, 2);
      assertThat(SCALAR.broadcastTo(Shape.of(2, 2)).strides()).containsExactly(0, 0);
      assertThat(A24.broadcastTo(A24.shape())).isEqualTo(A24);
      Layout reversed = slice(arange(2), "::-1").broadcastTo(Shape.of(3, 2));
      assertThat(values(reversed)).containsExactly(1, 0, 1, 0, 1, 0);
    }

    @Test
    void zeroLengthsFollowNumpy() {
      assertThat(arange(1, 3).broadcastTo(Shape.of(0, 3)).size()).isZero();
      assertThat(arange(0, 3).broadcastTo(Shape.of(2, 0, 3)).shape())
          .isEqualTo(Shape.of(2, 0, 3));
      assertThatThrownBy(() -> arange(2, 3).broadcastTo(Shape.of(0, 3)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot broadcast array of shape (2, 3) to shape (0, 3): axis 0 has length 2,"
              + " not 1 or 0");
    }

    @Test
    void mismatchesNameBothShapes() {
      assertThatThrownBy(() -> arange(3).broadcastTo(Shape.of(4, 4)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot broadcast array of shape (3,) to shape (4, 4): axis 0 has length 3,"
              + " not 1 or 4");
      assertThatThrownBy(() -> arange(2, 3).broadcastTo(Shape.of(3)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot broadcast array of shape (2, 3) to shape (3,): the array has more"
              + " dimensions than the requested shape");
      assertThatThrownBy(() -> arange(2).broadcastTo(Shape.scalar()))
          .hasMessageContaining("(2,)").hasMessageContaining("()");
      assertThatThrownBy(() -> arange(3).broadcastTo(Shape.of(1L << 62, 1L << 62, 3)))
          .isExactlyInstanceOf(ArithmeticException.class)
          .hasMessage("array of shape (4611686018427387904, 4611686018427387904, 3) with strides"
              + " (0, 0, 1) is too large: its size or an element offset overflows a long");
      assertThatThrownBy(() -> arange(3).broadcastTo(Shape.of(1L << 62, 3)))
          .hasMessageContaining("shape (4611686018427387904, 3)");
    }

    @Test
    void hasStrideZeroOnlyWhereCoordinatesShareAnElement() {
      assertThat(arange(3).broadcastTo(Shape.of(2, 3)).hasStrideZero()).isTrue();
      assertThat(arange(3).broadcastTo(Shape.of(1, 3)).hasStrideZero()).isFalse();
      assertThat(slice(A24, "None, ..., None").hasStrideZero()).isFalse();
      assertThat(A24.hasStrideZero()).isFalse();
      assertThat(arange(3).broadcastTo(Shape.of(0, 3)).hasStrideZero()).isFalse();
    }

    @Test
    void moreThanTwoToThe31ElementsIndexCorrectlyAtTheFarEnd() {
      long big = (1L << 31) + 5;
      Layout b = arange(2, 1, 3).broadcastTo(Shape.of(2, big, 3));
      assertThat(b.size()).isEqualTo(6 * big);
      assertThat(b.offsetOf(1, big - 1, 2)).isEqualTo(5);
      assertThat(b.offsetOf(-1, -1, -3)).isEqualTo(3);
      assertThat(b.maxOffset()).isEqualTo(5);
      Layout moved = b.permute(1, 2, 0).expandDims(0).squeeze(0);
      assertThat(moved.offsetOf(big - 1, 1, 1)).isEqualTo(4);
      assertThat(moved.suffix(1).offsetOf(0, 2, 1)).isEqualTo(5);
      assertThat(moved.range(big - 2, big + 7).shape()).isEqualTo(Shape.of(2, 3, 2));
      assertThat(moved.prefix(big + 1).shape()).isEqualTo(moved.shape());
      assertThat(b.squeeze().get(1).get(big - 1).offset()).isEqualTo(3);
      assertThatThrownBy(() -> b.offsetOf(0, big, 0))
          .hasMessage("index 2147483653 is out of bounds for axis 1 with size 2147483653");
    }
  }

  @Nested
  class SqueezeAndExpandDims {
    private final Layout ones = slice(arange(3, 2), "None, :, None, :");

    @Test
    void squeezeRemovesLengthOneAxes() {
      assertThat(ones.shape()).isEqualTo(Shape.of(1, 3, 1, 2));
      assertThat(ones.squeeze()).isEqualTo(arange(3, 2));
      assertThat(ones.squeeze(2).shape()).isEqualTo(Shape.of(1, 3, 2));
      assertThat(ones.squeeze(-4).shape()).isEqualTo(Shape.of(3, 1, 2));
      assertThat(SCALAR.squeeze()).isEqualTo(SCALAR);
      Layout single = slice(A24, "1:2, 2:, 3:");
      assertThat(single.squeeze().rank()).isZero();
      assertThat(single.squeeze().offset()).isEqualTo(23);
    }

    @Test
    void squeezeErrorsAreNumpys() {
      assertThatThrownBy(() -> ones.squeeze(1))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot select an axis to squeeze out which has size not equal to one");
      assertThatThrownBy(() -> ones.squeeze(4))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis 4 is out of bounds for array of dimension 4");
      // NumPy lets axis 0 and -1 through on a rank-0 array (a backward-compatibility rule)
      assertThat(SCALAR.squeeze(0)).isEqualTo(SCALAR);
      assertThat(SCALAR.squeeze(-1)).isEqualTo(SCALAR);
      assertThatThrownBy(() -> SCALAR.squeeze(1))
          .hasMessage("axis 1 is out of bounds for array of dimension 0");
    }

    @Test
    void expandDimsIsANewAxisAtAPositionOfTheResult() {
      Layout a = arange(2, 3);
      assertThat(a.expandDims(0)).isEqualTo(slice(a, "None"));
      assertThat(a.expandDims(1)).isEqualTo(slice(a, ":, None"));
      assertThat(a.expandDims(2)).isEqualTo(slice(a, "..., None"));
      assertThat(a.expandDims(-1)).isEqualTo(slice(a, "..., None"));
      assertThat(a.expandDims(-3)).isEqualTo(slice(a, "None"));
      assertThat(SCALAR.expandDims(0).shape()).isEqualTo(Shape.of(1));
      assertThat(SCALAR.expandDims(-1).shape()).isEqualTo(Shape.of(1));
      assertThatThrownBy(() -> a.expandDims(3))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("axis 3 is out of bounds for array of dimension 3");
      assertThatThrownBy(() -> a.expandDims(-4))
          .hasMessage("axis -4 is out of bounds for array of dimension 3");
    }
  }

  @Test
  void isContiguousIsNumpysCContiguousFlag() {
    assertThat(A24.isContiguous()).isTrue();
    assertThat(slice(A24, "1").isContiguous()).isTrue();
    assertThat(slice(A24, ":, 1").isContiguous()).isFalse();
    assertThat(A24.transpose().isContiguous()).isFalse();
    assertThat(slice(A24, "::-1").isContiguous()).isFalse();
    assertThat(slice(A24, "None, 1:, ..., None").isContiguous()).isTrue();
    assertThat(slice(A24, ":, 1:1").isContiguous()).isTrue();
    assertThat(arange(3).broadcastTo(Shape.of(2, 3)).isContiguous()).isFalse();
    assertThat(SCALAR.isContiguous()).isTrue();
  }

  @Nested
  class SwiftForms {
    private final Layout m = arange(3, 2);

    @Test
    void prefixAndSuffixOfTheDocExample() {
      Layout p = m.prefix(2);
      assertThat(p.shape()).isEqualTo(Shape.of(2, 2));
      assertThat(values(p)).containsExactly(0, 1, 2, 3);
      Layout s = m.suffix(2);
      assertThat(s.shape()).isEqualTo(Shape.of(2, 2));
      assertThat(values(s)).containsExactly(2, 3, 4, 5);
    }

    @Test
    void countsBeyondTheLengthClampAsSwiftCollections() {
      assertThat(m.prefix(3)).isEqualTo(m);
      assertThat(m.prefix(100)).isEqualTo(m);
      assertThat(m.suffix(3)).isEqualTo(m);
      assertThat(m.suffix(Long.MAX_VALUE)).isEqualTo(m);
      assertThat(m.prefix(0).shape()).isEqualTo(Shape.of(0, 2));
      assertThat(m.suffix(0).shape()).isEqualTo(Shape.of(0, 2));
      assertThatThrownBy(() -> m.prefix(-1)).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot take a prefix of negative length -1");
      assertThatThrownBy(() -> m.suffix(-1)).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("cannot take a suffix of negative length -1");
    }

    @Test
    void emptyRangesAreAllowedEverywhere() {
      assertThat(m.range(0, 0).shape()).isEqualTo(Shape.of(0, 2));
      assertThat(m.range(1, 1).shape()).isEqualTo(Shape.of(0, 2));
      assertThat(m.range(3, 3).shape()).isEqualTo(Shape.of(0, 2));
      assertThat(m.range(2, 1).shape()).isEqualTo(Shape.of(0, 2));
      assertThat(arange(0, 4).prefix(2).shape()).isEqualTo(Shape.of(0, 4));
      assertThat(arange(0, 4).suffix(2).shape()).isEqualTo(Shape.of(0, 4));
    }

    @Test
    void rangesClampAsNumpySlices() {
      assertThat(values(m.range(1, 100))).containsExactly(2, 3, 4, 5);
      assertThat(values(m.range(-2, 3))).containsExactly(2, 3, 4, 5);
      assertThat(values(m.range(-100, 1))).containsExactly(0, 1);
      assertThat(m.range(Long.MIN_VALUE, Long.MAX_VALUE)).isEqualTo(m);
    }

    @Test
    void indicesOfASubarrayStartAtZero() {
      // numpy: arange(16).reshape(4,4)[1:3][0] is [4,5,6,7]; Swift would be base-relative
      Layout sub = arange(4, 4).range(1, 3);
      assertThat(values(sub.get(0))).containsExactly(4, 5, 6, 7);
      // an element of a subarray is the right row of the base (the Swift setter bug)
      assertThat(values(sub.get(1))).containsExactly(8, 9, 10, 11);
      assertThat(sub.offsetOf(1, 0)).isEqualTo(8);
      assertThatThrownBy(() -> sub.get(2))
          .hasMessage("index 2 is out of bounds for axis 0 with size 2");
    }

    @Test
    void rankZeroHasNoLeadingAxis() {
      assertThatThrownBy(() -> SCALAR.prefix(1)).isExactlyInstanceOf(IllegalRankException.class)
          .hasMessage("too many indices for array: array is 0-dimensional, but 1 were indexed");
      assertThatThrownBy(() -> SCALAR.suffix(1)).isExactlyInstanceOf(IllegalRankException.class);
      assertThatThrownBy(() -> SCALAR.range(0, 1)).isExactlyInstanceOf(IllegalRankException.class);
    }
  }

  @Test
  void viewsOfViewsComposeToAbsoluteOffsetsAndStrides() {
    Layout v = A24.range(1, 2)          // offset 12, (1, 3, 4) strides (12, 4, 1)
        .permute(2, 0, 1)               // (4, 1, 3) strides (1, 12, 4)
        .squeeze()                      // (4, 3) strides (1, 4)
        .suffix(2)                      // rows 2..3: offset 14
        .transpose();                   // (3, 2) strides (4, 1)
    assertThat(v.offset()).isEqualTo(14);
    assertThat(v.shape()).isEqualTo(Shape.of(3, 2));
    assertThat(v.strides()).containsExactly(4, 1);
    assertThat(values(v)).containsExactly(14, 15, 18, 19, 22, 23);
    assertThatThrownBy(() -> v.reshape(Shape.of(6))).hasMessageContaining("without copying");
    Layout w = v.reshape(Shape.of(3, 2, 1)).expandDims(0).broadcastTo(Shape.of(2, 3, 2, 1));
    assertThat(w.offset()).isEqualTo(14);
    assertThat(w.strides()).startsWith(0, 4, 1);
    assertThat(values(w)).containsExactly(14, 15, 18, 19, 22, 23, 14, 15, 18, 19, 22, 23);
  }
}
