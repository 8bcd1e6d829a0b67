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

  @Test
  void sumsProductsExtremesMeansAndAccumulationsRefuseComplexArrays() {
    // they read complex arrays through their truth values: sum([2+3j, 4+5j]) was float64 2.0
    // (numpy (6+8j)), max (1+0j) (numpy (4+5j)); a refusal before any work, not a wrong answer
    Complex128NdArray c = Complex128NdArray.of(Shape.of(2), 2, 3, 4, 5);
    Complex64NdArray f = Complex64NdArray.of(Shape.of(1), 0, Float.NaN);
    java.util.List<org.assertj.core.api.ThrowableAssert.ThrowingCallable> calls = java.util.List.of(
        () -> Reduce.sum(c, NdArray.class, false),
        () -> Reduce.prod(c, NdArray.class, false, 0),
        () -> Reduce.extreme(c, NdArray.class, true, false),
        () -> Reduce.mean(c, NdArray.class, false),
        () -> Reduce.var(c, NdArray.class, true, 0, false),
        () -> Reduce.accumulate(c, NdArray.class, false),
        () -> Reduce.accumulate(f, NdArray.class, true, 0),
        () -> Reduce.sum(Complex64NdArray.of(Shape.scalar(), 0, Float.NaN), NdArray.class, false, 0));
    for (org.assertj.core.api.ThrowableAssert.ThrowingCallable call : calls) {
      org.assertj.core.api.Assertions.assertThatThrownBy(call)
          .isInstanceOf(UnsupportedOperationException.class)
          .hasMessageContaining("arrays (complex): reduce the real() and imag() views");
    }
    // NumPy's dtypes of complex sums and means: the type itself
    assertThat(Reduce.sumType(Complex64NdArray.TYPE)).isSameAs(Complex64NdArray.TYPE);
    assertThat(Reduce.meanType(Complex128NdArray.TYPE)).isSameAs(Complex128NdArray.TYPE);
    // counts and any/all still take them
    assertThat(Reduce.countNonzero(c, false).getLong()).isEqualTo(2);
  }
}
