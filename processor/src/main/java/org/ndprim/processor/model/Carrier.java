package org.ndprim.processor.model;

import com.palantir.javapoet.TypeName;

/**
 * The value a cast ({@code astype}) reads each source element as, and the target converts from:
 * one of four, as NumPy's casting loops read {@code int64}, {@code uint64}, {@code float64} or
 * {@code complex128}. The runtime's {@code CastWriter} takes blocks of each.
 */
public enum Carrier {
  /** {@code long}: booleans (0, 1), signed integers, {@code char}, unsigned up to 32 bits. */
  LONG("Longs", TypeName.LONG, 1),
  /** The bits of a {@code uint64} in a {@code long}. */
  UNSIGNED_LONG("UnsignedLongs", TypeName.LONG, 1),
  /** {@code double}: every floating-point type. */
  DOUBLE("Doubles", TypeName.DOUBLE, 1),
  /** Two {@code double} per element, real then imaginary: the complex types. */
  COMPLEX("Complex", TypeName.DOUBLE, 2);

  private final String suffix;
  private final TypeName type;
  private final int values;

  Carrier(String suffix, TypeName type, int values) {
    this.suffix = suffix;
    this.type = type;
    this.values = values;
  }

  /** Returns the element type of a block of carrier values: {@code long} or {@code double}. */
  public TypeName type() {
    return type;
  }

  /** Returns how many carrier values one element takes: 2 for complex, else 1. */
  public int valuesPerElement() {
    return values;
  }

  /** Returns the {@code CastWriter} method taking a block: {@code putLongs}, {@code putComplex}. */
  public String writerMethod() {
    return "put" + suffix;
  }

  /** Returns the name of the static factory and cast target: {@code fromLongs}, .... */
  public String factory() {
    return "from" + suffix;
  }

  /** Returns NumPy's dtype of the carrier, for Javadoc: {@code int64}, ..., {@code complex128}. */
  public String numpy() {
    switch (this) {
      case LONG:
        return "int64";
      case UNSIGNED_LONG:
        return "uint64";
      case DOUBLE:
        return "float64";
      default:
        return "complex128";
    }
  }
}
