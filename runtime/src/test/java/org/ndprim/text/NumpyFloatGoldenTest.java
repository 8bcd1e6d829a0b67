package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.ndprim.Shape;
import org.ndprim.layout.Layout;

/**
 * Exact float, complex and bfloat16 text against NumPy 2.x golden data (made by
 * {@code src/test/python/gen_format_cases.py}; no Python needed here):
 * <ul>
 *   <li>{@code float_arrays.txt.gz}: str() of random float16/32/64 arrays (ranks 0-3, mixed
 *       magnitudes, nan/inf/-0, subnormals, sizes across the 1000 threshold, outliers hidden by
 *       the summary), every float16 bit pattern in arrays of 8, float32 powers of two
 *       2^-149..2^127 and float64 ones 2^-1074..2^1023;
 *   <li>{@code float_scalars.txt.gz} and {@code float16_all.txt.gz}: str() of scalars and the
 *       element of a one-element array, for every float16, float32/64 powers of two and their
 *       neighbours, random bit patterns and decimals;
 *   <li>{@code complex_arrays.txt.gz}: str() of complex64/128 arrays and scalars;
 *   <li>{@code bfloat16_arrays.txt.gz}: str() of ml_dtypes.bfloat16 arrays;
 *   <li>{@code general_cases.txt.gz}: C's {@code %.<p>g}.
 * </ul>
 * Every mismatch is collected and reported (the first 20), so a failure shows its pattern.
 */
class NumpyFloatGoldenTest {
  private static final int SHOW = 20;

  private static void assertNoFailures(List<String> failures, int checked) {
    assertThat(failures)
        .as("%d of %d cases differ from NumPy", failures.size(), checked)
        .isEmpty();
  }

  private static void fail(List<String> failures, String what, String expected, String actual) {
    if (failures.size() < SHOW) {
      failures.add(what + "\n--- numpy\n" + expected + "\n--- ndprim\n" + actual);
    } else {
      failures.add(what);
    }
  }

  @Test
  void floatArrays() {
    List<String> failures = new ArrayList<>();
    Map<String, Integer> counts = new HashMap<>();
    int summarised = 0;
    int rank0 = 0;
    List<NumpyGolden.Block> blocks = NumpyGolden.blocks("/golden/float_arrays.txt.gz");
    for (NumpyGolden.Block b : blocks) {
      Layout layout = Layout.cOrder(Shape.of(b.shape));
      String actual;
      try {
        LongToDoubleFunction values = b.values(h -> NumpyGolden.decode(b.code, h));
        actual = NdFormat.formatFloats(layout, values, NumpyGolden.format(b.code));
      } catch (RuntimeException | AssertionError e) {
        actual = e.toString();
      }
      if (!actual.equals(b.expected)) {
        fail(failures, b.code + " " + Shape.of(b.shape) + " " + String.join(" ", b.tokens),
            b.expected, actual);
      }
      counts.merge(b.code, 1, Integer::sum);
      summarised += b.size() > 1000 ? 1 : 0;
      rank0 += b.shape.length == 0 ? 1 : 0;
    }
    assertNoFailures(failures, blocks.size());
    assertThat(counts.get("f2")).isGreaterThan(10000); // 8192 of them every bit pattern
    assertThat(counts.get("f4")).isGreaterThan(2000);
    assertThat(counts.get("f8")).isGreaterThan(2000);
    assertThat(summarised).isGreaterThan(100);
    assertThat(rank0).isGreaterThan(100);
  }

  @Test
  void floatScalarsAndSingleElements() {
    List<String> failures = new ArrayList<>();
    List<String[]> lines = NumpyGolden.lines("/golden/float_scalars.txt.gz");
    for (String[] f : lines) {
      double v = NumpyGolden.decode(f[0], f[1]);
      String scalar = Formats.format(v, NumpyGolden.format(f[0]));
      if (!scalar.equals(f[2])) {
        fail(failures, "str(" + f[0] + " " + f[1] + ")", f[2], scalar);
      }
      String element = f[0].equals("f4") ? Formats.formatFloat((float) v) : Formats.formatDouble(v);
      if (!element.equals(f[3])) {
        fail(failures, "element " + f[0] + " " + f[1], f[3], element);
      }
    }
    assertNoFailures(failures, 2 * lines.size());
    assertThat(lines).hasSizeGreaterThan(20000);
  }

