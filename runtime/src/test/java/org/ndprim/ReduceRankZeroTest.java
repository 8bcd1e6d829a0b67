package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Axis 0 or -1 of a 0-d array: numpy 2.4.6's {@code ufunc.reduce} family takes it
 * ({@code np.sum(np.float64(2), axis=0)} is 2.0, {@code keepdims=True} keeps the shape
 * {@code ()}), while {@code mean}, {@code var} and {@code std} raise
 * "axis 0 is out of bounds for array of dimension 0", as does any other axis.
 */
class ReduceRankZeroTest {
  private static final DoubleNdArray TWO = DoubleNdArray.wrap(Shape.scalar(), new double[] {2});

  @Test
  void theUfuncReductionsTakeAxisZeroOrMinusOneOfAZeroDimensionalArray() {
    for (int axis : new int[] {0, -1}) {
      for (boolean keepdims : new boolean[] {false, true}) {
        DoubleNdArray sum = Reduce.sum(TWO, DoubleNdArray.class, keepdims, axis);
        assertThat(sum.shape()).isEqualTo(Shape.scalar());
        assertThat(sum.getDouble()).isEqualTo(2.0);
        assertThat(Reduce.prod(TWO, DoubleNdArray.class, keepdims, axis).getDouble())
            .isEqualTo(2.0);
        assertThat(Reduce.extreme(TWO, DoubleNdArray.class, true, keepdims, axis).getDouble())
            .isEqualTo(2.0);
        assertThat(Reduce.countNonzero(TWO, keepdims, axis).getLong()).isEqualTo(1);
        assertThat(Reduce.anyAll(TWO, true, keepdims, axis).getBoolean()).isTrue();
      }
    }
  }

  @Test
  void meanVarAndOtherAxesAreRefusedAsNumPyRefusesThem() {
    assertThatThrownBy(() -> Reduce.mean(TWO, DoubleNdArray.class, false, 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
    assertThatThrownBy(() -> Reduce.var(TWO, DoubleNdArray.class, true, 0, false, -1))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis -1 is out of bounds for array of dimension 0");
    assertThatThrownBy(() -> Reduce.sum(TWO, DoubleNdArray.class, false, 1))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 1 is out of bounds for array of dimension 0");
    assertThatThrownBy(() -> Reduce.sum(TWO, DoubleNdArray.class, false, 0, -1))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("axis 0 is out of bounds for array of dimension 0");
  }
}
