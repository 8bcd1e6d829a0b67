package org.ndprim;

import java.util.List;
import org.ndprim.ufunc.Promotion;

/**
 * Chooses a ufunc's loop for its inputs' types, as NumPy's legacy type resolver
 * ({@code linear_search_type_resolver}, {@code ufunc_type_resolution.c}): the first loop of the
 * ufunc's table to which every input casts safely, with NumPy's special cases (integer
 * {@code true_divide} computes in float64; boolean {@code subtract}, {@code negative},
 * {@code positive} and {@code sign} are refused). Safe casting is derived from {@link Promotion#resultType}: a type casts safely to
 * {@code t} when the two promote to {@code t}. A type NumPy does not know (kind {@code 'V'}, such
 * as bfloat16, or a user-declared one) takes the loops of the type it computes in, and only with
 * operands of its own type.
 */
final class UfuncTypes {
  /** A chosen loop: the types the inputs are cast to, the output's type, the kernel's type. */
  record Loop(ScalarType<?>[] in, ScalarType<?> out) {}

  private static final String CHARS = "?bBhHiIqQefdFD";

  private UfuncTypes() {}

  private static final class Table {
    static final List<ScalarType<?>> TYPES = List.of(BooleanNdArray.TYPE, ByteNdArray.TYPE,
        UInt8NdArray.TYPE, ShortNdArray.TYPE, UInt16NdArray.TYPE, IntNdArray.TYPE,
        UInt32NdArray.TYPE, LongNdArray.TYPE, UInt64NdArray.TYPE, Float16NdArray.TYPE,
        FloatNdArray.TYPE, DoubleNdArray.TYPE, Complex64NdArray.TYPE, Complex128NdArray.TYPE);
  }

  /** {@return the built-in type of a loop character of NumPy's type table} */
  static ScalarType<?> ofChar(char c) {
    return Table.TYPES.get(CHARS.indexOf(c));
  }

  /**
   * {@return NumPy's type character of {@code t} ({@code 'd'} for float64), or 0 if NumPy has no
   * such dtype} Types of one dtype share a character ({@code Char} is {@code uint16}'s).
   */
  static char charOf(ScalarType<?> t) {
    return CHAR_OF.computeIfAbsent(t, UfuncTypes::findChar);
  }

  private static final java.util.concurrent.ConcurrentHashMap<ScalarType<?>, Character> CHAR_OF =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static char findChar(ScalarType<?> t) {
    String d = t.dtype();
    String code = d.isEmpty() ? d : "<>|=".indexOf(d.charAt(0)) >= 0 ? d.substring(1) : d;
    for (int i = 0; i < CHARS.length(); i++) {
      String own = Table.TYPES.get(i).dtype();
      if (own.substring(1).equals(code)) {
        return CHARS.charAt(i);
      }
    }
    return 0;
  }

  /** {@return NumPy's name of the type ({@code float64}), else the type's own name} */
  static String numpyName(ScalarType<?> t) {
    char c = charOf(t);
    if (c == 0) {
      return t.name().toLowerCase(java.util.Locale.ROOT);
    }
    return switch (t.kind()) {
      case 'b' -> "bool";
      case 'i' -> "int" + 8 * t.itemSize();
      case 'u' -> "uint" + 8 * t.itemSize();
      case 'f' -> "float" + 8 * t.itemSize();
      default -> "complex" + 8 * t.itemSize();
    };
  }

  /** {@return whether {@code from} casts to {@code to} without loss, NumPy's 'safe' rule} */
  static boolean safe(ScalarType<?> from, ScalarType<?> to) {
    char a = charOf(from);
    char b = charOf(to);
    if (a == 0 || b == 0) {
      return from == to;
    }
    return a == b || charOf(Promotion.resultType(ofChar(a), ofChar(b))) == b;
  }

  /**
   * {@return whether a result of type {@code from} may be written to {@code to} under NumPy's
   * 'same_kind' rule: safely, or within the same kind or a higher one in bool, unsigned,
   * signed, floating, complex}
   */
  static boolean sameKind(ScalarType<?> from, ScalarType<?> to) {
    if (from == to || safe(from, to)) {
      return true;
    }
    if (charOf(from) == 0 || charOf(to) == 0) {
      return false;
    }
    return "buifc".indexOf(from.kind()) <= "buifc".indexOf(to.kind());
  }

  /**
   * {@return the type an operand computes in: itself when it has kernels, else the built-in type
   * of its logical primitive (float32 for float16 and bfloat16)}
   */
  static ScalarType<?> compute(ScalarType<?> t) {
    if (t.loops() != null) {
      return t;
    }
    Class<?> l = t.logicalType();
    if (l == float.class) {
      return FloatNdArray.TYPE;
    } else if (l == double.class) {
      return DoubleNdArray.TYPE;
    } else if (l == long.class) {
      return LongNdArray.TYPE;
    } else if (l == int.class) {
      return IntNdArray.TYPE;
    } else if (l == short.class) {
      return ShortNdArray.TYPE;
    } else if (l == byte.class) {
      return ByteNdArray.TYPE;
    } else if (l == char.class) {
      return CharNdArray.TYPE;
    }
    return BooleanNdArray.TYPE;
  }

