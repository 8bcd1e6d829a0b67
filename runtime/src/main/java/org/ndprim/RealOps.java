package org.ndprim;

/**
 * The operations NumPy defines for real (integer and floating) dtypes: ordering, floor division,
 * remainder, power, absolute value, maximum and minimum.
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code DoubleNdArray}
 */
public interface RealOps<A extends NdArray> extends NumericOps<A> {
  @Override
  ScalarType<A> scalarType();

  private A self(NdArray result) {
    return scalarType().arrayType().cast(result);
  }

  /**
   * {@return NumPy's {@code np.floor_divide(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A floorDivide(A other) {
    return self(Ufunc.FLOOR_DIVIDE.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.floor_divide(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A floorDivide(A other, A out) {
    return Ufunc.FLOOR_DIVIDE.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this //= other} ({@code np.floor_divide(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A floorDivideInPlace(A other) {
    return Ufunc.FLOOR_DIVIDE.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.floor_divide(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A floorDivide(long value) {
    return self(Ufunc.FLOOR_DIVIDE.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.remainder(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A remainder(A other) {
    return self(Ufunc.REMAINDER.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.remainder(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A remainder(A other, A out) {
    return Ufunc.REMAINDER.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this %= other} ({@code np.remainder(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A remainderInPlace(A other) {
    return Ufunc.REMAINDER.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.remainder(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A remainder(long value) {
    return self(Ufunc.REMAINDER.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.power(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A power(A other) {
    return self(Ufunc.POWER.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.power(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A power(A other, A out) {
    return Ufunc.POWER.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this **= other} ({@code np.power(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A powerInPlace(A other) {
    return Ufunc.POWER.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.power(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A power(long value) {
    return self(Ufunc.POWER.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.maximum(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A maximum(A other) {
    return self(Ufunc.MAXIMUM.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.maximum(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A maximum(A other, A out) {
    return Ufunc.MAXIMUM.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.maximum(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A maximum(long value) {
    return self(Ufunc.MAXIMUM.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.minimum(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A minimum(A other) {
    return self(Ufunc.MINIMUM.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.minimum(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A minimum(A other, A out) {
    return Ufunc.MINIMUM.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.minimum(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A minimum(long value) {
    return self(Ufunc.MINIMUM.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.fmax(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A fmax(A other) {
    return self(Ufunc.FMAX.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.fmax(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A fmax(A other, A out) {
    return Ufunc.FMAX.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.fmax(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A fmax(long value) {
    return self(Ufunc.FMAX.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.fmin(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A fmin(A other) {
    return self(Ufunc.FMIN.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.fmin(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A fmin(A other, A out) {
    return Ufunc.FMIN.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.fmin(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A fmin(long value) {
    return self(Ufunc.FMIN.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.absolute(this)}: a new C-order array of this shape}
   *
   */
  default A absolute() {
    return self(Ufunc.ABSOLUTE.apply(this));
  }

  /**
   * {@return NumPy's {@code np.sign(this)}: a new C-order array of this shape}
   *
   */
  default A sign() {
    return self(Ufunc.SIGN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.less(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray less(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.less(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray less(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.less(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray less(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.less_equal(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray lessEqual(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS_EQUAL.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.less_equal(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray lessEqual(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS_EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.less_equal(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray lessEqual(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.LESS_EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.greater(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray greater(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.greater(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray greater(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.greater(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray greater(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.greater_equal(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray greaterEqual(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER_EQUAL.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.greater_equal(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray greaterEqual(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER_EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.greater_equal(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray greaterEqual(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.GREATER_EQUAL.apply(this, value));
  }
}
