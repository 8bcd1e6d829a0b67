package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.LayoutTesting.values;

import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;
import org.ndprim.StridedSpec;

/**
 * The TF StridedSlice examples of SEMANTICS.md ("TF StridedSlice"): the tf.strided_slice doc
 * examples on {@code t}, the encoding of {@code A24[1:, ..., None, -1]}, and the seven points
 * where TF's kernel has rules of its own (mask precedence, shrink, errors, processing shape).
 */
class StridedSliceTest {
  private static final Layout A24 = arange(2, 3, 4);
  /** {@code t} of the TF docs has shape (3, 2, 3) and value {@code 2i + j + 1} at (i, j, k). */
  private static final Layout T = arange(3, 2, 3);

  private static final StridedSliceOptions NONE = StridedSliceOptions.none();

  private static long[] l(long... values) {
    return values;
  }

  /** The values of {@code t} at the offsets of a view of {@link #T}. */
  private static long[] tValues(Layout view) {
    return Arrays.stream(values(view)).map(offset -> offset / 3 + 1).toArray();
  }

  @Nested
  class TfDocExamples {
    @Test
    void reversedMiddleAxis() {
      // t[1:2, -1:-3:-1, 0:3]
      Layout v = T.stridedSlice(l(1, -1, 0), l(2, -3, 3), l(1, -1, 1));
      assertThat(v.shape()).isEqualTo(Shape.of(1, 2, 3));
      assertThat(tValues(v)).containsExactly(4, 4, 4, 3, 3, 3);
      assertThat(v).isEqualTo(slice(T, "1:2, -1:-3:-1, 0:3"));
    }

    @Test
    void singleRow() {
      Layout v = T.stridedSlice(l(1, 0, 0), l(2, 1, 3), l(1, 1, 1));
      assertThat(v.shape()).isEqualTo(Shape.of(1, 1, 3));
      assertThat(tValues(v)).containsExactly(3, 3, 3);
    }

    @Test
    void twoRows() {
      Layout v = T.stridedSlice(l(1, 0, 0), l(2, 2, 3), l(1, 1, 1));
      assertThat(v.shape()).isEqualTo(Shape.of(1, 2, 3));
      assertThat(tValues(v)).containsExactly(3, 3, 3, 4, 4, 4);
    }
  }

  @Nested
  class Encoding {
    @Test
    void a24EncodingIsTheOneTfBuilds() {
      StridedSpec s = StridedSpec.fromIndices(Indices.parse("1:, ..., None, -1"));
      assertThat(s.begin()).containsExactly(1, 0, 0, -1);
      assertThat(s.end()).containsExactly(0, 0, 0, 0);
      assertThat(s.strides()).containsExactly(1, 1, 1, 1);
      assertThat(s.options()).isEqualTo(StridedSliceOptions.create().beginMask(0)
          .endMask(0b0001).ellipsisMask(0b0010).newAxisMask(0b0100).shrinkAxisMask(0b1000));
      Layout v = A24.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
      assertThat(v.shape()).isEqualTo(Shape.of(1, 3, 1));
      assertThat(values(v)).containsExactly(15, 19, 23);
    }

    @Test
    void keepDimLowersToAShrinkAndANewAxis() {
      StridedSpec s = StridedSpec.fromIndices(Indices.at(-1, true), Indices.all());
      assertThat(s.length()).isEqualTo(3);
      assertThat(s.options().shrinkAxisMask()).isEqualTo(0b001);
      assertThat(s.options().newAxisMask()).isEqualTo(0b010);
      assertThat(s.options().endMask()).isEqualTo(0b100);
      Layout v = A24.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
      assertThat(v.shape()).isEqualTo(Shape.of(1, 3, 4));
      assertThat(values(v)).containsExactly(values(A24.slice(Indices.at(-1, true))));
      StridedSpec out = StridedSpec.fromIndices(Indices.at(2, true));
      assertThatThrownBy(() -> A24.stridedSlice(out.begin(), out.end(), out.strides(),
          out.options())).isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("slice index 2 of dimension 0 out of bounds.");
    }

    @Test
    void extremeIntegerKeepsItsEnd() {
      StridedSpec s = StridedSpec.fromIndices(Indices.at(Long.MAX_VALUE));
      assertThat(s.end()).containsExactly(Long.MAX_VALUE);
      assertThatThrownBy(() -> arange(5).stridedSlice(s.begin(), s.end(), s.strides(),
          s.options())).isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("slice index 9223372036854775807 of dimension 0 out of bounds.");
    }

