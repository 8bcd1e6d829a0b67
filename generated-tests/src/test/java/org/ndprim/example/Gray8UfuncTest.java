package org.ndprim.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.ndprim.BooleanNdArray;
import org.ndprim.NdArray;
import org.ndprim.Shape;
import org.ndprim.UInt8NdArray;
import org.ndprim.Ufunc;

/**
 * A user-declared type's own ufuncs ({@code @NdScalar.Ufunc} in {@link Gray8Scalar}: a saturating
 * {@code add} with no-data propagation, a NaN-like {@code equal}, {@code isnan}) are what every
 * ufunc call of Gray8 arrays computes, on every path of the ufunc driver, and the undeclared
 * ufuncs still compute in the logical {@code int} and store through the spec.
 */
class Gray8UfuncTest {
  private static final Shape FOUR = Shape.of(4);

  private static Gray8NdArray gray(int... values) {
    return Gray8NdArray.of(Shape.of(values.length), values);
  }

  /** A Gray8 array over a heap buffer at an odd offset: the driver buffers it into tiles. */
  private static Gray8NdArray buffered(int... values) {
    ByteBuffer b = ByteBuffer.allocate(values.length + 1).order(ByteOrder.BIG_ENDIAN);
    b.position(1);
    ByteBuffer slice = b.slice();
    for (int v : values) {
      slice.put((byte) v);
    }
    slice.flip();
    return Gray8NdArray.wrap(Shape.of(values.length), slice);
  }

  @Test
  void declaredAddSaturatesAndPropagatesNoDataWhereTheLogicalTypeWouldWrap() {
    Gray8NdArray a = gray(200, 100, 255, 3);
    Gray8NdArray b = gray(100, 100, 7, 4);
    Gray8NdArray sum = a.add(b);
    assertThat(sum.toArray()).containsExactly(254, 200, 255, 7);
    // the same values as uint8, computed in int and stored as NumPy's uint8: 300 -> 44, 262 -> 6
    UInt8NdArray wrapped = UInt8NdArray.of(FOUR, 200, 100, 255, 3)
        .add(UInt8NdArray.of(FOUR, 100, 100, 7, 4));
    assertThat(wrapped.toArray()).containsExactly(44, 200, 6, 7);
    NdArray untyped = Ufunc.ADD.apply(a, b);
    assertThat(untyped.scalarType()).isSameAs(Gray8NdArray.TYPE);
    assertThat(untyped).isEqualTo(sum);
  }

  @Test
  void declaredAddRunsOnEveryPathOfTheDriver() {
    int[] expected = {254, 200, 255, 7};
    // a Python int: weak, so the type stays Gray8 and the declared add is called
    assertThat(gray(250, 100, 255, 3).add(10L).toArray()).containsExactly(254, 110, 255, 13);
    // in place, out=, a reversed view, a broadcast row, buffered storage
    Gray8NdArray a = gray(200, 100, 255, 3);
    assertThat(a.addInPlace(gray(100, 100, 7, 4)).toArray()).containsExactly(expected);
    Gray8NdArray out = Gray8NdArray.zeros(FOUR);
    gray(200, 100, 255, 3).add(gray(100, 100, 7, 4), out);
    assertThat(out.toArray()).containsExactly(expected);
    assertThat(gray(3, 255, 100, 200).slice("::-1").add(gray(100, 100, 7, 4)).toArray())
        .containsExactly(expected);
    Gray8NdArray rows = Gray8NdArray.of(Shape.of(2, 2), 200, 1, 255, 2);
    assertThat(rows.add(gray(100, 250)).toArray()).containsExactly(254, 251, 255, 252);
    assertThat(buffered(200, 100, 255, 3).add(buffered(100, 100, 7, 4)).toArray())
        .containsExactly(expected);
    // where=: only the masked elements are computed, the others keep out's values
    Gray8NdArray masked = gray(9, 9, 9, 9);
    Ufunc.ADD.intoWhere(masked, BooleanNdArray.of(FOUR, true, false, true, false),
        gray(200, 100, 255, 3), gray(100, 100, 7, 4));
    assertThat(masked.toArray()).containsExactly(254, 9, 255, 9);
  }

  @Test
  void declaredComparisonAndPredicateAreCalled() {
    Gray8NdArray a = gray(255, 7, 7, 0);
    Gray8NdArray b = gray(255, 7, 8, 255);
    assertThat(a.equal(b).toArray()).containsExactly(false, true, false, false);
    assertThat(buffered(255, 7, 7, 0).equal(buffered(255, 7, 8, 255)).toArray())
        .containsExactly(false, true, false, false);
    assertThat(a.isnan().toArray()).containsExactly(true, false, false, false);
    // the same comparisons in uint8: 255 == 255
    assertThat(UInt8NdArray.of(FOUR, 255, 7, 7, 0).equal(UInt8NdArray.of(FOUR, 255, 7, 8, 255))
        .toArray()).containsExactly(true, true, false, false);
    assertThat(UInt8NdArray.of(FOUR, 255, 7, 7, 0).isnan().toArray())
        .containsExactly(false, false, false, false);
  }

  @Test
  void undeclaredUfuncsComputeInTheLogicalTypeAndStoreThroughTheSpec() {
    Gray8NdArray a = gray(255, 7, 3, 200);
    Gray8NdArray b = gray(255, 8, 5, 100);
    // not_equal is not declared: the int values compare, so no data equals itself here
    assertThat(a.notEqual(b).toArray()).containsExactly(false, true, true, true);
    assertThat(a.less(b).toArray()).containsExactly(false, true, true, false);
    // subtract and multiply are not declared: int results stored by toStorage, which wraps
    Gray8NdArray difference = a.subtract(b);
    assertThat(difference.scalarType()).isSameAs(Gray8NdArray.TYPE);
    assertThat(difference.toArray()).containsExactly(0, 255, 254, 100);
    assertThat(a.multiply(b).toArray()).containsExactly(1, 56, 15, 32);
    assertThat(a.maximum(b).toArray()).containsExactly(255, 8, 5, 200);
    // a ufunc an integer type does not compute itself: NumPy's float64 true_divide
    assertThat(Ufunc.TRUE_DIVIDE.apply(gray(6), gray(4)).scalarType().name()).isEqualTo("Double");
  }

  @Test
  void withAnotherTypeTheDtypePromotesAndTheDeclaredUfuncIsNotCalled() {
    NdArray mixed = Ufunc.ADD.apply(gray(200, 255), UInt8NdArray.of(Shape.of(2), 100, 7));
    assertThat(mixed.scalarType()).isSameAs(UInt8NdArray.TYPE);
    assertThat(((UInt8NdArray) mixed).toArray()).containsExactly(44, 6);
  }
}
