package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code test(XPredicate)}: the predicate over every element, in C order, of any view and
 * storage, equals the ufunc comparison that says the same.
 */
class PredicateMaskTest {
  @Test
  void aPredicateMaskEqualsTheComparisonUfuncOverViewsAndStorages() {
    Random random = new Random(7);
    double[] values = new double[6 * 7];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(9) - 4;
    }
    DoubleNdArray onHeap = DoubleNdArray.wrap(Shape.of(6, 7), values);
    ByteBuffer bytes = ByteBuffer.allocateDirect(values.length * 8).order(ByteOrder.BIG_ENDIAN);
    DoubleNdArray inBuffer = DoubleNdArray.wrap(Shape.of(6, 7), bytes);
    inBuffer.copyFrom(onHeap);
    for (DoubleNdArray a : new DoubleNdArray[] {onHeap, inBuffer}) {
      for (DoubleNdArray v : new DoubleNdArray[] {a, a.transpose(), a.slice("::-2, 1::3")}) {
        BooleanNdArray mask = v.test(x -> x > 0.5);
        assertThat(mask.shape()).isEqualTo(v.shape());
        assertThat(mask).isEqualTo(v.greater(0.5));
      }
    }
  }

  @Test
  void thePredicateSeesTheElementsInCOrder() {
    IntNdArray a = IntNdArray.wrap(Shape.of(3, 4), new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
        11}).transpose();
    StringBuilder seen = new StringBuilder();
    BooleanNdArray mask = a.test(x -> {
      seen.append(x).append(' ');
      return x % 2 == 0;
    });
    assertThat(seen.toString()).isEqualTo("0 4 8 1 5 9 2 6 10 3 7 11 ");
    assertThat(mask.countNonzero()).isEqualTo(6);
    assertThat(Ufunc.where(mask, a, 0L)).isEqualTo(IntNdArray.wrap(Shape.of(4, 3),
        new int[] {0, 4, 8, 0, 0, 0, 2, 6, 10, 0, 0, 0}));
  }

  @Test
  void aNullPredicateIsRefused() {
    assertThatThrownBy(() -> FloatNdArray.zeros(Shape.of(2)).test(null))
        .isInstanceOf(NullPointerException.class).hasMessageContaining("p");
  }
}
