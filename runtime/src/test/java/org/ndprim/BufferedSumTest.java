package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BufferedSumTest {

  /** NumPy's pairwise_sum, recursively from its definition, as the reference. */
  private static double reference(double[] a, int from, int n) {
    if (n < 8) {
      double r = -0.0;
      for (int i = 0; i < n; i++) {
        r += a[from + i];
      }
      return r;
    }
    if (n <= 128) {
      double[] r = Arrays.copyOfRange(a, from, from + 8);
      int i = 8;
      for (; i + 8 <= n; i += 8) {
        for (int m = 0; m < 8; m++) {
          r[m] += a[from + i + m];
        }
      }
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    }
    int n2 = n / 2;
    n2 -= n2 % 8;
    return reference(a, from, n2) + reference(a, from + n2, n - n2);
  }

  @Test
  void pairwiseIsNumpysSplitForEveryLength() {
    SplittableRandom random = new SplittableRandom(20261201);
    double[] a = random.doubles(3000, -1e6, 1e6).toArray();
    float[] f = new float[a.length];
    for (int i = 0; i < a.length; i++) {
      f[i] = (float) a[i];
    }
    for (int n = 0; n <= 1100; n++) {
      int from = n % 13;
      assertThat(Double.doubleToRawLongBits(BufferedSum.pairwise(a, from, n))).as("n %s", n)
          .isEqualTo(Double.doubleToRawLongBits(reference(a, from, n)));
    }
    // float: the same split in float arithmetic; a sum of -0.0 stays -0.0
    assertThat(Float.floatToRawIntBits(BufferedSum.pairwise(new float[] {-0.0f}, 0, 1)))
        .isEqualTo(Float.floatToRawIntBits(-0.0f));
    float s = BufferedSum.pairwise(f, 0, 9);
    float expected = (((f[0] + f[1]) + (f[2] + f[3])) + ((f[4] + f[5]) + (f[6] + f[7]))) + f[8];
    assertThat(s).isEqualTo(expected);
  }

  @Test
  void fullBuffersAreSummedPairwiseIntoTheTotal() {
    SplittableRandom random = new SplittableRandom(7);
    double[] values = random.doubles(2 * BufferedSum.LENGTH + 5, -1, 1).toArray();
    BufferedSum sum = BufferedSum.ofDoubles(values.length);
    assertThat(sum.length()).isEqualTo(BufferedSum.LENGTH);
    // written in uneven pieces, as segments arrive
    int at = 0;
    while (at < values.length) {
      int take = Math.min(Math.min(777, values.length - at), sum.length() - sum.filled());
      System.arraycopy(values, at, sum.doubles(), sum.filled(), take);
      sum.advance(take);
      at += take;
    }
    double expected = 0.0 + reference(values, 0, BufferedSum.LENGTH)
        + reference(values, BufferedSum.LENGTH, BufferedSum.LENGTH)
        + reference(values, 2 * BufferedSum.LENGTH, 5);
    assertThat(sum.doubleTotal()).isEqualTo(expected);
    assertThat(BufferedSum.ofFloats(0).floatTotal()).isEqualTo(0.0f);
    assertThat(BufferedSum.ofFloats(3).length()).isEqualTo(3);
  }

  @Test
  void advanceBeyondTheBufferIsRefused() {
    BufferedSum sum = BufferedSum.ofDoubles(10);
    sum.advance(4);
    assertThatThrownBy(() -> sum.advance(7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cannot add 7 values to a buffer of 10 holding 4");
    assertThatThrownBy(() -> sum.advance(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThat(sum.filled()).isEqualTo(4);
  }
}
