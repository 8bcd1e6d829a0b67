package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

  /** Powers of two, where the interval below is half as wide: numpy picks the upper digits. */
  @Test
  void powersOfTwoAsNumpyPrintsThem() {
    assertThat(Formats.formatFloat((float) Math.scalb(1.0, 87))).isEqualTo("1.5474251e+26");
    assertThat(Formats.formatFloat((float) Math.scalb(1.0, 90))).isEqualTo("1.2379401e+27");
    assertThat(Formats.formatFloat((float) Math.scalb(1.0, -96))).isEqualTo("1.2621775e-29");
    assertThat(Formats.format(Math.scalb(1.0, 87), FloatFormat.BINARY32))
        .isEqualTo("1.5474251e+26");
    assertThat(Formats.format(Math.scalb(1.0, -96), FloatFormat.BINARY32))
        .isEqualTo("1.2621775e-29");
    assertThat(Formats.formatFloat(Float.MIN_VALUE)).isEqualTo("1.e-45");
    assertThat(Formats.formatDouble(Double.MIN_VALUE)).isEqualTo("5.e-324");
  }

  /** {@code str(np.float16(v))}, {@code str(np.float32(v))}, {@code str(np.float64(v))}. */
  @Test
  void scalarsAsNumpyStr() {
    assertThat(Formats.format(1.0, FloatFormat.BINARY64)).isEqualTo("1.0");
    assertThat(Formats.format(-0.0, FloatFormat.BINARY64)).isEqualTo("-0.0");
    assertThat(Formats.format(1e16, FloatFormat.BINARY64)).isEqualTo("1e+16");
    assertThat(Formats.format(9.9e15, FloatFormat.BINARY64)).isEqualTo("9900000000000000.0");
    assertThat(Formats.format(123456789.0, FloatFormat.BINARY64)).isEqualTo("123456789.0");
    assertThat(Formats.format(1e-5, FloatFormat.BINARY64)).isEqualTo("1e-05");
    assertThat(Formats.format(1e-4, FloatFormat.BINARY64)).isEqualTo("0.0001");
    assertThat(Formats.format((float) 1e-4, FloatFormat.BINARY32)).isEqualTo("1e-04");
    assertThat(Formats.format(123456792, FloatFormat.BINARY32)).isEqualTo("1.2345679e+08");
    assertThat(Formats.format(65504, FloatFormat.BINARY32)).isEqualTo("65504.0");
    assertThat(Formats.format(65504, FloatFormat.BINARY16)).isEqualTo("6.55e+04");
    assertThat(Formats.format(999, FloatFormat.BINARY16)).isEqualTo("999.0");
    assertThat(Formats.format(1000, FloatFormat.BINARY16)).isEqualTo("1e+03");
    assertThat(Formats.format(Double.NaN, FloatFormat.BINARY16)).isEqualTo("nan");
    assertThat(Formats.format(Double.NEGATIVE_INFINITY, FloatFormat.BINARY32)).isEqualTo("-inf");
    assertThatThrownBy(() -> Formats.format(0.1, FloatFormat.BINARY32))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("value 0.1 is not a value of binary32");
  }

  /** {@code str(np.complex64(c))} / {@code str(np.complex128(c))}. */
  @Test
  void complexScalarsAsNumpyStr() {
    FloatFormat f8 = FloatFormat.BINARY64;
    assertThat(Formats.formatComplex(1, 2, FloatFormat.BINARY32)).isEqualTo("(1+2j)");
    assertThat(Formats.formatComplex(0, 1, f8)).isEqualTo("1j");
    assertThat(Formats.formatComplex(0, -0.0, f8)).isEqualTo("-0j");
    assertThat(Formats.formatComplex(-0.0, 1, f8)).isEqualTo("(-0+1j)");
    assertThat(Formats.formatComplex(-0.0, -0.0, f8)).isEqualTo("(-0-0j)");
    assertThat(Formats.formatComplex(1.5, 0, f8)).isEqualTo("(1.5+0j)");
    assertThat(Formats.formatComplex(Double.NaN, Double.NaN, f8)).isEqualTo("(nan+nanj)");
    assertThat(Formats.formatComplex(0, Double.NaN, f8)).isEqualTo("nanj");
    assertThat(Formats.formatComplex(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, f8))
        .isEqualTo("(inf-infj)");
    assertThat(Formats.formatComplex(1e20, -1e-20, f8)).isEqualTo("(1e+20-1e-20j)");
  }

  /** C's {@code %g}, as ml_dtypes prints bfloat16 (values below are bfloat16 values). */
  @Test
  void generalFormat() {
    assertThat(Formats.formatGeneral(0.10009765625, 6)).isEqualTo("0.100098");
    assertThat(Formats.formatGeneral(300, 6)).isEqualTo("300");
    assertThat(Formats.formatGeneral(Math.scalb(1.0, 87), 6)).isEqualTo("1.54743e+26");
    assertThat(Formats.formatGeneral(1.0013580322265625e-05, 6)).isEqualTo("1.00136e-05");
    assertThat(Formats.formatGeneral(999424, 6)).isEqualTo("999424");
    assertThat(Formats.formatGeneral(1236992, 6)).isEqualTo("1.23699e+06");
    assertThat(Formats.formatGeneral(0.0001, 6)).isEqualTo("0.0001");
    assertThat(Formats.formatGeneral(2.5, 0)).isEqualTo("2"); // precision 0 is 1, half to even
    assertThat(Formats.formatGeneral(-0.0, 6)).isEqualTo("-0");
    assertThat(Formats.formatGeneral(Double.NaN, 6)).isEqualTo("nan");
    assertThat(Formats.formatGeneral(Double.POSITIVE_INFINITY, 6)).isEqualTo("inf");
    assertThat(Formats.formatGeneral(Double.NEGATIVE_INFINITY, 6)).isEqualTo("-inf");
    assertThatThrownBy(() -> Formats.formatGeneral(1, -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void integralBooleanAndChar() {
    assertThat(Formats.formatUnsignedLong(-1L)).isEqualTo("18446744073709551615");
    assertThat(Formats.formatUnsignedLong(Long.MIN_VALUE)).isEqualTo("9223372036854775808");
    assertThat(Formats.formatUnsignedLong(7)).isEqualTo("7");
    assertThat(Formats.formatLong(-12)).isEqualTo("-12");
    assertThat(Formats.formatLong(Long.MIN_VALUE)).isEqualTo("-9223372036854775808");
    assertThat(Formats.formatBoolean(true)).isEqualTo("True");
    assertThat(Formats.formatBoolean(false)).isEqualTo("False");
    assertThat(Formats.formatChar('A')).isEqualTo("65");
    assertThat(Formats.formatChar('\uffff')).isEqualTo("65535");
  }
}
