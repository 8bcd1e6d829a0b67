package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link Ufunc} and the typed API around the kernels: broadcasting, weak scalars,
 * {@code out} checks before any write, NumPy's overlap rule, {@code where=}, float16 through
 * float32, buffer storage, and the allocation-free {@code out} form. Values against NumPy are
 * the golden tests' job.
 */
class UfuncApiTest {

  private static DoubleNdArray range(long... shape) {
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(shape));
    double[] v = new double[(int) a.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = i + 1;
    }
    return DoubleNdArray.wrap(Shape.of(shape), v);
  }

  @Test
  void broadcastsAndPromotesAsNumpy() {
    DoubleNdArray a = range(2, 3);
    IntNdArray col = IntNdArray.of(Shape.of(2, 1), 10, 20);
    NdArray sum = Ufunc.ADD.apply(a, col);
    assertThat(sum.scalarType()).isSameAs(DoubleNdArray.TYPE);
    assertThat(sum.shape()).isEqualTo(Shape.of(2, 3));
    assertThat(((DoubleNdArray) sum).toArray()).containsExactly(11, 12, 13, 24, 25, 26);
    assertThat(Ufunc.ADD.resultType(UInt8NdArray.TYPE, ByteNdArray.TYPE))
        .isSameAs(ShortNdArray.TYPE);
    assertThat(Ufunc.SQRT.resultType(ByteNdArray.TYPE)).isSameAs(Float16NdArray.TYPE);
    assertThat(Ufunc.DIVIDE.resultType(IntNdArray.TYPE, IntNdArray.TYPE))
        .isSameAs(DoubleNdArray.TYPE);
    assertThat(Ufunc.EQUAL.resultType(FloatNdArray.TYPE, FloatNdArray.TYPE))
        .isSameAs(BooleanNdArray.TYPE);
  }

  @Test
  void javaScalarsAreWeakAsNep50() {
    UInt8NdArray u = UInt8NdArray.of(Shape.of(3), 250, 251, 252);
    assertThat(u.add(10L).toArray()).containsExactly(4, 5, 6);
    assertThat(Ufunc.MULTIPLY.apply(ByteNdArray.of(Shape.of(1), (byte) 3), 1.5).scalarType())
        .isSameAs(DoubleNdArray.TYPE);
    assertThat(Ufunc.ADD.apply(BooleanNdArray.of(Shape.of(1), true), 1L).scalarType())
        .isSameAs(LongNdArray.TYPE);
    assertThatThrownBy(() -> u.add(300L)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Python integer 300 out of bounds for uint8");
    // comparisons with a value out of range are exact, as NumPy 2's
    assertThat(u.less(300L).toArray()).containsExactly(true, true, true);
    assertThat(Ufunc.GREATER.apply(300L, u)).isEqualTo(BooleanNdArray.full(Shape.of(3), true));
    assertThat(u.equal(-1L).toArray()).containsExactly(false, false, false);
    assertThat(u.greaterEqual(-1L).toArray()).containsExactly(true, true, true);
  }

  @Test
  void typeErrorsUseNumpysMessages() {
    BooleanNdArray b = BooleanNdArray.of(Shape.of(2), true, false);
    assertThatThrownBy(() -> Ufunc.SUBTRACT.apply(b, b))
        .hasMessageStartingWith("numpy boolean subtract, the `-` operator, is not supported");
    assertThatThrownBy(() -> Ufunc.BITWISE_AND.apply(range(2), range(2)))
        .hasMessage("ufunc 'bitwise_and' not supported for the input types (float64, float64),"
            + " and the inputs could not be safely coerced to any supported types according to"
            + " the casting rule ''safe''");
    assertThatThrownBy(() -> Ufunc.ADD.apply(range(6, 5), range(4)))
        .hasMessage("operands could not be broadcast together with shapes (6, 5) (4,): axis -1"
            + " has lengths 5 and 4");
    assertThatThrownBy(() -> IntNdArray.of(Shape.of(2), 2, 3).power(-1L))
        .isInstanceOf(ArithmeticException.class)
        .hasMessage("Integers to negative integer powers are not allowed.");
  }

  @Test
  void badOutputsAreRefusedBeforeAnyWrite() {
    DoubleNdArray a = range(2, 3);
    IntNdArray ints = IntNdArray.zeros(Shape.of(2, 3));
    assertThatThrownBy(() -> Ufunc.ADD.into(ints, a, a))
        .hasMessage("Cannot cast ufunc 'add' output from dtype('float64') to dtype('int32') with"
            + " casting rule 'same_kind'");
    assertThat(ints.toArray()).containsOnly(0);
    DoubleNdArray small = DoubleNdArray.zeros(Shape.of(3));
    assertThatThrownBy(() -> Ufunc.ADD.into(small, a, a))
        .hasMessage("non-broadcastable output operand with shape (3,) doesn't match the"
            + " broadcast shape (2, 3)");
    assertThat(small.toArray()).containsOnly(0);
    DoubleNdArray readOnly = DoubleNdArray.zeros(Shape.of(2, 3)).readOnly();
    assertThatThrownBy(() -> Ufunc.ADD.into(readOnly, a, a))
        .isInstanceOf(ReadOnlyArrayException.class);
    DoubleNdArray stretched = DoubleNdArray.zeros(Shape.of(3)).asStrided(
        org.ndprim.layout.Layout.of(0, new long[] {2, 3}, new long[] {0, 1}));
    assertThatThrownBy(() -> Ufunc.ADD.into(stretched, a, a))
        .hasMessageContaining("stride 0 along axis 0");
    // an out of another kind of the same family is fine: float64 into float32 is 'same_kind'
    FloatNdArray f = FloatNdArray.zeros(Shape.of(2, 3));
    Ufunc.ADD.into(f, a, a);
    assertThat(f.toArray()).containsExactly(2, 4, 6, 8, 10, 12);
  }

  @Test
  void anOutputOverlappingAnInputReadsItAsIfCopied() {
    DoubleNdArray m = range(6);
    Ufunc.ADD.into(m.slice("1:"), m.slice(":-1"), m.slice("1:"));
    assertThat(m.toArray()).containsExactly(1, 3, 5, 7, 9, 11); // NumPy: m[1:] = m[:-1] + m[1:]
    DoubleNdArray r = range(5);
    Ufunc.ADD.into(r, r.slice("::-1"), r);
    assertThat(r.toArray()).containsExactly(6, 6, 6, 6, 6);
    DoubleNdArray same = range(4);
    same.addInPlace(same); // the identical view is read in place
    assertThat(same.toArray()).containsExactly(2, 4, 6, 8);
  }

  @Test
  void whereComputesOnlyTheMaskedElements() {
    DoubleNdArray a = range(2, 3);
    DoubleNdArray out = DoubleNdArray.full(Shape.of(2, 3), -1);
    BooleanNdArray mask = BooleanNdArray.of(Shape.of(3), true, false, true);
    Ufunc.MULTIPLY.intoWhere(out, mask, a, a);
    assertThat(out.toArray()).containsExactly(1, -1, 9, 16, -1, 36);
    assertThat(((DoubleNdArray) Ufunc.where(a.greater(3.0), a, 0.0)).toArray())
        .containsExactly(0, 0, 0, 4, 5, 6);
    assertThat(Ufunc.where(mask, IntNdArray.of(Shape.of(3), 1, 2, 3), 0.5).scalarType())
        .isSameAs(DoubleNdArray.TYPE);
  }

  @Test
  void float16ComputesInFloat32AndRounds() {
    Float16NdArray h = Float16NdArray.of(Shape.of(3), 1, 2, 3);
    Float16NdArray third = h.divide(3.0);
    assertThat(third.scalarType()).isSameAs(Float16NdArray.TYPE);
    // np.float16(1) / 3 is 0.3333 (0x3555), 2 / 3 is 0.6665 (0x3955)
    assertThat(third.toStorageArray()).containsExactly((short) 0x3555, (short) 0x3955,
        (short) 0x3c00);
    BFloat16NdArray bf = BFloat16NdArray.of(Shape.of(2), 1, 4);
    assertThat(bf.sqrt().toArray()).containsExactly(1f, 2f);
  }

  @Test
  void buffersAndOtherByteOrdersGoThroughTiles() {
    int n = 10_000; // more than one tile
    java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocateDirect(8 * n + 8)
        .order(java.nio.ByteOrder.BIG_ENDIAN);
    bytes.position(8);
    DoubleNdArray big = DoubleNdArray.wrap(Shape.of(n), bytes.slice()
        .order(java.nio.ByteOrder.BIG_ENDIAN));
    DoubleNdArray a = range(n);
    big.copyFrom(a);
    DoubleNdArray sum = big.add(a);
    for (int i = 0; i < n; i += 997) {
      assertThat(sum.getDouble(i)).isEqualTo(2.0 * (i + 1));
    }
    big.multiplyInPlace(a.slice("::-1"));
    for (int i = 0; i < n; i += 997) {
      assertThat(big.getDouble(i)).isEqualTo((i + 1.0) * (n - i));
    }
    UInt8NdArray img = UInt8NdArray.of(Shape.of(2, 2, 3), 0, 50, 100, 150, 200, 250,
        10, 20, 30, 40, 50, 60);
    FloatNdArray mean = FloatNdArray.of(Shape.of(3), 10, 20, 30);
    NdArray centred = Ufunc.SUBTRACT.apply(img, mean);
    assertThat(centred.scalarType()).isSameAs(FloatNdArray.TYPE);
    assertThat(((FloatNdArray) centred).toArray())
        .containsExactly(-10, 30, 70, 140, 180, 220, 0, 0, 0, 30, 30, 30);
  }

  @Test
  void arithmeticOfTwoNansGivesTheNanOfEitherOperand() {
    // Java does not say which NaN operand an addition returns, and C2 may swap the operands of
    // a commutative operation between compilations: the sign and payload of the result may then
    // change from call to call (hostile pass), where NumPy's compiled loop keeps one
    long p = 0x7ff8000000000001L;
    long q = 0xfff8000000000002L;
    DoubleNdArray a = DoubleNdArray.zeros(Shape.of(64));
    DoubleNdArray b = DoubleNdArray.zeros(Shape.of(64));
    a.fill(Double.longBitsToDouble(p));
    b.fill(Double.longBitsToDouble(q));
    DoubleNdArray c = DoubleNdArray.zeros(Shape.of(64));
    for (int i = 0; i < 20_000; i++) {
      Ufunc.ADD.into(c, a, b);
      long bits = Double.doubleToRawLongBits(c.getDouble(i % 64));
      assertThat(bits == p || bits == q).as("call %s: %s", i, Long.toHexString(bits)).isTrue();
    }
  }

  @Test
  void anArrayAndAScalarRunAsOneLoopAllocatingOnlyTheScalar() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    DoubleNdArray a = range(1000);
    DoubleNdArray c = DoubleNdArray.zeros(Shape.of(1000));
    BooleanNdArray m = BooleanNdArray.zeros(Shape.of(1000));
    for (int i = 0; i < 20_000; i++) {
      Ufunc.ADD.into(c, a, 2.5);
      Ufunc.LESS.into(m, a, 500.0);
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 10_000; i++) {
      Ufunc.ADD.into(c, a, 2.5);
      Ufunc.LESS.into(m, a, 500.0);
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    // the weak scalar's 0-d array (a few small objects, about 660 B) per call, not the general
    // driver's plan and iterator (about 2.8 KB more)
    assertThat(allocated).isLessThan(2 * 10_000 * 1024L);
    assertThat(c.getDouble(999)).isEqualTo(1002.5);
    assertThat(m.getBoolean(498)).isTrue();
    assertThat(m.getBoolean(499)).isFalse();
    // a scalar first, an int scalar, and a 0-d array that is part of the output (read first)
    assertThat(((DoubleNdArray) Ufunc.SUBTRACT.apply(10.0, a)).getDouble(3)).isEqualTo(6.0);
    assertThat(((DoubleNdArray) Ufunc.MULTIPLY.apply(a, 3L)).getDouble(3)).isEqualTo(12.0);
    DoubleNdArray x = range(5);
    Ufunc.ADD.into(x, x, x.slice("4"));
    assertThat(x.toArray()).containsExactly(6, 7, 8, 9, 10);
  }

  @Test
  void theOutFormOfContiguousArraysAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    DoubleNdArray a = range(1000);
    DoubleNdArray b = range(1000);
    DoubleNdArray c = DoubleNdArray.zeros(Shape.of(1000));
    for (int i = 0; i < 20_000; i++) { // warm up, so allocations the JIT removes are gone
      a.add(b, c);
    }
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < 100_000; i++) {
      a.add(b, c);
    }
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    // less than a byte per call: a few kilobytes once (JDK 25's bean and JIT allow for some),
    // where a single object per call would be 1.6 MB or more
    assertThat(allocated).isLessThan(100_000);
    assertThat(c.getDouble(999)).isEqualTo(2000);
  }
}
