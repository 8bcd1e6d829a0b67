package org.ndprim.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;

/**
 * A user-declared type whose stored value is not its logical one (Gray8: a {@code byte} read as
 * the {@code int} 0..255 through {@link Gray8Scalar#toLogical}) gets the generated run cast into
 * {@code float32} and {@code float64}, which converts the logical value as the general cast
 * does: its {@code astype} of a contiguous source (the run cast) and of a strided one (the
 * generated {@code castInto}) give the values of {@code fromLongs} of its logical values.
 */
class Gray8RunCastTest {
  @Test
  void runCastsConvertTheLogicalValueAsTheGeneralCast() {
    assertThat(Gray8NdArray.TYPE.loops().castsRuns()).isTrue();
    Random r = new Random(5);
    int h = 9;
    int w = 70;
    int[] values = new int[h * w];
    for (int i = 0; i < values.length; i++) {
      values[i] = i < 4 ? new int[] {0, 127, 128, 255}[i] : r.nextInt(256);
    }
    Gray8NdArray a = Gray8NdArray.of(Shape.of(h, w), values);
    for (String index : new String[] {":, :", "1:, 1:-3", "::-1, ::2"}) {
      Gray8NdArray source = a.slice(index);
      int[] logical = source.toArray();
      long[] carriers = new long[logical.length];
      for (int i = 0; i < logical.length; i++) {
        carriers[i] = logical[i];
      }
      for (ScalarType<?> to : new ScalarType<?>[] {FloatNdArray.TYPE, DoubleNdArray.TYPE}) {
        NdArray want = to.fromLongs(source.shape(), carriers);
        assertThat(source.astype(to)).as("Gray8[%s] -> %s", index, to).isEqualTo(want);
      }
    }
    // the direct run cast itself, from an odd offset: 128..255 are not negative
    float[] f = new float[5];
    Gray8NdArray.TYPE.loops().castRun(new byte[] {1, (byte) 200, (byte) 255, 7}, 1, f, 2, 2);
    assertThat(f).containsExactly(0f, 0f, 200f, 255f, 0f);
  }
}