    @Test
    void tooManyEntriesForThirtyTwoBitMasks() {
      org.ndprim.Index[] spec = new org.ndprim.Index[32];
      Arrays.fill(spec, Indices.newAxis());
      assertThatThrownBy(() -> StridedSpec.fromIndices(spec))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("at most 31 entries");
      assertThat(StridedSpec.fromIndices(Arrays.copyOf(spec, 31)).length()).isEqualTo(31);
      Layout v = arange(2).stridedSlice(new long[31], new long[31], new long[31],
          NONE.newAxisMask(0x7FFF_FFFFL));
      assertThat(v.rank()).isEqualTo(32);
    }
  }

  @Nested
  class WhereTfHasRulesOfItsOwn {
    @Test
    void p1EllipsisWinsOverNewAxisAndNewAxisOverShrink() {
      Layout a = arange(5);
      Layout e = a.stridedSlice(l(0), l(0), l(1), NONE.ellipsisMask(1).newAxisMask(1));
      assertThat(e.shape()).isEqualTo(Shape.of(5));
      assertThat(values(e)).containsExactly(0, 1, 2, 3, 4);
      Layout n = a.stridedSlice(l(3), l(4), l(1), NONE.newAxisMask(1).shrinkAxisMask(1));
      assertThat(n.shape()).isEqualTo(Shape.of(1, 5));
      assertThat(values(n)).containsExactly(0, 1, 2, 3, 4);
      Layout all = a.stridedSlice(l(3), l(4), l(0), NONE.ellipsisMask(1).newAxisMask(1)
          .shrinkAxisMask(1).beginMask(1).endMask(1));
      assertThat(all).isEqualTo(a); // an ellipsis ignores its stride, even 0
    }

    @Test
    void p2ShrinkUsesBeginDespiteBeginMaskAndIgnoresEnd() {
      Layout v = arange(5).stridedSlice(l(2), l(0), l(1), NONE.beginMask(1).shrinkAxisMask(1));
      assertThat(v.shape()).isEqualTo(Shape.scalar());
      assertThat(v.offset()).isEqualTo(2);
      Layout w = arange(5).stridedSlice(l(-1), l(-100), l(3), NONE.endMask(1).shrinkAxisMask(1));
      assertThat(w.offset()).isEqualTo(4);
    }

