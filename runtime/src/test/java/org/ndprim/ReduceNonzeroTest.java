package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link Reduce#countNonzero} and {@link Reduce#anyAll} take NumPy's {@code bool(x)}. */
class ReduceNonzeroTest {
  @Test
  void aComplexNumberIsNonzeroWhenEitherPartIs() {
    // np.count_nonzero([0j, 1j, 1+0j, nan*1j]) == 3 and np.any([0j, 1j]) is True
    Complex128NdArray a = Complex128NdArray.of(Shape.of(2, 2), 0, 0, 0, 1, 1, 0, 0, Double.NaN);
    assertThat(Reduce.countNonzero(a, false).getLong()).isEqualTo(3);
    assertThat(Reduce.countNonzero(a, false, 0).toArray()).containsExactly(1, 2);
    assertThat(Reduce.countNonzero(a.transpose(), false, 1).toArray()).containsExactly(1, 2);
    assertThat(Reduce.anyAll(a.get(0), false, false).getBoolean()).isTrue();
    assertThat(Reduce.anyAll(a.get(1), true, false).getBoolean()).isTrue();
    Complex64NdArray b = Complex64NdArray.of(Shape.of(2), 0, 2, 0, 0);
    assertThat(Reduce.countNonzero(b, false).getLong()).isEqualTo(1);
    assertThat(Reduce.anyAll(b, true, false).getBoolean()).isFalse();
  }
}
