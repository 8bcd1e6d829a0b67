package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

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
}