  @Test
  void everyFloat16AsScalarAndElement() {
    List<String> failures = new ArrayList<>();
    List<String[]> lines = NumpyGolden.lines("/golden/float16_all.txt.gz");
    assertThat(lines).hasSize(65536);
    for (int bits = 0; bits < 65536; bits++) {
      double v = NumpyGolden.halfToDouble(bits);
      String scalar = Formats.format(v, FloatFormat.BINARY16);
      String[] f = lines.get(bits);
      if (!scalar.equals(f[0])) {
        fail(failures, "str(float16 " + Integer.toHexString(bits) + ")", f[0], scalar);
      }
      String array = NdFormat.formatFloats(Layout.cOrder(Shape.of(1)), o -> v,
          FloatFormat.BINARY16);
      String element = array.substring(1, array.length() - 1);
      if (!element.equals(f[1])) {
        fail(failures, "element float16 " + Integer.toHexString(bits), f[1], element);
      }
    }
    assertNoFailures(failures, 2 * 65536);
  }

  @Test
  void complexArraysAndScalars() {
    List<String> failures = new ArrayList<>();
    Map<String, Integer> counts = new HashMap<>();
    List<NumpyGolden.Block> blocks = NumpyGolden.blocks("/golden/complex_arrays.txt.gz");
    for (NumpyGolden.Block b : blocks) {
      Layout layout = Layout.cOrder(Shape.of(b.shape));
      String actual;
      try {
        LongToDoubleFunction re = b.values(h -> NumpyGolden.decode(b.code, h.split(",")[0]));
        LongToDoubleFunction im = b.values(h -> NumpyGolden.decode(b.code, h.split(",")[1]));
        actual = NdFormat.formatComplex(layout, re, im, NumpyGolden.format(b.code));
      } catch (RuntimeException | AssertionError e) {
        actual = e.toString();
      }
      if (!actual.equals(b.expected)) {
        fail(failures, b.code + " " + Shape.of(b.shape) + " " + String.join(" ", b.tokens),
            b.expected, actual);
      }
      counts.merge(b.code, 1, Integer::sum);
    }
    assertNoFailures(failures, blocks.size());
    assertThat(counts.get("c8")).isGreaterThan(1000);
    assertThat(counts.get("c16")).isGreaterThan(1000);
  }

  @Test
  void bfloat16ArraysAsMlDtypesPrintsThem() {
    List<String> failures = new ArrayList<>();
    List<NumpyGolden.Block> blocks = NumpyGolden.blocks("/golden/bfloat16_arrays.txt.gz");
    for (NumpyGolden.Block b : blocks) {
      Layout layout = Layout.cOrder(Shape.of(b.shape));
      LongToDoubleFunction values = b.values(h -> NumpyGolden.decode("bf16", h));
      String actual = NdFormat.formatUnaligned(layout,
          o -> Formats.formatGeneral(values.applyAsDouble(o), 6));
      if (!actual.equals(b.expected)) {
        fail(failures, "bf16 " + Shape.of(b.shape) + " " + String.join(" ", b.tokens),
            b.expected, actual);
      }
    }
    assertNoFailures(failures, blocks.size());
    assertThat(blocks).hasSizeGreaterThan(1500);
  }

  @Test
  void generalFormatIsCsPercentG() {
    List<String> failures = new ArrayList<>();
    List<String[]> lines = NumpyGolden.lines("/golden/general_cases.txt.gz");
    for (String[] f : lines) {
      double v = Double.longBitsToDouble(Long.parseUnsignedLong(f[1], 16));
      String actual = Formats.formatGeneral(v, Integer.parseInt(f[0]));
      if (!actual.equals(f[2])) {
        fail(failures, "%." + f[0] + "g of " + v, f[2], actual);
      }
    }
    assertNoFailures(failures, lines.size());
    assertThat(lines).hasSizeGreaterThan(5000);
  }
}
