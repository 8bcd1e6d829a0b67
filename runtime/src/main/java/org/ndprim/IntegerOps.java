package org.ndprim;

/**
 * The operations NumPy defines for integer dtypes: bitwise operations and shifts, and true division
 * into float64.
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code IntNdArray}
 */
public interface IntegerOps<A extends NdArray> extends RealOps<A> {
  @Override
  ScalarType<A> scalarType();

  private A self(NdArray result) {
    return scalarType().arrayType().cast(result);
  }

  /**
   * {@return NumPy's {@code np.bitwise_and(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A bitwiseAnd(A other) {
    return self(Ufunc.BITWISE_AND.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.bitwise_and(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A bitwiseAnd(A other, A out) {
    return Ufunc.BITWISE_AND.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this &= other} ({@code np.bitwise_and(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A bitwiseAndInPlace(A other) {
    return Ufunc.BITWISE_AND.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.bitwise_and(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A bitwiseAnd(long value) {
    return self(Ufunc.BITWISE_AND.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.bitwise_or(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A bitwiseOr(A other) {
    return self(Ufunc.BITWISE_OR.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.bitwise_or(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A bitwiseOr(A other, A out) {
    return Ufunc.BITWISE_OR.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this |= other} ({@code np.bitwise_or(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A bitwiseOrInPlace(A other) {
    return Ufunc.BITWISE_OR.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.bitwise_or(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A bitwiseOr(long value) {
    return self(Ufunc.BITWISE_OR.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.bitwise_xor(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A bitwiseXor(A other) {
    return self(Ufunc.BITWISE_XOR.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.bitwise_xor(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A bitwiseXor(A other, A out) {
    return Ufunc.BITWISE_XOR.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this ^= other} ({@code np.bitwise_xor(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A bitwiseXorInPlace(A other) {
    return Ufunc.BITWISE_XOR.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.bitwise_xor(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A bitwiseXor(long value) {
    return self(Ufunc.BITWISE_XOR.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.left_shift(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A leftShift(A other) {
    return self(Ufunc.LEFT_SHIFT.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.left_shift(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A leftShift(A other, A out) {
    return Ufunc.LEFT_SHIFT.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this <<= other} ({@code np.left_shift(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A leftShiftInPlace(A other) {
    return Ufunc.LEFT_SHIFT.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.left_shift(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A leftShift(long value) {
    return self(Ufunc.LEFT_SHIFT.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.right_shift(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A rightShift(A other) {
    return self(Ufunc.RIGHT_SHIFT.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.right_shift(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A rightShift(A other, A out) {
    return Ufunc.RIGHT_SHIFT.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this >>= other} ({@code np.right_shift(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A rightShiftInPlace(A other) {
    return Ufunc.RIGHT_SHIFT.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.right_shift(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A rightShift(long value) {
    return self(Ufunc.RIGHT_SHIFT.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.invert(this)}: a new C-order array of this shape}
   *
   */
  default A invert() {
    return self(Ufunc.INVERT.apply(this));
  }

  /**
   * {@return NumPy's {@code np.divide(this, other)}: true division of integers, in float64}
   *
   * @param other the divisor, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default DoubleNdArray divide(A other) {
    return DoubleNdArray.TYPE.arrayType().cast(Ufunc.DIVIDE.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.add(this, value)} with a Python {@code float}: float64, as NumPy
   * promotes an integer array with a Python float}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default DoubleNdArray add(double value) {
    return DoubleNdArray.TYPE.arrayType().cast(Ufunc.ADD.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.subtract(this, value)} with a Python {@code float}: float64, as NumPy
   * promotes an integer array with a Python float}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default DoubleNdArray subtract(double value) {
    return DoubleNdArray.TYPE.arrayType().cast(Ufunc.SUBTRACT.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.multiply(this, value)} with a Python {@code float}: float64, as NumPy
   * promotes an integer array with a Python float}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default DoubleNdArray multiply(double value) {
    return DoubleNdArray.TYPE.arrayType().cast(Ufunc.MULTIPLY.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.divide(this, value)} with a Python {@code float}: float64, as NumPy
   * promotes an integer array with a Python float}
   *
   * @param value a Python {@code float}: weak, as NEP 50
   */
  default DoubleNdArray divide(double value) {
    return DoubleNdArray.TYPE.arrayType().cast(Ufunc.DIVIDE.apply(this, value));
  }
}
