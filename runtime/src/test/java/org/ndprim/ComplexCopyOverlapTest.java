package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * A complex {@code copyFrom} copies real parts, then imaginary parts: a source over the same
 * memory shifted by one part (two wraps of one buffer a float apart) must be read as it was
 * before the copy, as NumPy's {@code np.copyto} reads an overlapping source.
 */
class ComplexCopyOverlapTest {
  private static ByteBuffer slice(ByteBuffer b, int from, int to) {
    return b.duplicate().position(from).limit(to).slice().order(ByteOrder.nativeOrder());
  }

  @Test
  void aSourceShiftedByOnePartIsReadAsItWas() {
    for (boolean direct : new boolean[] {false, true}) {
      for (int shift : new int[] {1, -1, 3}) {
        // complex64: 4 elements over floats [0, 8) and [shift, 8 + shift) of one buffer
        int base = 4;
        ByteBuffer all = (direct ? ByteBuffer.allocateDirect(4 * 16) : ByteBuffer.allocate(4 * 16))
            .order(ByteOrder.nativeOrder());
        for (int i = 0; i < 16; i++) {
          all.putFloat(4 * i, i + 1);
        }
        Complex64NdArray a = Complex64NdArray.TYPE.wrap(Shape.of(4),
            slice(all, 4 * base, 4 * (base + 8)));
        Complex64NdArray b = Complex64NdArray.TYPE.wrap(Shape.of(4),
            slice(all, 4 * (base + shift), 4 * (base + shift + 8)));
        Complex64NdArray expected = b.copy();
        a.copyFrom(b);
        assertThat(a).as("direct %s, shift %d", direct, shift).isEqualTo(expected);
        // complex128, the same a double apart
        ByteBuffer all2 = (direct ? ByteBuffer.allocateDirect(8 * 16)
            : ByteBuffer.allocate(8 * 16)).order(ByteOrder.nativeOrder());
        for (int i = 0; i < 16; i++) {
          all2.putDouble(8 * i, i + 1);
        }
        Complex128NdArray c = Complex128NdArray.TYPE.wrap(Shape.of(4),
            slice(all2, 8 * base, 8 * (base + 8)));
        Complex128NdArray d = Complex128NdArray.TYPE.wrap(Shape.of(4),
            slice(all2, 8 * (base + shift), 8 * (base + shift + 8)));
        Complex128NdArray expected2 = d.copy();
        c.copyFrom(d);
        assertThat(c).as("complex128, direct %s, shift %d", direct, shift).isEqualTo(expected2);
      }
    }
  }

  @Test
  void disjointAndIdenticalCopiesStayExact() {
    Complex128NdArray a = Complex128NdArray.of(Shape.of(3), 1, 2, 3, 4, 5, 6);
    Complex128NdArray b = Complex128NdArray.of(Shape.of(3), 7, 8, 9, 10, 11, 12);
    a.copyFrom(b);
    assertThat(a).isEqualTo(b);
    a.copyFrom(a);
    assertThat(a).isEqualTo(b);
    // a reversed view of itself: NumPy's a[:] = a[::-1]
    Complex128NdArray r = Complex128NdArray.of(Shape.of(3), 1, 2, 3, 4, 5, 6);
    r.copyFrom(r.slice("::-1"));
    assertThat(r).isEqualTo(Complex128NdArray.of(Shape.of(3), 5, 6, 3, 4, 1, 2));
  }
}
