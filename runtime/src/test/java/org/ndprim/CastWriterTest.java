package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CastWriterTest {

  @Test
  void float64TargetsAreFilledInPlace() {
    CastWriter<DoubleNdArray> w = DoubleNdArray.TYPE.castWriter(Shape.of(2, 3));
    double[] block = w.doublesBlock();
    assertThat(block).hasSize(6);
    for (int i = 0; i < 6; i++) {
      block[i] = i + 0.5;
    }
    DoubleNdArray result = w.putDoubles(block, 6).putDoubles(block, 0).result();
    assertThat(result.shape()).isEqualTo(Shape.of(2, 3));
    assertThat(result.toArray()).containsExactly(0.5, 1.5, 2.5, 3.5, 4.5, 5.5);
    // the block is the result's storage: no copy was made
    block[0] = -1;
    assertThat(result.getDouble(0, 0)).isEqualTo(-1);
  }

  @Test
  void theInPlaceBlockIsHandedOverWholeOnly() {
    CastWriter<DoubleNdArray> w = DoubleNdArray.TYPE.castWriter(Shape.of(10));
    double[] block = w.doublesBlock();
    assertThatThrownBy(() -> w.putDoubles(block, 4))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the output block of a cast to Double is handed over whole: got 4 values at"
            + " 0 of 10");
    // a separate block of values is converted and copied as for any target
    CastWriter<DoubleNdArray> v = DoubleNdArray.TYPE.castWriter(Shape.of(3));
    assertThat(v.putDoubles(new double[] {1, 2, 3}, 3).result().toArray())
        .containsExactly(1, 2, 3);
  }

  @Test
  void otherTargetsGetABlockOfTheirOwn() {
    CastWriter<FloatNdArray> w = FloatNdArray.TYPE.castWriter(Shape.of(1000));
    double[] block = w.doublesBlock();
    assertThat(block).hasSize(CastWriter.blockLength(1000));
    for (int i = 0; i < block.length; i++) {
      block[i] = 0.1 * i;
    }
    w.putDoubles(block, block.length);
    assertThatThrownBy(w::result)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a cast to Float of shape (1000,) received 512 of its 1000 values");
    assertThatThrownBy(() -> w.putDoubles(new double[600], 600))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a cast to Float of shape (1000,) received more than 1000 values");
    // an empty float64 cast has no array to fill in place
    assertThat(DoubleNdArray.TYPE.castWriter(Shape.of(0)).doublesBlock()).hasSize(1);
  }
}
