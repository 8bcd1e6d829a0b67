package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Float16Scalar's conversions against numpy: {@code golden/float16_table.csv}, written by
 * {@code src/test/python/gen_float16_table.py} (the tests never run Python).
 */
class Float16ConversionTest {
  private static final Path TABLE = Path.of("src/test/resources/golden/float16_table.csv");

  private record Row(String kind, int input, int expected) {}

  private static List<Row> rows;

  @BeforeAll
  static void readTable() throws IOException {
    rows = new ArrayList<>();
    for (String line : Files.readAllLines(TABLE, StandardCharsets.UTF_8)) {
      if (line.startsWith("#") || line.startsWith("kind,")) {
        continue;
      }
      String[] f = line.split(",");
      rows.add(new Row(f[0], Integer.parseUnsignedInt(f[1], 16), Integer.parseUnsignedInt(f[2], 16)));
    }
  }

  private static List<Row> rows(String kind) {
    return rows.stream().filter(r -> r.kind().equals(kind)).toList();
  }

  @Test
  void tableCoversTheInterestingCases() {
    assertThat(rows("b2f")).hasSizeGreaterThan(4000);
    assertThat(rows("f2b")).hasSizeGreaterThan(8000)
        .extracting(Row::expected)
        .contains(0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x7BFF, 0x7C00, 0xFC00, 0x7E00);
  }

  @Test
  void widensLikeNumpy() {
    for (Row r : rows("b2f")) {
      float value = Float16Scalar.toLogical((short) r.input());
      int bits = Float.floatToRawIntBits(value);
      String what = String.format("toLogical(0x%04x) = 0x%08x, numpy 0x%08x", r.input(), bits,
          r.expected());
      if (Float.isNaN(Float.intBitsToFloat(r.expected()))) {
        // Payloads of signalling NaNs may be quieted by the JVM; NaN-ness and sign must hold.
        assertThat(Float.isNaN(value)).as(what).isTrue();
        assertThat(bits >>> 31).as(what).isEqualTo(r.expected() >>> 31);
      } else {
        assertThat(bits).as(what).isEqualTo(r.expected());
      }
    }
  }

  @Test
  void narrowsLikeNumpyRoundingHalfToEven() {
    for (Row r : rows("f2b")) {
      short bits = Float16Scalar.toStorage(Float.intBitsToFloat(r.input()));
      assertThat(bits & 0xFFFF)
          .as("toStorage(0x%08x = %s)", r.input(), Float.intBitsToFloat(r.input()))
          .isEqualTo(r.expected());
    }
  }

  @Test
  void everyNonNanHalfRoundTripsExactly() {
    for (int h = 0; h < 0x10000; h++) {
      float value = Float16Scalar.toLogical((short) h);
      short back = Float16Scalar.toStorage(value);
      if (Float.isNaN(value)) {
        assertThat((back & 0x7C00) == 0x7C00 && (back & 0x03FF) != 0).as("NaN 0x%04x", h).isTrue();
      } else {
        assertThat(back & 0xFFFF).as("0x%04x", h).isEqualTo(h);
      }
    }
  }

  @Test
  void printsAsNumpyPrintsFloat16() {
    // str(np.array([0.1, 1/3, -0.0999, 65504], dtype=np.float16)); every pattern is in the text
    // package's golden cases.
    assertThat(Float16NdArray.vector(0.1f, 1f / 3, -0.0999f, 65504f))
        .hasToString("[ 9.998e-02  3.333e-01 -9.991e-02  6.550e+04]");
    assertThat(Float16NdArray.vector(0.1f, 1f / 3, -0.0999f)).hasToString("[ 0.1     0.3333 -0.0999]");
    assertThat(Float16NdArray.scalar(-0.0f)).hasToString("-0.0");
  }

  @Test
  void edgeValues() {
    assertThat(Float16Scalar.toLogical((short) 0x7BFF)).isEqualTo(65504f);
    assertThat(Float16Scalar.toLogical((short) 0x0001)).isEqualTo(0x1p-24f);
    assertThat(Float16Scalar.toLogical((short) 0x0400)).isEqualTo(0x1p-14f);
    assertThat(Float16Scalar.toLogical((short) 0x8000)).isEqualTo(-0.0f);
    assertThat(Float16Scalar.toStorage(65520f)).isEqualTo((short) 0x7C00);
    assertThat(Float16Scalar.toStorage(65519.99f)).isEqualTo((short) 0x7BFF);
    assertThat(Float16Scalar.toStorage(0x1p-25f)).isEqualTo((short) 0x0000);
    assertThat(Float16Scalar.toStorage(Math.nextUp(0x1p-25f))).isEqualTo((short) 0x0001);
    assertThat(Float16Scalar.toStorage(-0.0f)).isEqualTo((short) 0x8000);
    assertThat(Float16Scalar.toStorage(Float.NaN)).isEqualTo((short) 0x7E00);
  }
}
