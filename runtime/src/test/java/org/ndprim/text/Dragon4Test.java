package org.ndprim.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Dragon4's fast paths against its reference loops: the 192-bit window against the big-integer
 * window, and the window's digit positions against NumPy's digit-by-digit loop, for random values
 * of several formats and every cutoff NumPy's printing uses (and more); plus the shortest-digit
 * property itself, checked by parsing back.
 */
class Dragon4Test {
  private static final FloatFormat[] FORMATS = {
      FloatFormat.BINARY16, FloatFormat.BINARY32, FloatFormat.BINARY64,
      FloatFormat.of("e5m2", 3, -14, 15), FloatFormat.of("e4m3", 4, -6, 8),
      FloatFormat.of("bfloat16", 8, -126, 127)};

  private static double randomValue(SplittableRandom rng, FloatFormat f) {
    double v;
    switch (rng.nextInt(4)) {
      case 0: // any bit pattern of binary64, rounded to the format
        v = Double.longBitsToDouble(rng.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL);
        break;
      case 1: // a power of two and its neighbours
        v = Math.scalb(1.0, rng.nextInt(f.minExponent() - f.significandBits() + 1,
            f.maxExponent() + 1));
        break;
      case 2: // everyday magnitudes
        v = rng.nextDouble() * Math.pow(10, rng.nextInt(-25, 20));
        break;
      default: // decimals
        v = new BigDecimal(rng.nextInt(1, 1_000_000)).scaleByPowerOfTen(rng.nextInt(-12, 12))
            .doubleValue();
    }
    v = f.round(v);
    if (Double.isInfinite(v)) {
      v = f.maxFinite();
    }
    return v;
  }

  @Test
  void windowsAndLoopsAgree() {
    SplittableRandom rng = new SplittableRandom(20240611);
    int[][] cutoffs = {{-1, -1}, {8, -1}, {8, 0}, {9, 9}, {3, 3}, {0, -1}, {20, 20}, {2, 5}};
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      FloatFormat f = FORMATS[rng.nextInt(FORMATS.length)];
      double v = randomValue(rng, f);
      if (v == 0) {
        continue;
      }
      Dragon4 fast = Dragon4.of(v, f);
      Dragon4 big = Dragon4.of(v, f, true);
      for (int[] c : cutoffs) {
        for (boolean fraction : new boolean[] {true, false}) {
          if (!fraction && c[0] == 0) {
            continue;
          }
          fast.run(fraction, c[0], c[1]);
          String a = fast.digits() + "e" + fast.exponent();
          big.run(fraction, c[0], c[1]);
          String b = big.digits() + "e" + big.exponent();
          big.runDigitByDigit(fraction, c[0], c[1]);
          String d = big.digits() + "e" + big.exponent();
          if (!a.equals(b) || !a.equals(d)) {
            failures.add(f.name() + " " + v + " fraction=" + fraction + " cutoffs=" + c[0] + ","
                + c[1] + ": fast " + a + ", big window " + b + ", digit loop " + d);
          }
        }
      }
    }
    assertThat(failures).isEmpty();
  }

  /** Unique digits parse back to the value and no shorter decimal does (binary32, binary64). */
  @Test
  void uniqueDigitsAreShortestAndRoundTrip() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int i = 0; i < 10_000; i++) {
      boolean single = rng.nextBoolean();
      FloatFormat f = single ? FloatFormat.BINARY32 : FloatFormat.BINARY64;
      double v = randomValue(rng, f);
      if (v == 0) {
        continue;
      }
      Dragon4 g = Dragon4.of(v, f);
      g.run(false, -1, -1);
      String text = g.digits() + "e" + (g.exponent() - g.digits().length() + 1);
      double back = single ? Float.parseFloat(text) : Double.parseDouble(text);
      assertThat(back).as("%s of %s", text, v).isEqualTo(v);
      if (g.digits().length() > 1) {
        // one digit fewer, either neighbour, does not parse back
        BigDecimal shorter = new BigDecimal(g.digits().substring(0, g.digits().length() - 1));
        for (BigDecimal c : new BigDecimal[] {shorter, shorter.add(BigDecimal.ONE)}) {
          String t = c + "e" + (g.exponent() - g.digits().length() + 2);
          double parsed = single ? Float.parseFloat(t) : Double.parseDouble(t);
          assertThat(parsed).as("%s is shorter than %s for %s", t, text, v).isNotEqualTo(v);
        }
      }
    }
  }

  @Test
  void powersOfTwoTakeTheUpperNeighbourWhenOnlyItIsInside() {
    // the interval below 2^87 (float32) is half as wide as above: 1.5474250e+26 is outside
    Dragon4 g = Dragon4.of(Math.scalb(1.0, 87), FloatFormat.BINARY32);
    g.run(false, -1, -1);
    assertThat(g.digits()).isEqualTo("15474251");
    assertThat(g.exponent()).isEqualTo(26);
  }

  @Test
  void valuesOutsideTheFormatAreRejected() {
    assertThatThrownBy(() -> Dragon4.of(0.1, FloatFormat.BINARY32))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("value 0.1 is not a value of binary32");
    assertThatThrownBy(() -> Dragon4.of(1e10, FloatFormat.BINARY16))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(FloatFormat.BINARY16.holds(65504)).isTrue();
    assertThat(FloatFormat.BINARY16.holds(Math.scalb(1.0, -24))).isTrue();
    assertThat(FloatFormat.BINARY16.holds(Math.scalb(1.0, -25))).isFalse();
  }
}
