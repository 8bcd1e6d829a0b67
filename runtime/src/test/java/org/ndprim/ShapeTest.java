package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.SplittableRandom;
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

  /** The naive flat index: sum of coords[a] times the product of the later lengths, exactly. */
  private static BigInteger naiveRavel(long[] dims, long[] coords) {
    BigInteger flat = BigInteger.ZERO;
    for (int a = 0; a < dims.length; a++) {
      BigInteger inner = BigInteger.ONE;
      for (int b = a + 1; b < dims.length; b++) {
        inner = inner.multiply(BigInteger.valueOf(dims[b]));
      }
      flat = flat.add(BigInteger.valueOf(coords[a]).multiply(inner));
    }
    return flat;
  }

  @Test
  void ravelIsTheNaiveCOrderIndexSeeded() {
    // numpy: np.ravel_multi_index((1, 1, 1), (2, 3, 4)) == 17
    assertThat(Shape.of(2, 3, 4).ravel(1, 1, 1)).isEqualTo(17);
    assertThat(Shape.of(2, 3, 4).ravel(1, 2, 3)).isEqualTo(23);
    assertThat(Shape.scalar().ravel()).isZero();
    SplittableRandom random = new SplittableRandom(20261203);
    for (int trial = 0; trial < 20_000; trial++) {
      int rank = random.nextInt(7);
      long[] dims = new long[rank];
      long[] coords = new long[rank];
      for (int a = 0; a < rank; a++) {
        // mostly small lengths; now and then one near 2^31, 2^40 or 2^62 (sizes beyond a long)
        int kind = random.nextInt(10);
        dims[a] = kind < 7 ? 1 + random.nextInt(6)
            : kind == 7 ? 1 + random.nextLong(1L << 31)
            : kind == 8 ? 1 + random.nextLong(1L << 40) : 1 + random.nextLong(1L << 62);
        coords[a] = random.nextInt(4) == 0 ? dims[a] - 1 : random.nextLong(dims[a]);
      }
      Shape s = Shape.of(dims);
      BigInteger expected = naiveRavel(dims, coords);
      if (expected.bitLength() < 64) {
        long flat = s.ravel(coords);
        assertThat(flat).as("ravel %s in %s", Shape.tupleString(coords), s)
            .isEqualTo(expected.longValueExact());
        assertThat(s.unravel(flat)).containsExactly(coords);
      } else {
        assertThatThrownBy(() -> s.ravel(coords)).as("ravel %s in %s", Shape.tupleString(coords), s)
            .isExactlyInstanceOf(ArithmeticException.class)
            .hasMessage("the flat index of " + Shape.tupleString(coords) + " in shape " + s
                + " overflows a long");
      }
    }
  }

  @Test
  void ravelAtTheEdgeOfALong() {
    // The largest index of a shape of size Long.MAX_VALUE, and one past a long's end.
    assertThat(Shape.of(Long.MAX_VALUE).ravel(Long.MAX_VALUE - 1)).isEqualTo(Long.MAX_VALUE - 1);
    assertThat(Shape.of(1L << 32, 1L << 31).ravel((1L << 32) - 1, (1L << 31) - 1))
        .isEqualTo(Long.MAX_VALUE);
    assertThatThrownBy(() -> Shape.of(1L << 32, 1L << 32).ravel(1L << 31, 0))
        .isExactlyInstanceOf(ArithmeticException.class)
        .hasMessage("the flat index of (2147483648, 0) in shape (4294967296, 4294967296)"
            + " overflows a long");
  }

  @Test
  void ravelRefusesBadCoordinatesNamingThem() {
    assertThatThrownBy(() -> Shape.of(3, 4).ravel(1, 4))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 4 is out of bounds for axis 1 with size 4");
    assertThatThrownBy(() -> Shape.of(3, 4).ravel(-1, 0))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index -1 is out of bounds for axis 0 with size 3");
    assertThatThrownBy(() -> Shape.of(3, 0).ravel(0, 0))
        .hasMessage("index 0 is out of bounds for axis 1 with size 0");
    assertThatThrownBy(() -> Shape.of(3, 4).ravel(1))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessage("1 coordinates (1,) for shape (3, 4) of rank 2");
    assertThatThrownBy(() -> Shape.scalar().ravel(0))
        .hasMessage("1 coordinates (0,) for shape () of rank 0");
  }
}
