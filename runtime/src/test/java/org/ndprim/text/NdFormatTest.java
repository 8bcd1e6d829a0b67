package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ndprim.layout.LayoutTesting.arange;
import static org.ndprim.layout.LayoutTesting.tuple;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.ndprim.layout.Layout;
import org.junit.jupiter.api.TestFactory;
import org.ndprim.Shape;

/**
 * NdFormat against NumPy {@code str()}: {@code golden/format_cases.txt} (made by
 * {@code src/test/python/gen_format_cases.py}) plus hand-checked examples.
 */
class NdFormatTest {

  /** One golden block: header fields and expected text. */
  static final class Block {
    final String dtype;
    final long[] shape;
    final String values;
    final String expected;

    Block(String header, String expected) {
      String[] h = header.split(" ", 4);
      this.dtype = h[1];
      this.shape = tuple(h[2]);
      this.values = h[3];
      this.expected = expected;
    }
  }

  static List<Block> blocks() throws IOException {
    List<Block> blocks = new ArrayList<>();
    try (InputStream in = NdFormatTest.class.getResourceAsStream("/golden/format_cases.txt")) {
      assertThat(in).isNotNull();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String header = null;
      StringBuilder text = new StringBuilder();
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.startsWith("#")) {
          continue;
        }
        if (line.startsWith("=== ")) {
          if (header != null) {
            blocks.add(new Block(header, text.substring(0, text.length() - 1)));
          }
          header = line;
          text.setLength(0);
        } else {
          text.append(line).append('\n');
        }
      }
      blocks.add(new Block(header, text.substring(0, text.length() - 1)));
    }
    return blocks;
  }

  @TestFactory
  Stream<DynamicTest> everyGoldenArrayMatchesNumpy() throws IOException {
    return blocks().stream().map(b -> DynamicTest.dynamicTest(
        b.dtype + " " + Shape.of(b.shape) + " " + abbreviate(b.values), () -> check(b)));
  }

  private static String abbreviate(String s) {
    return s.length() > 40 ? s.substring(0, 40) + "..." : s;
  }

  private static void check(Block b) {
    Layout layout;
    LongFunction<String> format;
    if (b.values.equals("arange") || b.values.equals("arangeT")) {
      if (b.values.equals("arange")) {
        layout = arange(b.shape);
      } else {
        long[] reversed = new long[b.shape.length];
        for (int i = 0; i < reversed.length; i++) {
          reversed[i] = b.shape[b.shape.length - 1 - i];
        }
        layout = arange(reversed).transpose();
      }
      format = Formats::formatLong;
    } else {
      layout = arange(b.shape);
      String[] v = b.values.split(" ");
      switch (b.dtype) {
        case "bool":
          format = o -> Formats.formatBoolean(v[(int) o].equals("True"));
          break;
        case "float64":
          format = o -> Formats.formatDouble(FormatsTest.parsePython(v[(int) o]));
          break;
        case "float32":
          format = o -> Formats.formatFloat((float) FormatsTest.parsePython(v[(int) o]));
          break;
        case "uint16":
          format = o -> Formats.formatChar((char) Integer.parseInt(v[(int) o]));
          break;
        default:
          format = o -> Formats.formatLong(Long.parseLong(v[(int) o]));
      }
    }
    assertThat(NdFormat.format(layout, format)).isEqualTo(b.expected);
  }

  @Test
  void goldenCorpusCoversTheInterestingShapes() throws IOException {
    List<Block> blocks = blocks();
    assertThat(blocks).hasSizeGreaterThan(100);
    assertThat(blocks).anyMatch(b -> b.expected.contains("..."));
    assertThat(blocks).anyMatch(b -> b.shape.length == 0);
    assertThat(blocks).anyMatch(b -> b.expected.equals("[]"));
    assertThat(blocks).anyMatch(b -> b.dtype.equals("bool"));
  }

  @Test
  void handCheckedExamples() {
    LongFunction<String> f = Formats::formatLong;
    assertThat(NdFormat.format(arange(2, 3), f)).isEqualTo("[[0 1 2]\n [3 4 5]]");
    assertThat(NdFormat.format(arange(2, 2, 2), f))
        .isEqualTo("[[[0 1]\n  [2 3]]\n\n [[4 5]\n  [6 7]]]");
    assertThat(NdFormat.format(arange(2000), f))
        .isEqualTo("[   0    1    2 ... 1997 1998 1999]");
    assertThat(NdFormat.format(arange(), o -> "5")).isEqualTo("5");
    assertThat(NdFormat.format(arange(0), f)).isEqualTo("[]");
    assertThat(NdFormat.format(arange(2, 0), f)).isEqualTo("[]");
    assertThat(NdFormat.format(arange(2), o -> Formats.formatBoolean(true)))
        .isEqualTo("[ True  True]");
  }

  @Test
  void onlyShownElementsAreFormatted() {
    AtomicInteger calls = new AtomicInteger();
    long big = 1L << 20;
    Layout huge = Layout.of(0, new long[] {big, big, 4}, new long[] {0, 0, 1});
    String text = NdFormat.format(huge, o -> {
      calls.incrementAndGet();
      return Long.toString(o);
    });
    assertThat(calls.get()).isEqualTo(6 * 6 * 4);
    assertThat(text).startsWith("[[[0 1 2 3]\n  [0 1 2 3]\n  [0 1 2 3]\n  ...\n");
  }
}
