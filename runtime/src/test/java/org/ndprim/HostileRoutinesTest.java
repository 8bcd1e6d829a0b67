package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * Defects a hostile new-user pass found in this session's routines and ufuncs: each case failed
 * before its fix.
 */
class HostileRoutinesTest {

  @Test
  void trianglesWithADiagonalFarBeyondTheArrayDoNotOverflow() {
    IntNdArray m = NdArrays.arange(IntNdArray.TYPE, 9).reshape(3, 3);
    assertThat(NdArrays.tri(IntNdArray.TYPE, 3, 3, Long.MAX_VALUE).toArray()).containsOnly(1);
    assertThat(NdArrays.tri(IntNdArray.TYPE, 3, 3, Long.MIN_VALUE).toArray()).containsOnly(0);
    assertThat(NdArrays.tril(m, Long.MAX_VALUE).toArray()).containsExactly(m.toArray());
    assertThat(NdArrays.triu(m, Long.MAX_VALUE).toArray()).containsOnly(0);
    assertThat(NdArrays.triu(m, Long.MIN_VALUE).toArray()).containsExactly(m.toArray());
    assertThat(NdArrays.tril(m, Long.MIN_VALUE).toArray()).containsOnly(0);
  }

  @Test
  void clipByIntegersKeepsAnIntegerType() {
    NdArray c = Ufunc.clip(LongNdArray.of(Shape.of(2), Long.MAX_VALUE, 3), 0, Long.MAX_VALUE - 1);
    assertThat(c.scalarType()).isSameAs(LongNdArray.TYPE);
    assertThat(((LongNdArray) c).toArray()).containsExactly(Long.MAX_VALUE - 1, 3);
    NdArray u = Ufunc.clip(UInt8NdArray.of(Shape.of(2), 1, 200), 0, 100);
    assertThat(u.scalarType()).isSameAs(UInt8NdArray.TYPE);
    assertThat(((UInt8NdArray) u).toArray()).containsExactly(1, 100);
  }

  @Test
  void fullRefusesAnIntegerTheTypeCannotHold() {
    assertThatThrownBy(() -> NdArrays.full(UInt8NdArray.TYPE, Shape.of(2), 300L))
        .hasMessage("Python integer 300 out of bounds for uint8");
    assertThatThrownBy(() -> NdArrays.full(UInt64NdArray.TYPE, Shape.of(1), -1L))
        .hasMessage("Python integer -1 out of bounds for uint64");
    assertThat(NdArrays.full(ByteNdArray.TYPE, Shape.of(1), -128L).toArray())
        .containsExactly((byte) -128);
  }

  @Test
  void splittingIntoMorePartsThanTheHeapHoldsIsAClearError() {
    IntNdArray m = NdArrays.arange(IntNdArray.TYPE, 9).reshape(3, 3);
    assertThatThrownBy(() -> NdArrays.arraySplit(m, 1L << 40, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot split into 1099511627776 parts");
    assertThatThrownBy(() -> NdArrays.split(IntNdArray.zeros(Shape.of(0)), Integer.MAX_VALUE, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("cannot split into 2147483647 parts");
    assertThat(NdArrays.arraySplit(m, 5, 0)).hasSize(5);
  }
}
