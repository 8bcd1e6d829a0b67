package org.ndprim.ufunc;

import java.util.List;
import org.ndprim.BooleanNdArray;
import org.ndprim.ByteNdArray;
import org.ndprim.Complex128NdArray;
import org.ndprim.Complex64NdArray;
import org.ndprim.DoubleNdArray;
import org.ndprim.Float16NdArray;
import org.ndprim.FloatNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.LongNdArray;
import org.ndprim.ScalarType;
import org.ndprim.ShortNdArray;
import org.ndprim.UInt16NdArray;
import org.ndprim.UInt32NdArray;
import org.ndprim.UInt64NdArray;
import org.ndprim.UInt8NdArray;

/**
 * The dtype an operation on mixed operands computes in: NumPy 2's type promotion
 * ({@code np.result_type}, {@code np.promote_types}) with NEP 50's rule for Python scalars.
 *
 * <p>The rule is computed from each type's facts ({@link ScalarType#kind()} and
 * {@link ScalarType#itemSize()}), as NumPy derives its promotion table from its cast tables, not
 * from a hand-written matrix: booleans promote to anything; within one kind the larger size wins;
 * a signed and an unsigned integer meet in a signed integer large enough for both (or
 * {@code float64} beyond 64 bits); an integer meets a floating or complex type in the smallest one
 * that holds the integer's size ({@code int8}/{@code uint8} in {@code float16}, 16-bit integers in
 * {@code float32}, wider ones in {@code float64}); a floating type meets a complex one in the
 * complex type whose parts are at least as wide. The result is one of the built-in types
 * ({@code UInt16} for {@code <u2}, not {@code Char}, unless both operands are {@code Char}).
 *
 * <p>A Java {@code int}, {@code long} or {@code double} argument is a <em>weak</em> scalar, as a
 * Python scalar is under NEP 50 ({@link #weak}): it takes the array's dtype when the array's kind
 * can hold its kind ({@code uint8} array {@code + 1} stays {@code uint8}, a {@code float16} array
 * {@code * 1.5} stays {@code float16}), and otherwise the default type of its kind ({@code int8}
 * {@code * 1.5} is {@code float64}, a boolean {@code + 1} is {@code int64}). An integer value the
 * array's integer dtype cannot hold is refused ({@link #checkWeakInteger}), as NumPy refuses
 * {@code uint8 + 300}.
 *
 * <p>A type NumPy does not know (kind {@code 'V'}, such as {@code BFloat16} or a user-declared
 * type) promotes only with itself; differs from NumPy with ml_dtypes, which promotes
 * {@code bfloat16} with the built-in types. Stateless and thread-safe.
 */
public final class Promotion {
  /** The kind of a weak (Python-like) scalar argument, NEP 50. */
  public enum Weak {
    /** A Java {@code int} or {@code long}, as a Python {@code int}. */
    INT,
    /** A Java {@code float} or {@code double}, as a Python {@code float}. */
    FLOAT,
    /** A complex value, as a Python {@code complex}. */
    COMPLEX
  }

  private Promotion() {}

  /** The built-in numeric types in lookup order ({@code UInt16} before any other {@code <u2}). */
  private static final class BuiltIns {
    static final List<ScalarType<?>> NUMERIC = List.of(BooleanNdArray.TYPE, ByteNdArray.TYPE,
        ShortNdArray.TYPE, IntNdArray.TYPE, LongNdArray.TYPE, UInt8NdArray.TYPE,
        UInt16NdArray.TYPE, UInt32NdArray.TYPE, UInt64NdArray.TYPE, Float16NdArray.TYPE,
        FloatNdArray.TYPE, DoubleNdArray.TYPE, Complex64NdArray.TYPE, Complex128NdArray.TYPE);
  }

