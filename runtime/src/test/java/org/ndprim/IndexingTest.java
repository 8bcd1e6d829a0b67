package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The edges of {@link Indexing} that the numpy corpus cannot hold. */
class IndexingTest {
  @Test
  void wrapOnAnEmptyAxisWithAnEmptyResultReturnsIt() {
    // NumPy's np.take(np.zeros((2, 0, 0)), [5], axis=1, mode='wrap') never returns (its wrap
    // loop adds the length 0); there is nothing to take, so ndprim returns the empty result
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(2, 0, 0));
    for (Indexing.Mode mode : Indexing.Mode.values()) {
      if (mode != Indexing.Mode.RAISE) {
        assertThat(Indexing.take(a, LongNdArray.vector(5), 1, mode).shape())
            .isEqualTo(Shape.of(2, 1, 0));
      }
    }
    assertThatThrownBy(() -> Indexing.take(a, LongNdArray.vector(5), 1))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 5 is out of bounds for axis 1 with size 0");
  }

  @Test
  void putRefusesAReadOnlyTargetFirstAndWritesNothing() {
    IntNdArray a = IntNdArray.vector(1, 2, 3);
    assertThatThrownBy(() -> Indexing.put(a.readOnly(), DoubleNdArray.vector(9.5),
        IntNdArray.vector(0)))
        .isExactlyInstanceOf(ReadOnlyArrayException.class)
        .hasMessage("put: output array is read-only");
    // NumPy's np.put(a, [0, 7], [5, 6]) writes a[0] = 5, then raises
    assertThatThrownBy(() -> Indexing.put(a, LongNdArray.vector(0, 7), IntNdArray.vector(5, 6)))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 7 is out of bounds for axis 0 with size 3");
    assertThat(a.toArray()).containsExactly(1, 2, 3);
  }

  @Test
  void putIntoARankZeroArrayAndFromOverlappingValues() {
    DoubleNdArray s = DoubleNdArray.scalar(1);
    Indexing.put(s, LongNdArray.vector(-1), DoubleNdArray.vector(4, 5));
    assertThat(s.getDouble()).isEqualTo(4);
    IntNdArray a = IntNdArray.vector(1, 2, 3, 4);
    Indexing.put(a, LongNdArray.vector(1, 2, 3), a.slice(":3")); // as if the values were copied
    assertThat(a.toArray()).containsExactly(1, 1, 2, 3);
  }
}
