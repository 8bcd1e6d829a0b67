package org.ndprim;

/**
 * The operations NumPy defines for floating dtypes: true division, the mathematical functions and
 * rounding. float16 and bfloat16 compute in float32 and round, as NumPy's loops do; the
 * transcendental functions are {@link StrictMath}'s (see the list of differences from NumPy).
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code DoubleNdArray}
 */
public interface FloatingOps<A extends NdArray> extends RealOps<A> {
  @Override
  ScalarType<A> scalarType();

  private A self(NdArray result) {
    return scalarType().arrayType().cast(result);
  }

  /**
   * {@return NumPy's {@code np.divide(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A divide(A other) {
    return self(Ufunc.DIVIDE.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.divide(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A divide(A other, A out) {
    return Ufunc.DIVIDE.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this /= other} ({@code np.divide(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A divideInPlace(A other) {
    return Ufunc.DIVIDE.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.divide(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A divide(long value) {
    return self(Ufunc.DIVIDE.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.add(this, value)} with a Python {@code float}: the type stays this
   * array's}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default A add(double value) {
    return self(Ufunc.ADD.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.subtract(this, value)} with a Python {@code float}: the type stays this
   * array's}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default A subtract(double value) {
    return self(Ufunc.SUBTRACT.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.multiply(this, value)} with a Python {@code float}: the type stays this
   * array's}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default A multiply(double value) {
    return self(Ufunc.MULTIPLY.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.divide(this, value)} with a Python {@code float}: the type stays this
   * array's}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default A divide(double value) {
    return self(Ufunc.DIVIDE.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.arctan2(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A arctan2(A other) {
    return self(Ufunc.ARCTAN2.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.arctan2(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A arctan2(A other, A out) {
    return Ufunc.ARCTAN2.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.hypot(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A hypot(A other) {
    return self(Ufunc.HYPOT.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.hypot(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A hypot(A other, A out) {
    return Ufunc.HYPOT.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.sqrt(this)}: a new C-order array of this shape}
   *
   */
  default A sqrt() {
    return self(Ufunc.SQRT.apply(this));
  }

  /**
   * {@return NumPy's {@code np.cbrt(this)}: a new C-order array of this shape}
   *
   */
  default A cbrt() {
    return self(Ufunc.CBRT.apply(this));
  }

  /**
   * {@return NumPy's {@code np.exp(this)}: a new C-order array of this shape}
   *
   */
  default A exp() {
    return self(Ufunc.EXP.apply(this));
  }

  /**
   * {@return NumPy's {@code np.exp2(this)}: a new C-order array of this shape}
   *
   */
  default A exp2() {
    return self(Ufunc.EXP2.apply(this));
  }

  /**
   * {@return NumPy's {@code np.expm1(this)}: a new C-order array of this shape}
   *
   */
  default A expm1() {
    return self(Ufunc.EXPM1.apply(this));
  }

  /**
   * {@return NumPy's {@code np.log(this)}: a new C-order array of this shape}
   *
   */
  default A log() {
    return self(Ufunc.LOG.apply(this));
  }

  /**
   * {@return NumPy's {@code np.log2(this)}: a new C-order array of this shape}
   *
   */
  default A log2() {
    return self(Ufunc.LOG2.apply(this));
  }

  /**
   * {@return NumPy's {@code np.log10(this)}: a new C-order array of this shape}
   *
   */
  default A log10() {
    return self(Ufunc.LOG10.apply(this));
  }

  /**
   * {@return NumPy's {@code np.log1p(this)}: a new C-order array of this shape}
   *
   */
  default A log1p() {
    return self(Ufunc.LOG1P.apply(this));
  }

  /**
   * {@return NumPy's {@code np.sin(this)}: a new C-order array of this shape}
   *
   */
  default A sin() {
    return self(Ufunc.SIN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.cos(this)}: a new C-order array of this shape}
   *
   */
  default A cos() {
    return self(Ufunc.COS.apply(this));
  }

  /**
   * {@return NumPy's {@code np.tan(this)}: a new C-order array of this shape}
   *
   */
  default A tan() {
    return self(Ufunc.TAN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.arcsin(this)}: a new C-order array of this shape}
   *
   */
  default A arcsin() {
    return self(Ufunc.ARCSIN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.arccos(this)}: a new C-order array of this shape}
   *
   */
  default A arccos() {
    return self(Ufunc.ARCCOS.apply(this));
  }

  /**
   * {@return NumPy's {@code np.arctan(this)}: a new C-order array of this shape}
   *
   */
  default A arctan() {
    return self(Ufunc.ARCTAN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.sinh(this)}: a new C-order array of this shape}
   *
   */
  default A sinh() {
    return self(Ufunc.SINH.apply(this));
  }

  /**
   * {@return NumPy's {@code np.cosh(this)}: a new C-order array of this shape}
   *
   */
  default A cosh() {
    return self(Ufunc.COSH.apply(this));
  }

  /**
   * {@return NumPy's {@code np.tanh(this)}: a new C-order array of this shape}
   *
   */
  default A tanh() {
    return self(Ufunc.TANH.apply(this));
  }

  /**
   * {@return NumPy's {@code np.floor(this)}: a new C-order array of this shape}
   *
   */
  default A floor() {
    return self(Ufunc.FLOOR.apply(this));
  }

  /**
   * {@return NumPy's {@code np.ceil(this)}: a new C-order array of this shape}
   *
   */
  default A ceil() {
    return self(Ufunc.CEIL.apply(this));
  }

  /**
   * {@return NumPy's {@code np.rint(this)}: a new C-order array of this shape}
   *
   */
  default A rint() {
    return self(Ufunc.RINT.apply(this));
  }

  /**
   * {@return NumPy's {@code np.trunc(this)}: a new C-order array of this shape}
   *
   */
  default A trunc() {
    return self(Ufunc.TRUNC.apply(this));
  }

  /**
   * {@return NumPy's {@code np.reciprocal(this)}: a new C-order array of this shape}
   *
   */
  default A reciprocal() {
    return self(Ufunc.RECIPROCAL.apply(this));
  }
}
