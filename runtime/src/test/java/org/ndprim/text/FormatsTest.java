package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Formats against NumPy: {@code golden/float_elements.txt} (made by
 * {@code src/test/python/gen_format_cases.py}) holds the element text of
 * {@code str(np.array([v]))} for ~2500 doubles and floats.
 */
class FormatsTest {

  static double parsePython(String repr) {
    switch (repr) {
      case "nan":
        return Double.NaN;
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(repr);
    }
  }

  @Test
  void everyGoldenElementMatchesNumpy() throws IOException {
    List<String> failures = new ArrayList<>();
    int count = 0;
    try (InputStream in = FormatsTest.class.getResourceAsStream("/golden/float_elements.txt")) {
      assertThat(in).isNotNull();
      BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line; (line = reader.readLine()) != null; ) {
        if (line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t", -1);
        double v = parsePython(f[1]);
        String actual = f[0].equals("f8") ? Formats.formatDouble(v) : Formats.formatFloat((float) v);
        if (!actual.equals(f[2])) {
          failures.add(f[0] + " " + f[1] + ": numpy " + f[2] + ", ndprim " + actual);
        }
        count++;
      }
    }
    assertThat(count).isGreaterThan(2000);
    assertThat(failures).isEmpty();
  }

  @Test
  void numpyLikeElementText() {
    assertThat(Formats.formatDouble(1.0)).isEqualTo("1.");
    assertThat(Formats.formatDouble(0.5)).isEqualTo("0.5");
    assertThat(Formats.formatDouble(-0.0)).isEqualTo("-0.");
    assertThat(Formats.formatDouble(0.0)).isEqualTo("0.");
    assertThat(Formats.formatDouble(Double.NaN)).isEqualTo("nan");
    assertThat(Formats.formatDouble(Double.POSITIVE_INFINITY)).isEqualTo("inf");
    assertThat(Formats.formatDouble(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    assertThat(Formats.formatDouble(0.1 + 0.2)).isEqualTo("0.3");
    assertThat(Formats.formatDouble(1.0 / 3)).isEqualTo("0.33333333");
    assertThat(Formats.formatDouble(1e8)).isEqualTo("1.e+08");
    assertThat(Formats.formatDouble(1e-5)).isEqualTo("1.e-05");
    assertThat(Formats.formatDouble(1e100)).isEqualTo("1.e+100");
    assertThat(Formats.formatDouble(0.001953125)).isEqualTo("0.00195312"); // half-even tie
    assertThat(Formats.formatFloat(0.1f)).isEqualTo("0.1");
    assertThat(Formats.formatFloat(1f / 3)).isEqualTo("0.33333334");
    assertThat(Formats.formatFloat(1e-4f)).isEqualTo("0.0001");
    assertThat(Formats.formatFloat(1e6f)).isEqualTo("1.e+06");
    assertThat(Formats.formatFloat(-0f)).isEqualTo("-0.");
    assertThat(Formats.formatFloat(Float.NaN)).isEqualTo("nan");
  }

  @Test
  void integralBooleanAndChar() {
    assertThat(Formats.formatLong(-12)).isEqualTo("-12");
    assertThat(Formats.formatLong(Long.MIN_VALUE)).isEqualTo("-9223372036854775808");
    assertThat(Formats.formatBoolean(true)).isEqualTo("True");
    assertThat(Formats.formatBoolean(false)).isEqualTo("False");
    assertThat(Formats.formatChar('A')).isEqualTo("65");
    assertThat(Formats.formatChar('\uffff')).isEqualTo("65535");
  }
}