    @Test
    void p3ShrinkNeedsAPositiveStride() {
      assertThatThrownBy(() -> arange(5).stridedSlice(l(2), l(3), l(-1), NONE.shrinkAxisMask(1)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("only stride 1 allowed on non-range indexing.");
      assertThat(arange(5).stridedSlice(l(2), l(3), l(7), NONE.shrinkAxisMask(1)).offset())
          .isEqualTo(2);
    }

    @Test
    void p4ShrinkOutOfRangeAndTooManySpecsAreErrors() {
      Layout ones = arange(2, 3);
      assertThatThrownBy(() -> ones.stridedSlice(l(4, 0), l(5, 1), l(1, 1),
          NONE.shrinkAxisMask(0b11))).isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("slice index 4 of dimension 0 out of bounds.");
      // tensorflow#4677: end is ignored for shrunk axes, begin [0, 0] is in range
      Layout v = ones.stridedSlice(l(0, 0), l(100, 100), l(1, 1), NONE.shrinkAxisMask(0b11));
      assertThat(v.rank()).isZero();
      assertThat(v.offset()).isZero();
      // TF prints the index after wrapping it once
      assertThatThrownBy(() -> arange(5).stridedSlice(l(-7), l(0), l(1), NONE.shrinkAxisMask(1)))
          .hasMessage("slice index -2 of dimension 0 out of bounds.");
      assertThatThrownBy(() -> arange(5).stridedSlice(l(5), l(6), l(1), NONE.shrinkAxisMask(1)))
          .hasMessage("slice index 5 of dimension 0 out of bounds.");
      assertThatThrownBy(() -> arange(0, 3).stridedSlice(l(0), l(1), l(1),
          NONE.shrinkAxisMask(1))).hasMessage("slice index 0 of dimension 0 out of bounds.");
      assertThatThrownBy(() -> arange(5).stridedSlice(l(0, 0), l(1, 1), l(1, 1)))
          .isExactlyInstanceOf(IllegalRankException.class)
          .hasMessage("Index out of range using input dim 1; input has only 1 dims");
      assertThatThrownBy(() -> Layout.cOrder(Shape.scalar()).stridedSlice(l(0), l(1), l(1)))
          .isExactlyInstanceOf(IllegalRankException.class)
          .hasMessage("Index out of range using input dim 0; input has only 0 dims");
    }

    @Test
    void p5ZeroStrideAndMalformedArrays() {
      assertThatThrownBy(() -> A24.stridedSlice(l(0, 0), l(1, 1), l(1, 0)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("strides[1] must be non-zero");
      // the message names the input axis, after the ellipsis has been expanded
      assertThatThrownBy(() -> A24.stridedSlice(l(0, 0), l(0, 1), l(1, 0), NONE.ellipsisMask(1)))
          .hasMessage("strides[2] must be non-zero");
      assertThatThrownBy(() -> A24.stridedSlice(l(0, 0), l(1), l(1, 1)))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("Expected begin, end, and strides to be 1D equal size tensors, but got "
              + "shapes [2], [1], and [2] instead.");
      assertThatThrownBy(() -> A24.stridedSlice(new long[32], new long[32], new long[32]))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("Expected begin, end, and strides to be 1D equal size tensors,"
              + " but got shapes [32], [32], and [32] instead.");
      assertThatThrownBy(() -> A24.stridedSlice(l(0, 0), l(0, 0), l(1, 1),
          NONE.ellipsisMask(0b11))).isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("Multiple ellipses in slice spec not allowed");
      // as TF, a second ellipsis bit beyond the entries is still counted
      assertThatThrownBy(() -> A24.stridedSlice(l(0), l(0), l(1), NONE.ellipsisMask(0b101)))
          .hasMessage("Multiple ellipses in slice spec not allowed");
    }

    @Test
    void errorsComeInTfOrder() {
      // ellipses before too many entries, too many entries before per-axis checks
      assertThatThrownBy(() -> arange(5).stridedSlice(l(0, 0, 9), l(0, 0, 0), l(0, 1, 1),
          NONE.ellipsisMask(0b11).shrinkAxisMask(0b100)))
          .hasMessage("Multiple ellipses in slice spec not allowed");
      assertThatThrownBy(() -> arange(5).stridedSlice(l(0, 0), l(0, 0), l(0, 1)))
          .hasMessage("Index out of range using input dim 1; input has only 1 dims");
      // then axis by axis: a bad shrink on axis 0 before a zero stride on axis 1
      assertThatThrownBy(() -> A24.stridedSlice(l(5, 0), l(0, 0), l(1, 0), NONE.shrinkAxisMask(1)))
          .hasMessage("slice index 5 of dimension 0 out of bounds.");
    }

    @Test
    void p6FinalShapeComesFromTheProcessingShape() {
      // deeplearning4j#7751: [[1,2,3]], begin [0,0], end [0,1], bm=1, em=1, shrink=2 is x[:, 0]
      Layout x = arange(1, 3);
      Layout v = x.stridedSlice(l(0, 0), l(0, 1), l(1, 1),
          NONE.beginMask(1).endMask(1).shrinkAxisMask(2));
      assertThat(v.shape()).isEqualTo(Shape.of(1));
      assertThat(values(v)).containsExactly(0);
      // shrinks on both sides of an ellipsis that expands to nothing (A24[0, ..., 1, 2])
      Layout w = A24.stridedSlice(l(0, 0, 1, 2), l(1, 0, 2, 3), l(1, 1, 1, 1),
          NONE.ellipsisMask(0b10).shrinkAxisMask(0b1101));
      assertThat(w.rank()).isZero();
      assertThat(w.offset()).isEqualTo(6);
      // new axes after the ellipsis do not consume input axes
      Layout n = A24.stridedSlice(l(0, 0, 1, 0), l(0, 0, 0, 0), l(1, 1, 1, 1),
          NONE.ellipsisMask(0b1).newAxisMask(0b1010).shrinkAxisMask(0b100));
      assertThat(n).isEqualTo(slice(A24, "..., None, 1, None"));
      assertThat(n.shape()).isEqualTo(Shape.of(2, 3, 1, 1));
    }

    @Test
    void p7NegativeBoundsWrapOnceAndClampAsNumpy() {
      Layout a = arange(5);
      assertThat(values(a.stridedSlice(l(3), l(-6), l(-1)))).containsExactly(3, 2, 1, 0);
      assertThat(a.stridedSlice(l(4), l(-1), l(-1)).shape()).isEqualTo(Shape.of(0));
      assertThat(values(a.stridedSlice(l(0), l(0), l(-1), NONE.beginMask(1).endMask(1))))
          .containsExactly(4, 3, 2, 1, 0);
      assertThat(values(a.stridedSlice(l(3), l(0), l(-1), NONE.endMask(1))))
          .containsExactly(3, 2, 1, 0);
      assertThat(values(a.stridedSlice(l(1), l(100), l(1)))).containsExactly(1, 2, 3, 4);
      assertThat(values(a.stridedSlice(l(-100), l(2), l(1)))).containsExactly(0, 1);
      assertThat(values(a.stridedSlice(l(0), l(0), l(2), NONE.beginMask(1).endMask(1))))
          .containsExactly(0, 2, 4);
      assertThat(a.stridedSlice(l(-6), l(0), l(-1), NONE.endMask(1)).shape())
          .isEqualTo(Shape.of(0));
    }
  }

  @Test
  void implicitEllipsisKeepsTrailingAxes() {
    assertThat(A24.stridedSlice(l(1), l(2), l(1)))
        .isEqualTo(A24.stridedSlice(l(1, 0), l(2, 0), l(1, 1), NONE.ellipsisMask(0b10)));
    assertThat(A24.stridedSlice(new long[0], new long[0], new long[0])).isEqualTo(A24);
    Layout scalar = Layout.cOrder(Shape.scalar());
    assertThat(scalar.stridedSlice(l(0), l(0), l(1), NONE.newAxisMask(1)).shape())
        .isEqualTo(Shape.of(1));
  }

  @Test
  void viewsOfViewsKeepAbsoluteOffsets() {
    // arange(10)[1:][::2][::-1] is [9, 7, 5, 3, 1]: offset 9, stride -2
    Layout v = arange(10).stridedSlice(l(1), l(0), l(1), NONE.endMask(1))
        .stridedSlice(l(0), l(0), l(2), NONE.beginMask(1).endMask(1))
        .stridedSlice(l(0), l(0), l(-1), NONE.beginMask(1).endMask(1));
    assertThat(v.offset()).isEqualTo(9);
    assertThat(v.strides()).containsExactly(-2);
    assertThat(values(v)).containsExactly(9, 7, 5, 3, 1);
  }

  @Test
  void farEndOfAHugeBroadcast() {
    long big = 3L << 30;
    Layout huge = arange(2, 1, 3).broadcastTo(Shape.of(2, big, 3));
    Layout v = huge.stridedSlice(l(-1, -1, -1), l(0, 0, 0), l(1, -1000000007, -1),
        NONE.shrinkAxisMask(0b1).endMask(0b110));
    assertThat(v.shape()).isEqualTo(Shape.of((big + 1000000006) / 1000000007, 3));
    assertThat(v.offsetOf(-1, 0)).isEqualTo(5);
    assertThat(v.offsetOf(-1, -1)).isEqualTo(3);
  }

  @Test
  void optionsAreImmutableValues() {
    StridedSliceOptions o = NONE.beginMask(1).endMask(2).ellipsisMask(4).newAxisMask(8)
        .shrinkAxisMask(16);
    assertThat(NONE.beginMask()).isZero();
    assertThat(o).isEqualTo(StridedSliceOptions.create().shrinkAxisMask(16).newAxisMask(8)
        .ellipsisMask(4).endMask(2).beginMask(1));
    assertThat(o.hashCode()).isEqualTo(StridedSliceOptions.create().beginMask(1).endMask(2)
        .ellipsisMask(4).newAxisMask(8).shrinkAxisMask(16).hashCode());
    assertThat(o).isNotEqualTo(NONE);
    assertThat(o.toString()).isEqualTo("StridedSliceOptions[beginMask=0b1, endMask=0b10, "
        + "ellipsisMask=0b100, newAxisMask=0b1000, shrinkAxisMask=0b10000]");
    assertThat(NONE.beginMask(-1).beginMask()).isEqualTo(0xFFFF_FFFFL);
    assertThat(NONE.endMask(0xFFFF_FFFFL).endMask()).isEqualTo(0xFFFF_FFFFL);
    assertThatThrownBy(() -> NONE.shrinkAxisMask(1L << 32))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("shrink_axis_mask 4294967296 is not a 32-bit mask");
  }

  @Test
  void specCopiesItsArraysAndComparesByValue() {
    long[] begin = {1, 2};
    StridedSpec s = new StridedSpec(begin, l(3, 4), l(1, 1), NONE);
    begin[0] = 99;
    assertThat(s.begin()).containsExactly(1, 2);
    s.begin()[1] = 99;
    assertThat(s.begin()).containsExactly(1, 2);
    assertThat(s).isEqualTo(new StridedSpec(l(1, 2), l(3, 4), l(1, 1), NONE))
        .hasSameHashCodeAs(new StridedSpec(l(1, 2), l(3, 4), l(1, 1), NONE));
    assertThat(s.toString()).isEqualTo("StridedSpec[begin=[1, 2], end=[3, 4], strides=[1, 1], "
        + "options=" + NONE + "]");
    assertThatThrownBy(() -> new StridedSpec(l(1), l(1, 2), l(1), NONE))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("begin, end and strides differ in length: 1, 2 and 1");
  }
}
