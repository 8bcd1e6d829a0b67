package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A minimum or maximum over reduced axes that hold no element is NumPy's error even when the
 * result is empty too (numpy 2.4.6: {@code np.zeros((0, 0)).min(axis=1)}, {@code
 * np.zeros((2, 0, 0)).min(axis=2)} raise); an empty result over non-empty reduced axes is not
 * ({@code np.zeros((0, 3)).min(axis=1)} has shape (0,)). Hostile pass: the axes forms returned
 * an empty array where the typed {@code min(int)} raised.
 */
class ReduceEmptyAxesTest {
  private static final String MINIMUM =
      "zero-size array to reduction operation minimum which has no identity";

  @Test
  void anEmptyReducedAxisHasNoIdentityWhateverTheResultsSize() {
    DoubleNdArray z = DoubleNdArray.zeros(Shape.of(0, 0));
    assertThatThrownBy(() -> z.min(false, 1)).isInstanceOf(IllegalStateException.class)
        .hasMessage(MINIMUM);
    assertThatThrownBy(() -> z.max(true, 0)).isInstanceOf(IllegalStateException.class)
        .hasMessage("zero-size array to reduction operation maximum which has no identity");
    IntNdArray y = IntNdArray.zeros(Shape.of(2, 0, 0));
    assertThatThrownBy(() -> y.min(false, 0, 2)).hasMessage(MINIMUM);
    assertThatThrownBy(() -> y.min(false, 2)).hasMessage(MINIMUM);
    assertThat(DoubleNdArray.zeros(Shape.of(0, 3)).min(false, 1).shape()).isEqualTo(Shape.of(0));
  }
}
