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
 * class. See docs/ARCHITECTURE.md and the built-in specs ({@code UInt8Scalar},
 * {@code Float16Scalar}, ...), which are declared exactly as a user would.
 *
 * <p>The annotated class may declare the static operations below, which the generated code calls.
 * In their signatures {@code s} is the {@link #storage()} primitive and {@code x} the
 * {@link #logical()} one ({@code s} again when {@code logical} is the default). Each must be
 * declared in the annotated class itself, {@code static}, not {@code private}, without type
 * parameters or checked exceptions, with exactly these types ({@code String} is
 * {@code java.lang.String}; the parameter names are free); a method of one of these names with
 * other types is an error, not ignored. A complex type ({@code slots = 2}) declares none.
 * <ul>
 *   <li>{@code static x toLogical(s bits)} and {@code static s toStorage(x value)}: the
 *       conversions between a stored value and the value the accessors take and return. Both are
 *       required when {@code logical} differs from {@code storage}, and ignored with a warning
 *       otherwise.
 *   <li>{@code static x fromLong(long value)}: the value NumPy's {@code astype} makes of an
 *       {@code int64} (and of every integer and boolean source, read as {@code int64}). Default:
 *       Java's narrowing cast to the logical type.
 *   <li>{@code static x fromDouble(double value)}: the value NumPy's {@code astype} makes of a
 *       {@code float64} (and of every floating-point source, read as {@code float64}). Default:
 *       Java's narrowing cast to the logical type.
 *   <li>{@code static int compare(x a, x b)}: NumPy's order of the dtype, negative, zero or
 *       positive as {@link java.util.Comparator#compare}, for {@code min}, {@code max},
 *       {@code argMin} and {@code argMax} (e.g. {@code Long.compareUnsigned} for {@code uint64}).
 *       Default: {@code <} and {@code >} ({@code false} before {@code true}).
 *   <li>{@code static boolean equal(x a, x b)} with {@code static int hash(x value)}: element
 *       equality and its hash, for the arrays' {@code equals} and {@code hashCode}; declare both
 *       or neither. Default: {@code ==} for integral, {@code boolean} and {@code char} types; for
 *       {@code float} and {@code double}, equal bits as {@link Float#equals} (NaN equals NaN,
 *       {@code -0.0} differs from {@code 0.0}); the boxed type's hash ({@code Short.hashCode(v)}, ...).
 *   <li>{@code static String format(x value)}: one element's text, for {@code toString}.
 *       Default: by the dtype's kind, as NumPy prints it.
 * </ul>
 *
 * <p>A type whose storage and logical types are integers and whose dtype is of kind {@code i} or
 * {@code u} computes every ufunc NumPy's integer loops have ({@code add}, {@code less},
 * {@code bitwise_and}, ...) in its logical type, element by element, and stores each result
 * through {@code toStorage}. The spec class may implement any of those ufuncs itself: a static
 * method annotated {@link Ufunc @NdScalar.Ufunc("add")} is called for every element instead (a
 * saturating {@code add} for pixels, a rounding {@code multiply} for fixed point). See
 * {@link Ufunc} for the signatures.
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

  /**
   * Declares that a static method of an {@code @NdScalar} class computes one ufunc for the
   * type's elements, in place of the computation in the logical type; the generated
   * {@code <Name>Loops} calls it once per element. The method takes one logical value per input
   * of the ufunc and returns the logical value of the result ({@code static int add(int x, int y)}
   * for a logical {@code int}), or a {@code boolean} for a comparison ({@code equal},
   * {@code less}, ...), a logical ufunc ({@code logical_and}, ...) and {@code isnan},
   * {@code isinf}, {@code isfinite}. Results of the logical type are stored through
   * {@code toStorage}. The method must be {@code static}, not {@code private}, without type
   * parameters or checked exceptions, in the annotated class itself; its name is free. Each ufunc
   * may be declared once. Only a type whose storage and logical types are integers and whose
   * dtype is of kind {@code i} or {@code u} declares ufuncs (the others compute in a built-in
   * type's loops), and only the ufuncs NumPy computes in an integer type's own loops: not
   * {@code true_divide}, {@code sqrt} or the other floating-point functions. The processor
   * reports every other use as an error.
   *
   * <p>Declared ufuncs apply to every ufunc call of arrays of the type alone ({@code a.add(b)},
   * {@code a.add(1)}, {@code Ufunc.ADD.apply(a, b)}, {@code a.addInPlace(b)}, the {@code out}
   * and {@code where} forms); an operation with another dtype promotes as NumPy does and
   * computes in the promoted type's loops. Reductions ({@code sum}, {@code max}, ...) do not
   * call them.
   */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.METHOD)
  @interface Ufunc {
    /**
     * {@return NumPy's name of the ufunc, as {@code org.ndprim.Ufunc#name()} gives it:
     * {@code "add"}, {@code "floor_divide"}, {@code "less_equal"}, ...}
     */
    String value();
  }
}
