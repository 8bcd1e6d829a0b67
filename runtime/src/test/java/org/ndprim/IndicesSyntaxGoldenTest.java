package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays {@code golden/index_syntax_cases.txt} (made by
 * {@code src/test/python/gen_index_syntax_cases.py}, which evaluates {@code a[<spec>]} in Python):
 * {@code IntNdArray.slice(spec)} on an arange gives numpy's view for every basic literal index,
 * an {@link IndexSyntaxException} for what Python cannot parse or what is not a basic literal
 * index, and numpy's own message for its IndexError/ValueError.
 */
class IndicesSyntaxGoldenTest {

  static List<String[]> cases() throws IOException {
    List<String[]> cases = new ArrayList<>();
    try (InputStream in = IndicesSyntaxGoldenTest.class.getResourceAsStream("/golden/index_syntax_cases.txt")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.startsWith("#") && !line.isEmpty()) {
          cases.add(line.split("\t", -1));
        }
      }
    }
    return cases;
  }

  static String unescape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        char e = s.charAt(++i);
        sb.append(e == 't' ? '\t' : e == 'n' ? '\n' : e == 'f' ? '\f' : e);
      } else {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  static long[] tuple(String t) {
    String inner = t.substring(1, t.length() - 1).replace(" ", "");
    return Arrays.stream(inner.split(",")).filter(x -> !x.isEmpty()).mapToLong(Long::parseLong).toArray();
  }

  static IntNdArray arange(Shape shape) {
    int[] values = new int[(int) shape.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    return IntNdArray.wrap(shape, values);
  }

  @Test
  void corpusHasTheFormsOfTheIssue() throws IOException {
    List<String> specs = cases().stream().map(c -> c[1]).toList();
    assertThat(specs).contains("()", "(1, 2)", "(3)", "Ellipsis", "None:3", "::None", "1_000", "01");
    assertThat(cases()).hasSizeGreaterThan(500);
  }

  @TestFactory
  Stream<DynamicTest> everySpecIsReadAsPythonReadsIt() throws IOException {
    return cases().stream().map(c -> DynamicTest.dynamicTest("a" + c[0] + "[" + c[1] + "] -> " + c[2], () -> {
      String spec = unescape(c[1]);
      IntNdArray a = arange(Shape.of(tuple(c[0])));
      Throwable e = catchThrowable(() -> a.slice(spec));
      switch (c[2]) {
        case "OK":
          assertThat(e).isNull();
          IntNdArray r = a.slice(spec);
          assertThat(r.shape()).isEqualTo(Shape.of(tuple(c[3])));
          assertThat(r.toArray()).containsExactly(Arrays.stream(c[4].split(" ")).filter(x -> !x.isEmpty())
              .mapToInt(Integer::parseInt).toArray());
          break;
        case "SyntaxError":
        case "NOTLITERAL":
        case "NOTBASIC":
        case "OverflowError":
          assertThat(e).isInstanceOf(IndexSyntaxException.class);
          break;
        case "IndexError":
          if (c[3].startsWith("only integers, slices")) {
            // an integer index beyond int64, which numpy does not take as an index: a parse error here
            assertThat(e).isInstanceOf(IndexSyntaxException.class).hasMessageContaining("does not fit a long");
            break;
          }
          assertThat(e).isNotInstanceOf(IndexSyntaxException.class).isInstanceOf(RuntimeException.class)
              .hasMessage(c[3]);
          break;
        case "ValueError":
          assertThat(e).isNotInstanceOf(IndexSyntaxException.class).isInstanceOf(RuntimeException.class)
              .hasMessage(c[3]);
          break;
        default:
          throw new AssertionError("unknown outcome " + c[2]);
      }
    }));
  }
}
