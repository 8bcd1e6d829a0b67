package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.longs;
import static org.ndprim.layout.LayoutTesting.slice;
import static org.ndprim.layout.LayoutTesting.tuple;
import static org.ndprim.layout.LayoutTesting.values;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * Every worked example of SEMANTICS.md R1-R9, on layouts over an arange base (value = offset).
 * {@code A24} is {@code arange(24).reshape(2,3,4)}.
 */
class SemanticsExamplesTest {
  private static final Layout A24 = arange(2, 3, 4);

  /** Checks {@code base[spec]} against shape and C-order values. */
  static void check(Layout base, String spec, String shape, String values) {
    Layout view = slice(base, spec);
    assertThat(view.shape()).as("shape of [%s]", spec).isEqualTo(Shape.of(tuple(shape)));
    assertThat(values(view)).as("values of [%s]", spec).containsExactly(longs(values));
  }

  static long[] range(long from, long toInclusive) {
    return LongStream.rangeClosed(from, toInclusive).toArray();
  }

  @Nested
  class R1IntegerIndex {
    @Test
    void negativeIndicesCountFromTheEnd() {
      check(arange(5), "-1", "()", "4");
      check(arange(5), "-5", "()", "0");
      check(A24, "1, -1", "(4,)", "20 21 22 23");
    }

    @Test
    void outOfRangeIsAnErrorNeverClamped() {
      assertThatThrownBy(() -> slice(arange(5), "5"))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("index 5 is out of bounds for axis 0 with size 5");
      assertThatThrownBy(() -> slice(arange(5), "-6"))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("index -6 is out of bounds for axis 0 with size 5");
      assertThatThrownBy(() -> slice(A24, "0, 3"))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("index 3 is out of bounds for axis 1 with size 3");
      assertThatThrownBy(() -> slice(arange(0, 3), "0"))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("index 0 is out of bounds for axis 0 with size 0");
    }

    @Test
    void extremeIntegersAreRejectedWithoutOverflow() {
      assertThatThrownBy(() -> arange(5).slice(Indices.at(Long.MIN_VALUE)))
          .hasMessage("index -9223372036854775808 is out of bounds for axis 0 with size 5");
      assertThatThrownBy(() -> arange(5).slice(Indices.at(Long.MAX_VALUE)))
          .hasMessage("index 9223372036854775807 is out of bounds for axis 0 with size 5");
    }

