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

  private static String floats(FloatFormat f, double... v) {
    return NdFormat.formatFloats(arange(v.length), o -> v[(int) o], f);
  }

  /** NumPy decides the notation once per array (numpy 2.4 str() verified). */
  @Test
  void floatNotationIsPerArray() {
    FloatFormat f8 = FloatFormat.BINARY64;
    assertThat(floats(f8, 1e-5, 1.0)).isEqualTo("[1.e-05 1.e+00]");
    assertThat(floats(f8, 1., 10000.)).isEqualTo("[1.e+00 1.e+04]");
    assertThat(floats(f8, 1., 1000.)).isEqualTo("[   1. 1000.]");
    assertThat(floats(FloatFormat.BINARY16, 999, 1.5)).isEqualTo("[999.    1.5]");
    assertThat(floats(FloatFormat.BINARY16, 1000, 1.5)).isEqualTo("[1.0e+03 1.5e+00]");
    assertThat(floats(FloatFormat.BINARY32, 999999, 1.5)).isEqualTo("[9.99999e+05 1.50000e+00]");
    assertThat(floats(FloatFormat.BINARY32, 1.5, -2.25)).isEqualTo("[ 1.5  -2.25]");
    assertThat(floats(f8, Double.NaN, Double.NEGATIVE_INFINITY, 1e10))
        .isEqualTo("[   nan   -inf 1.e+10]");
    assertThat(floats(f8, Double.NaN, Double.POSITIVE_INFINITY)).isEqualTo("[nan inf]");
    assertThat(floats(f8, Double.NaN, Double.NEGATIVE_INFINITY)).isEqualTo("[ nan -inf]");
    assertThat(floats(FloatFormat.BINARY32, (float) 1e-5, (float) 0.123456789))
        .isEqualTo("[9.9999997e-06 1.2345679e-01]");
    assertThat(floats(FloatFormat.BINARY32, (float) Math.scalb(1.0, 87)))
        .isEqualTo("[1.5474251e+26]");
    assertThat(NdFormat.formatFloats(arange(), o -> 1e-5, f8)).isEqualTo("1e-05");
    assertThat(NdFormat.formatFloats(arange(2, 0), o -> 1, f8)).isEqualTo("[]");
  }

  @Test
  void floatsOfAView() {
    // np.arange(12.).reshape(3, 4).T / 3
    Layout t = arange(3, 4).transpose();
    assertThat(NdFormat.formatFloats(t, o -> o / 3.0, FloatFormat.BINARY64)).isEqualTo(
        "[[0.         1.33333333 2.66666667]\n"
        + " [0.33333333 1.66666667 3.        ]\n"
        + " [0.66666667 2.         3.33333333]\n"
        + " [1.         2.33333333 3.66666667]]");
    assertThat(NdFormat.formatFloats(arange(30), o -> o * 1e5, FloatFormat.BINARY64)).isEqualTo(
        "[      0.  100000.  200000.  300000.  400000.  500000.  600000.  700000.\n"
        + "  800000.  900000. 1000000. 1100000. 1200000. 1300000. 1400000. 1500000.\n"
        + " 1600000. 1700000. 1800000. 1900000. 2000000. 2100000. 2200000. 2300000.\n"
        + " 2400000. 2500000. 2600000. 2700000. 2800000. 2900000.]");
  }

  /** Only the shown elements are read, and only they decide the format (np.ones(2000)). */
  @Test
  void hiddenElementsDoNotChangeTheFormat() {
    AtomicInteger calls = new AtomicInteger();
    String text = NdFormat.formatFloats(arange(2000), o -> {
      calls.incrementAndGet();
      return o == 1000 ? 1e30 : 1.0;
    }, FloatFormat.BINARY64);
    assertThat(text).isEqualTo("[1. 1. 1. ... 1. 1. 1.]");
    assertThat(calls.get()).isEqualTo(6);
  }

  @Test
  void complexArrays() {
    double[] re = {1, 2.5, Double.POSITIVE_INFINITY, -0.0};
    double[] im = {1, -0.5, 0, -1};
    assertThat(NdFormat.formatComplex(arange(2, 2), o -> re[(int) o], o -> im[(int) o],
        FloatFormat.BINARY32)).isEqualTo("[[ 1. +1.j   2.5-0.5j]\n [ inf+0.j  -0. -1.j ]]");
    assertThat(NdFormat.formatComplex(arange(2), o -> o == 0 ? 1 : 0, o -> o == 0 ? 2 : -1,
        FloatFormat.BINARY64)).isEqualTo("[1.+2.j 0.-1.j]");
    assertThat(NdFormat.formatComplex(arange(), o -> 1, o -> 2, FloatFormat.BINARY64))
        .isEqualTo("(1+2j)");
    assertThat(NdFormat.formatComplex(arange(0), o -> 1, o -> 2, FloatFormat.BINARY64))
        .isEqualTo("[]");
  }

  @Test
  void unalignedWords() {
    assertThat(NdFormat.formatUnaligned(arange(2), o -> o == 0 ? "1" : "2.5"))
        .isEqualTo("[1 2.5]");
    assertThat(NdFormat.formatUnaligned(arange(), o -> "2.5")).isEqualTo("2.5");
    assertThat(NdFormat.formatUnaligned(arange(0, 3), o -> "x")).isEqualTo("[]");
    assertThat(NdFormat.formatUnaligned(arange(2000), o -> o < 1000 ? "0" : "2000"))
        .isEqualTo("[0 0 0 ... 2000 2000 2000]");
  }

  /** uint64 words are right-aligned to the widest shown one, as numpy's IntegerFormat. */
  @Test
  void unsignedLongs() {
    long[] v = {0, -1L};
    assertThat(NdFormat.format(arange(2), o -> Formats.formatUnsignedLong(v[(int) o])))
        .isEqualTo("[                   0 18446744073709551615]");
    long[] w = {1, Long.MIN_VALUE, 5, 7};
    assertThat(NdFormat.format(arange(2, 2), o -> Formats.formatUnsignedLong(w[(int) o])))
        .isEqualTo("[[                  1 9223372036854775808]\n"
            + " [                  5                   7]]");
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
