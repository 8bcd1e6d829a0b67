package org.ndprim;

/**
 * The operations NumPy defines for complex dtypes beyond {@link NumericOps}: division and the
 * modulus.
 *
 * <p>Every method is NumPy's ufunc of the same name ({@link Ufunc}): operands broadcast, types
 * promote as NumPy 2 (a Java {@code long} or {@code double} argument is a weak Python scalar,
 * NEP 50), a new result is C-order, an {@code out} or in-place form allocates nothing where the
 * operands are Java arrays, and a call that fails writes nothing.
 *
 * @param <A> the array type, e.g. {@code Complex128NdArray}
 */
public interface ComplexOps<A extends NdArray> extends NumericOps<A> {
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
   * {@return NumPy's {@code np.absolute(this)}: the modulus, a new C-order array of this shape of
   * the parts' real type}
   *
   */
  default NdArray absolute() {
    return Ufunc.ABSOLUTE.apply(this);
  }
}
