package org.ndprim;

/**
 * The operations NumPy defines for its bool dtype: logical and bitwise operations (the same on
 * booleans) and equality.
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code BooleanNdArray}
 */
public interface LogicalOps<A extends NdArray> extends NdArray {
  @Override
  ScalarType<A> scalarType();

  private A self(NdArray result) {
    return scalarType().arrayType().cast(result);
  }

  /**
   * {@return NumPy's {@code np.logical_and(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A logicalAnd(A other) {
    return self(Ufunc.LOGICAL_AND.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.logical_and(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A logicalAnd(A other, A out) {
    return Ufunc.LOGICAL_AND.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.logical_or(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A logicalOr(A other) {
    return self(Ufunc.LOGICAL_OR.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.logical_or(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A logicalOr(A other, A out) {
    return Ufunc.LOGICAL_OR.into(out, this, other);
  }

  /**
   * {@return NumPy's {@code np.logical_xor(this, other)}: a new C-order array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default A logicalXor(A other) {
    return self(Ufunc.LOGICAL_XOR.apply(this, other));
  }

  /**
   * Computes NumPy's {@code np.logical_xor(this, other, out=out)}; allocates nothing where the three are
   * Java arrays.
   *
   * @param other the other operand, broadcast with this array
   * @param out the output, of the broadcast shape
   * @return {@code out}
   * @throws IllegalArgumentException if the shapes do not broadcast to {@code out}'s
   * @throws ReadOnlyArrayException if {@code out} is read-only
   */
  default A logicalXor(A other, A out) {
    return Ufunc.LOGICAL_XOR.into(out, this, other);
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
   * {@return NumPy's {@code np.logical_not(this)}: a new C-order array of this shape}
   *
   */
  default A logicalNot() {
    return self(Ufunc.LOGICAL_NOT.apply(this));
  }

  /**
   * {@return NumPy's {@code np.invert(this)}: a new C-order array of this shape}
   *
   */
  default A invert() {
    return self(Ufunc.INVERT.apply(this));
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
   * {@return NumPy's {@code np.not_equal(this, other)}: a new boolean array of the broadcast shape}
   *
   * @param other the other operand, broadcast with this array
   * @throws IllegalArgumentException if the shapes do not broadcast (naming them and the axis)
   */
  default BooleanNdArray notEqual(A other) {
    return BooleanNdArray.TYPE.arrayType().cast(Ufunc.NOT_EQUAL.apply(this, other));
  }
}
