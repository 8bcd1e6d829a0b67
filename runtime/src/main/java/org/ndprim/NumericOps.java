package org.ndprim;

/**
 * The arithmetic NumPy defines for every numeric dtype (integer, floating and complex arrays),
 * written once for every generated array type that has it.
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code DoubleNdArray}
 */
public interface NumericOps<A extends NdArray> extends NdArray {
  @Override
  ScalarType<A> scalarType();

  private A self(NdArray result) {
    return scalarType().arrayType().cast(result);
  }

  /**
   * {@return NumPy's {@code np.add(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A add(A other) {
    return self(Ufunc.ADD.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.add(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A add(A other, A out) {
    return Ufunc.ADD.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this += other} ({@code np.add(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A addInPlace(A other) {
    return Ufunc.ADD.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.add(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A add(long value) {
    return self(Ufunc.ADD.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.subtract(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A subtract(A other) {
    return self(Ufunc.SUBTRACT.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.subtract(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A subtract(A other, A out) {
    return Ufunc.SUBTRACT.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this -= other} ({@code np.subtract(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A subtractInPlace(A other) {
    return Ufunc.SUBTRACT.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.subtract(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A subtract(long value) {
    return self(Ufunc.SUBTRACT.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.multiply(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A multiply(A other) {
    return self(Ufunc.MULTIPLY.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.multiply(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A multiply(A other, A out) {
    return Ufunc.MULTIPLY.into(out, this, other);
  }

  /**
   * Computes NumPy's {@code this *= other} ({@code np.multiply(this, other, out=this)}) in place.
   *
   * @param other the other operand, broadcast to this array's shape
   * @return this array
   * @throws IllegalArgumentException if the shapes do not broadcast to this array's
   * @throws ReadOnlyArrayException if this array is read-only
   */
  default A multiplyInPlace(A other) {
    return Ufunc.MULTIPLY.into(self(this), this, other);
  }

  /**
   * {@return NumPy's {@code np.multiply(this, value)} with a Python {@code int}: the type stays this
   * array's}
   *
   * @param value a Python {@code int}: weak, as NEP 50
   * @throws IllegalArgumentException if {@code value} is out of bounds for an integer type
   */
  default A multiply(long value) {
    return self(Ufunc.MULTIPLY.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.negative(this)}: a new C-order array of this shape}
   *
   */
  default A negative() {
    return self(Ufunc.NEGATIVE.apply(this));
  }

  /**
   * {@return NumPy's {@code np.positive(this)}: a new C-order array of this shape}
   *
   */
  default A positive() {
    return self(Ufunc.POSITIVE.apply(this));
  }

  /**
   * {@return NumPy's {@code np.square(this)}: a new C-order array of this shape}
   *
   */
  default A square() {
    return self(Ufunc.SQUARE.apply(this));
  }

  /**
   * {@return NumPy's {@code np.conjugate(this)}: a new C-order array of this shape}
   *
   */
  default A conjugate() {
    return self(Ufunc.CONJUGATE.apply(this));
  }

  /**
   * {@return NumPy's {@code np.equal(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray equal(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.EQUAL.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.equal(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray equal(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.equal(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray equal(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.not_equal(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray notEqual(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.NOT_EQUAL.apply(this, other));
  }

  /**
   * {@return NumPy's {@code np.not_equal(this, value)} with a Python {@code int} (exact even where
   * the value is out of this type's range)}
   *
   * @param value a Python {@code int}
   */
  default BooleanNdArray notEqual(long value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.NOT_EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.not_equal(this, value)} with a Python {@code float}}
   *
   * @param value a Python {@code float}
   */
  default BooleanNdArray notEqual(double value) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.NOT_EQUAL.apply(this, value));
  }

  /**
   * {@return NumPy's {@code np.isnan(this)}: a new C-order array of this shape}
   *
   */
  default BooleanNdArray isnan() {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.ISNAN.apply(this));
  }

  /**
   * {@return NumPy's {@code np.isinf(this)}: a new C-order array of this shape}
   *
   */
  default BooleanNdArray isinf() {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.ISINF.apply(this));
  }

  /**
   * {@return NumPy's {@code np.isfinite(this)}: a new C-order array of this shape}
   *
   */
  default BooleanNdArray isfinite() {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.ISFINITE.apply(this));
  }
}
