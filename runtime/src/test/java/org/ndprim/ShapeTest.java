package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ndprim.layout.Layout;

class ShapeTest {

  @Test
  void numpyTupleText() {
    assertThat(Shape.of(2, 3, 4)).hasToString("(2, 3, 4)");
    assertThat(Shape.of(5)).hasToString("(5,)");
    assertThat(Shape.scalar()).hasToString("()");
    assertThat(Shape.of()).isEqualTo(Shape.scalar());
  }

  @Test
  void rankDimSize() {
    Shape s = Shape.of(2, 3, 4);
    assertThat(s.rank()).isEqualTo(3);
    assertThat(s.dim(0)).isEqualTo(2);
    assertThat(s.dim(-1)).isEqualTo(4);
    assertThat(s.dim(-3)).isEqualTo(2);
    assertThat(s.size()).isEqualTo(24);
    assertThat(Shape.scalar().size()).isEqualTo(1);
    assertThat(Shape.of(3, 0, 5).size()).isZero();
    assertThatThrownBy(() -> s.dim(3)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> s.dim(-4)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void immutable() {
    long[] dims = {2, 3};
    Shape s = Shape.of(dims);
    dims[0] = 7;
    assertThat(s.dim(0)).isEqualTo(2);
    s.asArray()[1] = 9;
    assertThat(s.dim(1)).isEqualTo(3);
  }

  @Test
  void equality() {
    assertThat(Shape.of(2, 3)).isEqualTo(Shape.of(2, 3)).hasSameHashCodeAs(Shape.of(2, 3));
    assertThat(Shape.of(2, 3)).isNotEqualTo(Shape.of(3, 2)).isNotEqualTo(Shape.of(2, 3, 1));
  }

  @Test
  void negativeDimsAreRejected() {
    assertThatThrownBy(() -> Shape.of(2, -1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("axis 1").hasMessageContaining("-1");
  }

  @Test
  void sizeOverflowIsAnArithmeticException() {
    Shape huge = Shape.of(1L << 32, 1L << 32);
    assertThat(huge.rank()).isEqualTo(2);
    assertThatThrownBy(huge::size).isInstanceOf(ArithmeticException.class)
        .hasMessageContaining("(4294967296, 4294967296)");
    assertThatThrownBy(() -> Shape.of(1L << 31, 1L << 31, 2).size())
        .isInstanceOf(ArithmeticException.class);
    assertThat(Shape.of(1L << 31, 1L << 31).size()).isEqualTo(1L << 62);
    assertThat(Shape.of(Long.MAX_VALUE).size()).isEqualTo(Long.MAX_VALUE);
    assertThat(Shape.of(1L << 40, 0, 1L << 40).size()).isZero();
  }

  @Test
  void unravelIsTheInverseOfCOrderCounting() {
    // numpy: np.unravel_index(17, (2, 3, 4)) == (1, 1, 1)
    assertThat(Shape.of(2, 3, 4).unravel(17)).containsExactly(1, 1, 1);
    assertThat(Shape.of(2, 3, 4).unravel(0)).containsExactly(0, 0, 0);
    assertThat(Shape.of(2, 3, 4).unravel(23)).containsExactly(1, 2, 3);
    assertThat(Shape.of(7).unravel(6)).containsExactly(6);
    assertThat(Shape.scalar().unravel(0)).isEmpty();
    // Every index of a few shapes, against the C-order offsets Layout counts.
    for (Shape s : new Shape[] {Shape.of(3, 1, 4), Shape.of(1, 5), Shape.of(2, 2, 2, 2)}) {
      Layout c = Layout.cOrder(s);
      for (long k = 0; k < s.size(); k++) {
        assertThat(c.offsetOf(s.unravel(k))).isEqualTo(k);
      }
    }
    // A size beyond a long still unravels (the index is always in bounds).
    assertThat(Shape.of(1L << 32, 1L << 32).unravel(Long.MAX_VALUE))
        .containsExactly((1L << 31) - 1, (1L << 32) - 1);
  }

  @Test
  void unravelOutOfBoundsNamesIndexAndSizeAsNumpy() {
    // numpy: ValueError: index 12 is out of bounds for array with size 12
    assertThatThrownBy(() -> Shape.of(3, 4).unravel(12))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 12 is out of bounds for array with size 12");
    assertThatThrownBy(() -> Shape.of(3, 4).unravel(-1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -1 is out of bounds for array with size 12");
    assertThatThrownBy(() -> Shape.of(0, 3).unravel(0))
        .hasMessage("index 0 is out of bounds for array with size 0");
    assertThatThrownBy(() -> Shape.scalar().unravel(1))
        .hasMessage("index 1 is out of bounds for array with size 1");
    assertThatThrownBy(() -> Shape.of(1L << 32, 1L << 32).unravel(-1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -1 is out of bounds for array with size beyond a long");
  }
}
