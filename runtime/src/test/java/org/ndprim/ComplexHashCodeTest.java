package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * {@code Complex64NdArray.hashCode()} and {@code Complex128NdArray.hashCode()} follow their
 * Javadoc (issue 18, item 18): {@code 31 * shape().hashCode() + h}, {@code h} the
 * {@code Arrays.hashCode} of the elements' hashes in C order, an element's hash
 * {@code 31 * Float.hashCode(re) + Float.hashCode(im)} (Double's for complex128). The formula is
 * computed here from the getters, over Java arrays, big-endian buffers and strided views.
 */
class ComplexHashCodeTest {
  private static final float[] PARTS = {1, -2, 0.0f, -0.0f, Float.NaN, 3.5f, 7, 8, -9, 10,
      Float.POSITIVE_INFINITY, 1e-3f};

  @Test
  void complex64HashCodeIsItsJavadocFormula() {
    Complex64NdArray a = Complex64NdArray.of(Shape.of(2, 3), PARTS);
    ByteBuffer bytes = ByteBuffer.allocateDirect(4 * PARTS.length).order(ByteOrder.BIG_ENDIAN);
    bytes.asFloatBuffer().put(PARTS);
    Complex64NdArray buffered = Complex64NdArray.wrap(Shape.of(2, 3), bytes);
    for (Complex64NdArray x : new Complex64NdArray[] {a, buffered, a.slice("::-1, ::2"),
        a.transpose(), a.get(1), a.get(0, 2)}) {
      int h = 1;
      for (long[] c : coordinates(x.shape())) {
        h = 31 * h + (31 * Float.hashCode(x.getReal(c)) + Float.hashCode(x.getImag(c)));
      }
      assertThat(x.hashCode()).as("%s", x).isEqualTo(31 * x.shape().hashCode() + h);
      assertThat(x.hashCode()).isEqualTo(x.copy().hashCode());
    }
  }

  @Test
  void complex128HashCodeIsItsJavadocFormula() {
    double[] parts = new double[PARTS.length];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = PARTS[i];
    }
    Complex128NdArray a = Complex128NdArray.of(Shape.of(2, 3), parts);
    ByteBuffer bytes = ByteBuffer.allocateDirect(8 * parts.length).order(ByteOrder.BIG_ENDIAN);
    bytes.asDoubleBuffer().put(parts);
    Complex128NdArray buffered = Complex128NdArray.wrap(Shape.of(2, 3), bytes);
    for (Complex128NdArray x : new Complex128NdArray[] {a, buffered, a.slice("::-1, ::2"),
        a.transpose(), a.get(1), a.get(0, 2)}) {
      int h = 1;
      for (long[] c : coordinates(x.shape())) {
        h = 31 * h + (31 * Double.hashCode(x.getReal(c)) + Double.hashCode(x.getImag(c)));
      }
      assertThat(x.hashCode()).as("%s", x).isEqualTo(31 * x.shape().hashCode() + h);
      assertThat(x.hashCode()).isEqualTo(x.copy().hashCode());
    }
  }

  /** Every coordinate of {@code shape}, in C order. */
  private static java.util.List<long[]> coordinates(Shape shape) {
    java.util.List<long[]> out = new java.util.ArrayList<>();
    long[] dims = shape.asArray();
    long[] c = new long[dims.length];
    for (long k = 0; k < shape.size(); k++) {
      out.add(c.clone());
      for (int axis = dims.length - 1; axis >= 0; axis--) {
        if (++c[axis] < dims[axis]) {
          break;
        }
        c[axis] = 0;
      }
    }
    return out;
  }
}
