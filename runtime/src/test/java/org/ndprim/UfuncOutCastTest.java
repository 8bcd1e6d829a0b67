package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * An {@code out} of another dtype than the loop's output, as NumPy's: the result is computed in
 * the loop's type and cast into {@code out}; with {@code where=} the other elements of
 * {@code out} keep their values exactly; inputs broadcast to a larger {@code out}. (Expected
 * values from numpy 2.4.)
 */
class UfuncOutCastTest {
  private static final BooleanNdArray TF = BooleanNdArray.of(Shape.of(2), true, false);

  @Test
  void whereKeepsTheUnmaskedElementsOfAWiderOut() {
    LongNdArray o = LongNdArray.vector(-1, 1000);
    ByteNdArray one = ByteNdArray.of(Shape.of(2), (byte) 1, (byte) 1);
    Ufunc.ADD.intoWhere(o, TF, one, one);
    assertThat(o).isEqualTo(LongNdArray.vector(2, 1000)); // np.add(a, b, out=o, where=m)
    DoubleNdArray d = DoubleNdArray.vector(0.1, 0.1);
    Ufunc.ADD.intoWhere(d, TF, FloatNdArray.vector(1f, 1f), FloatNdArray.vector(1f, 1f));
    assertThat(d.getDouble(1)).isEqualTo(0.1);
    assertThat(d.getDouble(0)).isEqualTo(2.0);
    FloatNdArray f = FloatNdArray.vector(-1, -1, -1);
    UInt8NdArray u = UInt8NdArray.of(Shape.of(3), 1, 2, 3);
    Ufunc.ADD.intoWhere(f, BooleanNdArray.of(Shape.of(3), true, false, true), u, u);
    assertThat(f).isEqualTo(FloatNdArray.vector(2, -1, 6));
    DoubleNdArray n = DoubleNdArray.vector(0.1, 0.1);
    Ufunc.NEGATIVE.intoWhere(n, TF, FloatNdArray.vector(3f, 3f));
    assertThat(n).isEqualTo(DoubleNdArray.vector(-3, 0.1));
  }

  @Test
  void aFloat16ResultIsRoundedToFloat16BeforeAWiderOut() {
    Float16NdArray a = DoubleNdArray.vector(0.1).astype(Float16NdArray.TYPE);
    Float16NdArray b = DoubleNdArray.vector(0.2).astype(Float16NdArray.TYPE);
    FloatNdArray out = FloatNdArray.zeros(Shape.of(1));
    Ufunc.ADD.into(out, a, b);
    assertThat(out.getFloat(0)).isEqualTo(0.2998046875f);
    Float16NdArray three = DoubleNdArray.vector(3).astype(Float16NdArray.TYPE);
    DoubleNdArray root = DoubleNdArray.zeros(Shape.of(1));
    Ufunc.SQRT.into(root, three);
    assertThat(root.getDouble(0)).isEqualTo(1.732421875);
  }

  @Test
  void inputsBroadcastToALargerOut() {
    DoubleNdArray out = DoubleNdArray.zeros(Shape.of(2, 3));
    Ufunc.ADD.into(out, DoubleNdArray.vector(1, 2, 3), 2.0);
    assertThat(out).isEqualTo(DoubleNdArray.wrap(Shape.of(2, 3), new double[] {3, 4, 5, 3, 4,
        5}));
    assertThatThrownBy(() -> Ufunc.ADD.into(DoubleNdArray.zeros(Shape.of(2)),
        DoubleNdArray.vector(1, 2, 3), 2.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("non-broadcastable output operand with shape (2,)");
  }
}
