package org.ndprim;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares one scalar type; the ndprim annotation processor generates the interface
 * {@code <name>NdArray}, its implementations ({@code <name>ArrayNdArray},
 * {@code <name>BufferNdArray}, {@code <name>ChunkedNdArray}) and the functional interfaces the
 * JDK lacks for the logical type, in the package of the annotated class. See
 * docs/ARCHITECTURE.md, "The spec".
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
   * {@return the NumPy dtype descriptor, e.g. {@code "<i2"}; its item size must equal the storage
   * size in bytes}
   */
  String dtype();
}