  /**
   * Chooses the loop of {@code ufunc} for inputs of types {@code in}.
   *
   * @throws IllegalArgumentException with NumPy's message where NumPy raises a TypeError
   */
  static Loop resolve(Ufunc ufunc, ScalarType<?>... in) {
    String name = ufunc.name();
    boolean allBool = true;
    boolean allInteger = true;
    boolean known = true;
    for (ScalarType<?> t : in) {
      allBool &= t.kind() == 'b';
      allInteger &= "biu".indexOf(t.kind()) >= 0 && charOf(t) != 0;
      known &= charOf(t) != 0 && !computesInLogicalType(t);
    }
    if (allBool && name.equals("subtract")) {
      throw new IllegalArgumentException("numpy boolean subtract, the `-` operator, is not"
          + " supported, use the bitwise_xor, the `^` operator, or the logical_xor function"
          + " instead.");
    }
    if (allBool && name.equals("negative")) {
      throw new IllegalArgumentException("The numpy boolean negative, the `-` operator, is not"
          + " supported, use the `~` operator or the logical_not function instead.");
    }
    if (allBool && (name.equals("positive") || name.equals("sign"))) {
      // NumPy's uniform-operation resolver: no bool loop, and bool is not cast to int8
      throw new IllegalArgumentException("ufunc '" + name + "' did not contain a loop with"
          + " signature matching types <class 'numpy.dtypes.BoolDType'> -> None");
    }
    if (!known || ownLoops(ufunc, in)) {
      return resolveUnknown(ufunc, in);
    }
    if (allInteger && name.equals("true_divide")) {
      ScalarType<?>[] d = new ScalarType<?>[in.length];
      java.util.Arrays.fill(d, DoubleNdArray.TYPE);
      return new Loop(d, DoubleNdArray.TYPE);
    }
    for (String sig : ufunc.signatures()) {
      boolean fits = true;
      for (int i = 0; i < in.length && fits; i++) {
        fits = safe(in[i], ofChar(sig.charAt(i)));
      }
      if (fits) {
        ScalarType<?>[] types = new ScalarType<?>[in.length];
        for (int i = 0; i < in.length; i++) {
          types[i] = ofChar(sig.charAt(i));
        }
        return new Loop(types, ofChar(sig.charAt(in.length)));
      }
    }
    throw unsupported(ufunc, in);
  }

  /**
   * Whether {@code t} is a user-declared type without loops of its own (a floating-point logical
   * type, such as a fixed-point {@code Fixed} of dtype {@code <i2} read as {@code double}): it
   * computes in its logical type and stores through its spec, so the loops of its dtype, which
   * would compute on its values cast to that dtype (1.5 + 1.25 as the int16 sum 2), do not apply.
   */
  static boolean computesInLogicalType(ScalarType<?> t) {
    char c = charOf(t);
    return t.loops() == null && c != 0 && ofChar(c) != t;
  }

  /**
   * Whether the inputs are all of one user-declared type of a NumPy dtype ({@code Gray8} of
   * {@code |u1}) that has its own kernel of the ufunc: such a type computes in its generated
   * loops (its logical values, its spec's declared ufuncs, results stored through its spec) and
   * keeps its type, where a built-in of its dtype's loops would give the built-in type. Mixed
   * with other types, it promotes as its dtype.
   */
  private static boolean ownLoops(Ufunc ufunc, ScalarType<?>... in) {
    boolean where = ufunc.name().equals("where");
    ScalarType<?> t = in[where ? 1 : 0];
    if (t.loops() == null || t == CharNdArray.TYPE || ofChar(charOf(t)) == t
        || t.loops().kernel(ufunc.name()) == null) {
      return false;
    }
    for (int i = 0; i < in.length; i++) {
      if (where && i == 0 ? in[i].kind() != 'b' : in[i] != t) {
        return false;
      }
    }
    char c = charOf(t);
    for (String sig : ufunc.signatures()) {
      boolean all = true;
      for (int i = 0; i < in.length; i++) {
        all &= sig.charAt(i) == (where && i == 0 ? '?' : c);
      }
      if (all) {
        return true; // NumPy has a loop of the dtype itself: resolveUnknown takes it
      }
    }
    return false;
  }

  /** A type NumPy does not know: its own compute type's loop, all inputs of that one type. */
  private static Loop resolveUnknown(Ufunc ufunc, ScalarType<?>... in) {
    ScalarType<?> t = in[ufunc.name().equals("where") ? 1 : 0];
    for (int i = 0; i < in.length; i++) {
      boolean condition = ufunc.name().equals("where") && i == 0;
      if (condition ? in[i].kind() != 'b' : in[i] != t) {
        throw new IllegalArgumentException("ufunc '" + ufunc.name() + "' has no loop for"
            + " dtypes " + names(in) + ": " + t.name() + " computes only with arrays of its own"
            + " type; convert the others with astype");
      }
    }
    char c = charOf(compute(t));
    for (String sig : ufunc.signatures()) {
      boolean all = true;
      for (int i = 0; i < in.length; i++) {
        boolean condition = ufunc.name().equals("where") && i == 0;
        all &= sig.charAt(i) == (condition ? '?' : c);
      }
      if (all) {
        ScalarType<?>[] types = in.clone();
        char o = sig.charAt(in.length);
        return new Loop(types, o == c ? t : ofChar(o));
      }
    }
    throw unsupported(ufunc, in);
  }

  private static IllegalArgumentException unsupported(Ufunc ufunc, ScalarType<?>... in) {
    return new IllegalArgumentException("ufunc '" + ufunc.name() + "' not supported for the input"
        + " types " + names(in) + ", and the inputs could not be safely coerced to any supported"
        + " types according to the casting rule ''safe''");
  }

  static String names(ScalarType<?>... in) {
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < in.length; i++) {
      b.append(i == 0 ? "" : ", ").append(numpyName(in[i]));
    }
    return b.append(')').toString();
  }
}