    @Test
    void keepDimIsASliceOfLengthOneButValidatedLikeAnInteger() {
      Layout v = arange(5).slice(Indices.at(-1, true));
      assertThat(v.shape()).isEqualTo(Shape.of(1));
      assertThat(values(v)).containsExactly(4);
      Layout w = A24.slice(Indices.at(1, true), Indices.at(-2, true));
      assertThat(w.shape()).isEqualTo(Shape.of(1, 1, 4));
      assertThat(values(w)).containsExactly(16, 17, 18, 19);
      assertThatThrownBy(() -> arange(5).slice(Indices.at(5, true)))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("index 5 is out of bounds for axis 0 with size 5");
      assertThatThrownBy(() -> arange(5).slice(Indices.at(-6, true)))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class);
      assertThatThrownBy(() -> arange(0).slice(Indices.at(0, true)))
          .isExactlyInstanceOf(IndexOutOfBoundsException.class);
    }
  }

  @Nested
  class R2Slice {
    @ParameterizedTest(name = "a[{0}] == [{1}]")
    @CsvSource(delimiter = '|', value = {
        "1:100     | 1 2 3 4",
        "-100:2    | 0 1",
        "5:        | ''",
        "7:        | ''",
        "-6:       | 0 1 2 3 4",
        ":-6       | ''",
        "2:2       | ''",
        "3:1       | ''",
        "::2       | 0 2 4",
        "::-1      | 4 3 2 1 0",
        "10:0:-1   | 4 3 2 1",
        "100::-1   | 4 3 2 1 0",
        "-6::-1    | ''",
        ":-6:-1    | 4 3 2 1 0",
        "3:-6:-1   | 3 2 1 0",
        "4:-1:-1   | ''",
        "0:5:-1    | ''",
        "2::-1     | 2 1 0",
        ":2:-1     | 4 3",
        "1::-2     | 1",
        "::-2      | 4 2 0",
        "-1:-6:-2  | 4 2 0",
        "-2:-4:-1  | 3 2",
    })
    void verifiedExamplesOnArange5(String spec, String expected) {
      long[] values = longs(expected);
      check(arange(5), spec, "(" + values.length + ",)", expected);
    }

    @Test
    void stepZeroIsAnError() {
      assertThatThrownBy(() -> slice(arange(5), "::0"))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("slice step cannot be zero");
    }

    @Test
    void normalisedBeforeZeroEndIsNeverALiteralMinusOne() {
      // slice(0,-6,-1).indices(5) == (0,-1,-1): applying the normalised bounds again would be
      // empty, the original slice gives [0].
      check(arange(5), "0:-6:-1", "(1,)", "0");
      check(arange(5), "0:-1:-1", "(0,)", "");
      // the same through the TF-Java style factories
      assertThat(values(arange(5).slice(Indices.flip()))).containsExactly(4, 3, 2, 1, 0);
      assertThat(values(arange(5).slice(Indices.sliceTo(-6, -1)))).containsExactly(4, 3, 2, 1, 0);
    }

    @Test
    void checklistStepVersusReversedStep() {
      // checklist 3: x[::-2] is not x[::2][::-1] when (n-1) % 2 != 0
      check(arange(10), "::-2", "(5,)", "9 7 5 3 1");
      assertThat(values(slice(slice(arange(10), "::2"), "::-1"))).containsExactly(8, 6, 4, 2, 0);
    }

    @Test
    void extremeBoundsAndStepsDoNotOverflow() {
      assertThat(values(arange(5).slice(Indices.slice(Long.MIN_VALUE, Long.MAX_VALUE))))
          .containsExactly(0, 1, 2, 3, 4);
      assertThat(values(arange(5).slice(Indices.slice(Long.MAX_VALUE, Long.MIN_VALUE, -1))))
          .containsExactly(4, 3, 2, 1, 0);
      assertThat(values(arange(5).slice(Indices.step(Long.MAX_VALUE)))).containsExactly(0);
      assertThat(values(arange(5).slice(Indices.step(Long.MIN_VALUE)))).containsExactly(4);
      assertThat(values(arange(5).slice(Indices.slice(2L, null, Long.MIN_VALUE))))
          .containsExactly(2);
    }
  }

  @Nested
  class R3Ellipsis {
    @Test
    void expandsToTheMissingAxes() {
      check(A24, "..., 0", "(2, 3)", "0 4 8 12 16 20");
      check(A24, "0, ...", "(3, 4)", "0 1 2 3 4 5 6 7 8 9 10 11");
      check(A24, "0, ..., 1", "(3,)", "1 5 9");
      check(A24, "0, 1, 2, ...", "()", "6");
      check(A24, "..., None", "(2, 3, 4, 1)", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23");
      check(A24, "None, ..., None, 0, None", "(1, 2, 3, 1, 1)", "0 4 8 12 16 20");
    }

    @Test
    void atMostOne() {
      assertThatThrownBy(() -> slice(A24, "..., 0, ..."))
          .isExactlyInstanceOf(IllegalArgumentException.class)
          .hasMessage("an index can only have a single ellipsis ('...')");
    }

    @Test
    void expandingToZeroAxesKeepsBothSides() {
      // checklist 7: points on both sides of an ellipsis that expands to nothing
      check(A24, "1, ..., 2, 3", "()", "23");
      check(A24, "1, 2, ..., 3", "()", "23");
    }
  }

  @Nested
  class R4NewAxis {
    @Test
    void insertsLengthOneAxesWithStrideZero() {
      Layout v = slice(A24, "None");
      assertThat(v.shape()).isEqualTo(Shape.of(1, 2, 3, 4));
      assertThat(v.stride(0)).isZero();
      check(A24, ":, None, 1", "(2, 1, 4)", "4 5 6 7 16 17 18 19");
      check(A24, "0, 0, 0, None, None", "(1, 1)", "0");
    }
  }

  @Nested
  class R5RankZero {
    private final Layout r = Layout.of(7, new long[0], new long[0]); // array(7): value 7

    @Test
    void rankZeroViews() {
      assertThat(r.size()).isEqualTo(1);
      check(r, "", "()", "7");
      check(r, "...", "()", "7");
      check(r, "None", "(1,)", "7");
      check(r, "..., None, None", "(1, 1)", "7");
      check(arange(5), "2, ...", "()", "2");
    }

    @Test
    void anyConsumingIndexIsTooMany() {
      for (String spec : new String[] {"0", ":"}) {
        assertThatThrownBy(() -> slice(r, spec))
            .isExactlyInstanceOf(IllegalRankException.class)
            .hasMessage("too many indices for array: array is 0-dimensional, but 1 were indexed");
      }
    }
  }

  @Nested
  class R6TooManyIndices {
    @Test
    void onlyIntegersAndSlicesCount() {
      assertThatThrownBy(() -> slice(A24, "0, 0, 0, 0"))
          .isExactlyInstanceOf(IllegalRankException.class)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("too many indices for array: array is 3-dimensional, but 4 were indexed");
      check(A24, "0, 0, 0, None, None", "(1, 1)", "0");
    }

    @Test
    void checkOrderEllipsisThenCountThenEachEntry() {
      assertThatThrownBy(() -> slice(A24, "..., 0, 0, 0, 0, ..."))
          .hasMessage("an index can only have a single ellipsis ('...')");
      assertThatThrownBy(() -> slice(A24, "9, ::0, 0, 0"))
          .hasMessage("too many indices for array: array is 3-dimensional, but 4 were indexed");
      assertThatThrownBy(() -> slice(A24, "0, ::0, 5"))
          .hasMessage("slice step cannot be zero");
      assertThatThrownBy(() -> slice(A24, "0, 5, ::0"))
          .hasMessage("index 5 is out of bounds for axis 1 with size 3");
      // the axis in the message is the input axis
      assertThatThrownBy(() -> slice(A24, "None, 0, 5"))
          .hasMessage("index 5 is out of bounds for axis 1 with size 3");
      assertThatThrownBy(() -> slice(A24, "..., 5"))
          .hasMessage("index 5 is out of bounds for axis 2 with size 4");
    }
  }

  @Nested
  class R7EmptyResults {
    @Test
    void emptyRangesKeepTheirAxis() {
      check(A24, ":, 2:1", "(2, 0, 4)", "");
      check(A24, "1:1, ..., 0", "(0, 3)", "");
      Layout z = arange(0, 3);
      check(z, ":, 1", "(0,)", "");
      check(z, ":, 1:3", "(0, 2)", "");
      check(z, "::-1", "(0, 3)", "");
      check(z, "None", "(1, 0, 3)", "");
      check(arange(0), "None", "(1, 0)", "");
      check(arange(3, 3, 3), "0:0", "(0, 3, 3)", "");
    }

    @Test
    void anEmptyRangeAddsNothingToTheOffset() {
      Layout v = slice(arange(5), "3:3");
      assertThat(v.offset()).isZero();
      assertThat(slice(arange(5), "-1:-1:-1").offset()).isZero();
      assertThat(slice(A24, "1, 5:, 2").offset()).isEqualTo(12 + 2);
    }
  }

  @Nested
  class R8Views {
    @Test
    void viewsComposeWithAbsoluteOffsetAndStrides() {
      Layout v = slice(slice(slice(arange(10), "1:"), "::2"), "::-1");
      assertThat(values(v)).containsExactly(9, 7, 5, 3, 1);
      assertThat(v.offset()).isEqualTo(9); // 72 bytes of int64
      assertThat(v.stride(0)).isEqualTo(-2); // -16 bytes of int64
    }

    @Test
    void iterationIsLogicalRowMajorWhateverTheStrides() {
      assertThat(values(arange(3, 4).transpose()))
          .containsExactly(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11);
      check(A24, "::-1, 1:, ::2", "(2, 2, 2)", "16 18 20 22 4 6 8 10");
    }

    @Test
    void overlappingViewsAreDetected() {
      Layout a = arange(6);
      assertThat(slice(a, "1:").overlaps(slice(a, ":-1"))).isTrue();
      assertThat(slice(a, ":").overlaps(slice(a, "::-1"))).isTrue();
      assertThat(slice(a, ":3").overlaps(slice(a, "3:"))).isFalse();
      assertThat(slice(a, "::-2").minOffset()).isEqualTo(1);
      assertThat(slice(a, "::-2").maxOffset()).isEqualTo(5);
    }
  }

  @Nested
  class R9WorkedCombinations {
    @Test
    void combinations() {
      check(A24, "::-1, 1:, ..., None", "(2, 2, 4, 1)",
          "16 17 18 19 20 21 22 23 4 5 6 7 8 9 10 11");
      check(A24, "1:, ..., None, -1", "(1, 3, 1)", "15 19 23");
    }

    @Test
    void sameThroughFactories() {
      Layout v = A24.slice(Indices.sliceFrom(1), Indices.ellipsis(), Indices.newAxis(),
          Indices.at(-1));
      assertThat(v.shape()).isEqualTo(Shape.of(1, 3, 1));
      assertThat(values(v)).containsExactly(15, 19, 23);
      Index[] parsed = Indices.parse("::-1, 1:, ..., None");
      assertThat(parsed).containsExactly(Indices.flip(), Indices.sliceFrom(1), Indices.ellipsis(),
          Indices.newAxis());
    }

    @Test
    void tensorFlowDocExample() {
      // strided_slice(t,[1,-1,0],[2,-3,3],[1,-1,1]) == t[1:2, -1:-3:-1, 0:3] on a (3,2,3) tensor
      check(arange(3, 2, 3), "1:2, -1:-3:-1, 0:3", "(1, 2, 3)", "9 10 11 6 7 8");
    }
  }
}
