package org.ndprim;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares one scalar type; the ndprim annotation processor generates {@code <name>NdArray} (the
 * interface) and its implementations over each storage ({@code <name>ArrayNdArray},
 * {@code <name>BufferNdArray}, {@code <name>ChunkedNdArray}) in the package of the annotated
 * class. The annotated class may declare static operations that the generated code calls:
 * conversions between storage and logical values ({@code toLogical}, {@code toStorage}), the
 * casts from NumPy's carriers ({@code fromLong}, {@code fromDouble}), ordering
 * ({@code compare}), equality ({@code equal} with {@code hash}) and text ({@code format}). See
 * docs/ARCHITECTURE.md and the built-in specs ({@code UInt8Scalar}, {@code Float16Scalar}, ...),
 * which are declared exactly as a user would.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface NdScalar {
  /**
   * {@return the type name prefix, a Java identifier starting upper-case: {@code "Float16"} gives
   * {@code Float16NdArray}}
   */
  String name();

  /** {@return the primitive stored in the backing Java array, e.g. {@code short.class}} */
  Class<?> storage();

  /**
   * {@return the primitive the accessors use; {@code void.class} (the default) means the storage
   * type}
   */
  Class<?> logical() default void.class;

  /**
   * {@return the NumPy dtype descriptor, e.g. {@code "<i2"}, as {@code numpy.dtype} accepts it:
   * byte order, a kind ({@code b i u f c V}) and an item size NumPy has for that kind} The item
   * size must equal the storage size in bytes times {@link #slots()}. The kind gives the NumPy
   * semantics: sums of {@code u} kinds are {@code uint64}, {@code c} kinds are complex.
   */
  String dtype();

  /**
   * {@return the storage primitives per scalar: 1, or 2 for a complex type ({@code c} kind)}
   * A complex type's scalars are a real and an imaginary part of the storage type, in that
   * order, as NumPy lays out {@code complex64}; its arrays are accessed by part
   * ({@code getReal}, {@code getImag}, {@code real()}, {@code imag()}).
   */
  int slots() default 1;
}
