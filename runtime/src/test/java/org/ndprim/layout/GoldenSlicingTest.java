package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.goldenCases;
import static org.ndprim.layout.LayoutTesting.longs;
import static org.ndprim.layout.LayoutTesting.tuple;
import static org.ndprim.layout.LayoutTesting.values;

import java.io.IOException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.Index;
import org.ndprim.Indices;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;
import org.ndprim.StridedSpec;

/**
 * Replays the NumPy golden corpus {@code golden/slicing_cases.txt} (made by
 * {@code src/test/python/gen_slicing_cases.py}) through {@code Indices.parse} and
 * {@code Layout.slice}: result shape and values, or error kind and NumPy's exact message.
 *
 * <p>Every case also goes through {@code Layout.stridedSlice} with the encoding
 * {@code tf.Tensor.__getitem__} builds ({@link StridedSpec#fromIndices}, checked against the
 * corpus' encoding column): the same view as {@code slice} (so numpy's shape and values), or an
 * error of the same kind as {@code slice}'s. TF's messages differ from numpy's by design (e.g.
 * "Index out of range using input dim 1; input has only 1 dims" for "too many indices", "slice
 * index -1 of dimension 0 out of bounds." with the index wrapped once); they are checked
 * exactly against the corpus' TF column, a transcription of TF's kernel.
 */
class GoldenSlicingTest {
  private static final String RESOURCE = "/golden/slicing_cases.txt";

  static List<String[]> cases() throws IOException {
    return goldenCases(RESOURCE);
  }

  @Test
  void corpusIsLargeAndVaried() throws IOException {
    List<String[]> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(2000);
    assertThat(cases).anyMatch(c -> c[0].equals("()"));
    assertThat(cases).anyMatch(c -> c[0].contains("0,") || c[0].contains("0)"));
    assertThat(cases).anyMatch(c -> c[4].equals("IndexError"));
    assertThat(cases).anyMatch(c -> c[4].equals("ValueError"));
    assertThat(cases).anyMatch(c -> c[3].startsWith("slice index -"));
  }

  @TestFactory
  Stream<DynamicTest> everyCaseMatchesNumpy() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(
        "a" + c[0] + "[" + c[1] + "] -> " + c[4] + " " + c[5], () -> check(c)));
  }

  @TestFactory
  Stream<DynamicTest> everyCaseMatchesNumpyThroughStridedSlice() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(
        "stridedSlice a" + c[0] + "[" + c[1] + "] -> " + c[3], () -> checkStridedSlice(c)));
  }

  private static void checkStridedSlice(String[] c) {
    Layout base = Layout.cOrder(Shape.of(tuple(c[0])));
    Index[] spec = Indices.parse(c[1]);
    StridedSpec s = StridedSpec.fromIndices(spec);
    assertThat(s).as("encoding").isEqualTo(encoding(c[2]));
    Throwable numpyError = catchThrowable(() -> base.slice(spec));
    Throwable error = catchThrowable(
        () -> base.stridedSlice(s.begin(), s.end(), s.strides(), s.options()));
    if (c[3].equals("OK")) {
      assertThat(error).isNull();
      assertThat(c[4]).isEqualTo("OK");
      Layout view = base.stridedSlice(s.begin(), s.end(), s.strides(), s.options());
      assertThat(view).isEqualTo(base.slice(spec));
      assertThat(view.shape()).isEqualTo(Shape.of(tuple(c[5])));
      assertThat(values(view)).containsExactly(longs(c[6]));
      return;
    }
    assertThat(error).isNotNull().hasMessage(c[3]);
    assertThat(numpyError).isNotNull();
    assertThat(error.getClass()).as("error kind, numpy: " + numpyError)
        .isEqualTo(numpyError.getClass());
    if (c[3].startsWith("Index out of range")) {
      assertThat(error).isExactlyInstanceOf(IllegalRankException.class);
    } else if (c[3].startsWith("slice index")) {
      assertThat(error).isExactlyInstanceOf(IndexOutOfBoundsException.class);
    } else {
      assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class);
    }
  }

  /** Parses "begin|end|strides|bm em elm nam sam". */
  private static StridedSpec encoding(String text) {
    String[] parts = text.split("\\|", -1);
    long[] m = longs(parts[3]);
    return new StridedSpec(longs(parts[0]), longs(parts[1]), longs(parts[2]),
        StridedSliceOptions.none().beginMask(m[0]).endMask(m[1]).ellipsisMask(m[2])
            .newAxisMask(m[3]).shrinkAxisMask(m[4]));
  }

  private static void check(String[] c) {
    Layout base = Layout.cOrder(Shape.of(tuple(c[0])));
    Throwable error = catchThrowable(() -> base.slice(Indices.parse(c[1])));
    switch (c[4]) {
      case "OK":
        assertThat(error).isNull();
        Layout view = base.slice(Indices.parse(c[1]));
        assertThat(view.shape()).isEqualTo(Shape.of(tuple(c[5])));
        assertThat(values(view)).containsExactly(longs(c[6]));
        SlicingPropertiesTest.checkLayoutInvariants(view, c[1]);
        break;
      case "IndexError":
        assertThat(error).hasMessage(c[5]);
        if (c[5].startsWith("too many indices")) {
          assertThat(error).isExactlyInstanceOf(IllegalRankException.class);
        } else if (c[5].startsWith("an index can only have a single ellipsis")) {
          assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class);
        } else {
          assertThat(error).isExactlyInstanceOf(IndexOutOfBoundsException.class);
        }
        break;
      case "ValueError":
        assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(c[5]);
        break;
      default:
        throw new AssertionError("unknown outcome " + c[4]);
    }
  }
}