  /**
   * {@return the type two operands promote to, as NumPy's {@code np.result_type(a, b)}}
   *
   * @param a the first operand's type
   * @param b the second operand's type
   * @throws IllegalArgumentException if the types differ and one has kind {@code 'V'} (no rule
   *     promotes a type NumPy does not know), naming both
   */
  public static ScalarType<?> resultType(ScalarType<?> a, ScalarType<?> b) {
    if (a == b) {
      return a;
    }
    if (a.kind() == 'V' || b.kind() == 'V') {
      throw new IllegalArgumentException("no common dtype for " + a.name() + " (" + a.dtype()
          + ") and " + b.name() + " (" + b.dtype() + "): a type NumPy does not know promotes"
          + " only with itself; convert one operand first");
    }
    char ka = a.kind();
    char kb = b.kind();
    if (rank(ka) < rank(kb) || (rank(ka) == rank(kb) && ka == 'u' && kb == 'i')) {
      return resultType(b, a); // a now has the higher kind; for two integers, a is signed
    }
    int sa = a.itemSize();
    int sb = b.itemSize();
    switch (kb) {
      case 'b':
        return builtIn(ka, sa);
      case 'i':
      case 'u':
        if (ka == kb) {
          return builtIn(ka, Math.max(sa, sb));
        }
        if (ka == 'i' && kb == 'u') {
          return sb < sa ? builtIn('i', sa) : sb < 8 ? builtIn('i', 2 * sb) : builtIn('f', 8);
        }
        // a is floating or complex: the smallest float that holds b, at least as wide as a's
        int fs = floatSizeFor(sb);
        return ka == 'f' ? builtIn('f', Math.max(sa, fs)) : builtIn('c', Math.max(sa, 2 * fs));
      case 'f':
        return ka == 'f' ? builtIn('f', Math.max(sa, sb))
            : builtIn('c', Math.max(sa, Math.max(8, 2 * sb)));
      default: // both complex
        return builtIn('c', Math.max(sa, sb));
    }
  }

  /**
   * {@return the type of an operation between an array of type {@code t} and a weak scalar of
   * kind {@code weak}, as NumPy 2's {@code np.result_type(array, python_scalar)}}
   *
   * @param t the array's type
   * @param weak the scalar's kind
   * @throws IllegalArgumentException for a type of kind {@code 'V'} whose logical type is not a
   *     Java {@code float} or {@code double} (only such types take an integer or floating scalar,
   *     as ml_dtypes' {@code bfloat16} does), or for a complex scalar with a kind-{@code 'V'} type
   */
  public static ScalarType<?> weak(ScalarType<?> t, Weak weak) {
    char k = t.kind();
    if (k == 'V') {
      Class<?> logical = t.logicalType();
      if (weak != Weak.COMPLEX && (logical == float.class || logical == double.class)) {
        return t;
      }
      throw new IllegalArgumentException("no common dtype for " + t.name() + " (" + t.dtype()
          + ") and a Python " + weak.name().toLowerCase(java.util.Locale.ROOT) + " scalar");
    }
    switch (weak) {
      case INT:
        return k == 'b' ? builtIn('i', 8) : t;
      case FLOAT:
        return k == 'f' || k == 'c' ? t : builtIn('f', 8);
      default:
        return k == 'c' ? t : k == 'f' ? builtIn('c', Math.max(8, 2 * t.itemSize()))
            : builtIn('c', 16);
    }
  }

  /**
   * Checks that an integer scalar fits an integer array's dtype, as NumPy 2 checks a Python
   * {@code int} against the array it meets (NEP 50); types of other kinds take any value.
   *
   * @param t the array's type
   * @param value the scalar
   * @throws IllegalArgumentException with NumPy's text, e.g. "Python integer 300 out of bounds for
   *     uint8", if {@code t} is an integer type that cannot hold {@code value}
   */
  public static void checkWeakInteger(ScalarType<?> t, long value) {
    char k = t.kind();
    if (k != 'i' && k != 'u') {
      return;
    }
    int bits = 8 * t.itemSize();
    boolean fits = k == 'i'
        ? bits == 64 || (value >= -(1L << (bits - 1)) && value < (1L << (bits - 1)))
        : value >= 0 && (bits == 64 || value < (1L << bits));
    if (!fits) {
      throw new IllegalArgumentException("Python integer " + value + " out of bounds for "
          + numpyName(k, t.itemSize()));
    }
  }

  /** Booleans, integers, floating, complex: the order in which kinds absorb each other. */
  private static int rank(char kind) {
    switch (kind) {
      case 'b':
        return 0;
      case 'i':
      case 'u':
        return 1;
      case 'f':
        return 2;
      default:
        return 3;
    }
  }

  /** The item size of the smallest NumPy float that holds an integer of {@code size} bytes. */
  private static int floatSizeFor(int size) {
    return size == 1 ? 2 : size == 2 ? 4 : 8;
  }

  private static ScalarType<?> builtIn(char kind, int size) {
    for (ScalarType<?> t : BuiltIns.NUMERIC) {
      if (t.kind() == kind && t.itemSize() == size) {
        return t;
      }
    }
    throw new AssertionError("no built-in type of kind " + kind + " and size " + size);
  }

  /** NumPy's name of a built-in dtype, e.g. {@code uint8}, {@code complex64}. */
  private static String numpyName(char kind, int size) {
    switch (kind) {
      case 'b':
        return "bool";
      case 'i':
        return "int" + 8 * size;
      case 'u':
        return "uint" + 8 * size;
      case 'f':
        return "float" + 8 * size;
      default:
        return "complex" + 8 * size;
    }
  }
}
