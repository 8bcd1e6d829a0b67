package org.ndprim.layout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.ndprim.layout.LayoutTesting.longs;
import static org.ndprim.layout.LayoutTesting.tuple;
import static org.ndprim.layout.LayoutTesting.values;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.IllegalRankException;
import org.ndprim.Indices;
import org.ndprim.Shape;

/**
 * Replays the NumPy golden corpus {@code golden/slicing_cases.txt} (made by
 * {@code src/test/python/gen_slicing_cases.py}) through {@code Indices.parse} and
 * {@code Layout.slice}: result shape and values, or error kind and NumPy's exact message.
 */
class GoldenSlicingTest {
  private static final String RESOURCE = "/golden/slicing_cases.txt";

  static List<String[]> cases() throws IOException {
    List<String[]> cases = new ArrayList<>();
    try (InputStream in = GoldenSlicingTest.class.getResourceAsStream(RESOURCE)) {
      assertThat(in).as(RESOURCE).isNotNull();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = reader.readLine()) != null; ) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          cases.add(line.split("\t", -1));
        }
      }
    }
    return cases;
  }

  @Test
  void corpusIsLargeAndVaried() throws IOException {
    List<String[]> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(2000);
    assertThat(cases).anyMatch(c -> c[0].equals("()"));
    assertThat(cases).anyMatch(c -> c[0].contains("0,") || c[0].contains("0)"));
    assertThat(cases).anyMatch(c -> c[2].equals("IndexError"));
    assertThat(cases).anyMatch(c -> c[2].equals("ValueError"));
  }

  @TestFactory
  Stream<DynamicTest> everyCaseMatchesNumpy() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest(
        "a" + c[0] + "[" + c[1] + "] -> " + c[2] + " " + c[3], () -> check(c)));
  }

  private static void check(String[] c) {
    Layout base = Layout.cOrder(Shape.of(tuple(c[0])));
    Throwable error = catchThrowable(() -> base.slice(Indices.parse(c[1])));
    switch (c[2]) {
      case "OK":
        assertThat(error).isNull();
        Layout view = base.slice(Indices.parse(c[1]));
        assertThat(view.shape()).isEqualTo(Shape.of(tuple(c[3])));
        assertThat(values(view)).containsExactly(longs(c[4]));
        SlicingPropertiesTest.checkLayoutInvariants(view, c[1]);
        break;
      case "IndexError":
        assertThat(error).hasMessage(c[3]);
        if (c[3].startsWith("too many indices")) {
          assertThat(error).isExactlyInstanceOf(IllegalRankException.class);
        } else if (c[3].startsWith("an index can only have a single ellipsis")) {
          assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class);
        } else {
          assertThat(error).isExactlyInstanceOf(IndexOutOfBoundsException.class);
        }
        break;
      case "ValueError":
        assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage(c[3]);
        break;
      default:
        throw new AssertionError("unknown outcome " + c[2]);
    }
  }
}
