package org.ndprim;

import java.util.List;
import org.ndprim.ufunc.Promotion;

/**
 * NumPy's universal functions: element-wise operations that broadcast their operands, promote
 * their types and write into a new array or into {@code out}, with NumPy's names, type rules and
 * results. {@code Ufunc.ADD.apply(a, b)} is NumPy's {@code np.add(a, b)};
 * {@code Ufunc.ADD.into(c, a, b)} is {@code np.add(a, b, out=c)}; {@code Ufunc.ADD.apply(a, 2.5)}
 * takes {@code 2.5} as a weak Python scalar (NEP 50: a {@code uint8} array {@code + 1} stays
 * {@code uint8}). The typed interfaces ({@code DoubleNdArray.add(DoubleNdArray)}) call these.
 *
 * <p><b>Shapes.</b> Inputs broadcast together as NumPy's (axes aligned from the end, an axis of
 * length 1 stretched); {@code out} must have the broadcast shape. <b>Types.</b> The loop is the
 * first of NumPy's table for the ufunc ({@link #signatures()}, from {@code np.add.types}) to which
 * every input casts safely, as NumPy's type resolver picks it; integer {@code true_divide}
 * computes in float64; float16 and bfloat16 compute in float32 and round, as NumPy's loops do;
 * integers wrap on overflow, and division or remainder by zero gives 0 (NumPy warns; ndprim does
 * not). {@code out} of another type takes the result cast by NumPy's 'same_kind' rule.
 * <b>Overlap.</b> An input that shares memory with {@code out} is read as if copied first, unless
 * it is exactly {@code out} (same memory and layout), so {@code into(a, a, b)} is NumPy's
 * {@code a += b}. <b>Order.</b> Elements are visited in memory order; a new output is C-order.
 *
 * <p>Errors: shapes that do not broadcast ({@link IllegalArgumentException} naming the shapes
 * and the axis); a read-only {@code out} ({@link ReadOnlyArrayException}), a broadcast
 * {@code out}, or one the result cannot be cast to ({@link IllegalArgumentException} with
 * NumPy's message); types with no loop (NumPy's "not supported for the input types"). All are
 * raised before anything is written. An integer {@code power} with a negative exponent raises
 * {@link ArithmeticException} when reached, as NumPy's loop does, so {@code out} may be partly
 * written.
 */
public final class Ufunc {
  /** NumPy's {@code np.add}. */
public static final Ufunc ADD = new Ufunc("add", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.subtract}. */
  public static final Ufunc SUBTRACT = new Ufunc("subtract", 2, "bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.multiply}. */
  public static final Ufunc MULTIPLY = new Ufunc("multiply", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.true_divide}. */
  public static final Ufunc TRUE_DIVIDE = new Ufunc("true_divide", 2, "eee fff ddd FFF DDD");
  /** NumPy's {@code np.floor_divide}. */
  public static final Ufunc FLOOR_DIVIDE = new Ufunc("floor_divide", 2, "bbb BBB hhh HHH iii III qqq QQQ eee fff ddd");
  /** NumPy's {@code np.remainder}. */
  public static final Ufunc REMAINDER = new Ufunc("remainder", 2, "bbb BBB hhh HHH iii III qqq QQQ eee fff ddd");
  /** NumPy's {@code np.power}. */
  public static final Ufunc POWER = new Ufunc("power", 2, "bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.negative}. */
  public static final Ufunc NEGATIVE = new Ufunc("negative", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.positive}. */
  public static final Ufunc POSITIVE = new Ufunc("positive", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.absolute}. */
  public static final Ufunc ABSOLUTE = new Ufunc("absolute", 1, "?? bb BB hh HH ii II qq QQ ee ff dd Ff Dd");
  /** NumPy's {@code np.sign}. */
  public static final Ufunc SIGN = new Ufunc("sign", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.square}. */
  public static final Ufunc SQUARE = new Ufunc("square", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.reciprocal}. */
  public static final Ufunc RECIPROCAL = new Ufunc("reciprocal", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.equal}. */
  public static final Ufunc EQUAL = new Ufunc("equal", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.not_equal}. */
  public static final Ufunc NOT_EQUAL = new Ufunc("not_equal", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.less}. */
  public static final Ufunc LESS = new Ufunc("less", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.less_equal}. */
  public static final Ufunc LESS_EQUAL = new Ufunc("less_equal", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.greater}. */
  public static final Ufunc GREATER = new Ufunc("greater", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.greater_equal}. */
  public static final Ufunc GREATER_EQUAL = new Ufunc("greater_equal", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.isnan}. */
  public static final Ufunc ISNAN = new Ufunc("isnan", 1, "?? b? B? h? H? i? I? q? Q? e? f? d? F? D?");
  /** NumPy's {@code np.isinf}. */
  public static final Ufunc ISINF = new Ufunc("isinf", 1, "?? b? B? h? H? i? I? q? Q? e? f? d? F? D?");
  /** NumPy's {@code np.isfinite}. */
  public static final Ufunc ISFINITE = new Ufunc("isfinite", 1, "?? b? B? h? H? i? I? q? Q? e? f? d? F? D?");
  /** NumPy's {@code np.logical_and}. */
  public static final Ufunc LOGICAL_AND = new Ufunc("logical_and", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.logical_or}. */
  public static final Ufunc LOGICAL_OR = new Ufunc("logical_or", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.logical_xor}. */
  public static final Ufunc LOGICAL_XOR = new Ufunc("logical_xor", 2, "??? bb? BB? hh? HH? ii? II? qq? QQ? ee? ff? dd? FF? DD?");
  /** NumPy's {@code np.logical_not}. */
  public static final Ufunc LOGICAL_NOT = new Ufunc("logical_not", 1, "?? b? B? h? H? i? I? q? Q? e? f? d? F? D?");
  /** NumPy's {@code np.bitwise_and}. */
  public static final Ufunc BITWISE_AND = new Ufunc("bitwise_and", 2, "??? bbb BBB hhh HHH iii III qqq QQQ");
  /** NumPy's {@code np.bitwise_or}. */
  public static final Ufunc BITWISE_OR = new Ufunc("bitwise_or", 2, "??? bbb BBB hhh HHH iii III qqq QQQ");
  /** NumPy's {@code np.bitwise_xor}. */
  public static final Ufunc BITWISE_XOR = new Ufunc("bitwise_xor", 2, "??? bbb BBB hhh HHH iii III qqq QQQ");
  /** NumPy's {@code np.invert}. */
  public static final Ufunc INVERT = new Ufunc("invert", 1, "?? bb BB hh HH ii II qq QQ");
  /** NumPy's {@code np.left_shift}. */
  public static final Ufunc LEFT_SHIFT = new Ufunc("left_shift", 2, "bbb BBB hhh HHH iii III qqq QQQ");
  /** NumPy's {@code np.right_shift}. */
  public static final Ufunc RIGHT_SHIFT = new Ufunc("right_shift", 2, "bbb BBB hhh HHH iii III qqq QQQ");
  /** NumPy's {@code np.maximum}. */
  public static final Ufunc MAXIMUM = new Ufunc("maximum", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.minimum}. */
  public static final Ufunc MINIMUM = new Ufunc("minimum", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.fmax}. */
  public static final Ufunc FMAX = new Ufunc("fmax", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.fmin}. */
  public static final Ufunc FMIN = new Ufunc("fmin", 2, "??? bbb BBB hhh HHH iii III qqq QQQ eee fff ddd FFF DDD");
  /** NumPy's {@code np.sqrt}. */
  public static final Ufunc SQRT = new Ufunc("sqrt", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.cbrt}. */
  public static final Ufunc CBRT = new Ufunc("cbrt", 1, "ee ff dd");
  /** NumPy's {@code np.exp}. */
  public static final Ufunc EXP = new Ufunc("exp", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.exp2}. */
  public static final Ufunc EXP2 = new Ufunc("exp2", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.expm1}. */
  public static final Ufunc EXPM1 = new Ufunc("expm1", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.log}. */
  public static final Ufunc LOG = new Ufunc("log", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.log2}. */
  public static final Ufunc LOG2 = new Ufunc("log2", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.log10}. */
  public static final Ufunc LOG10 = new Ufunc("log10", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.log1p}. */
  public static final Ufunc LOG1P = new Ufunc("log1p", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.sin}. */
  public static final Ufunc SIN = new Ufunc("sin", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.cos}. */
  public static final Ufunc COS = new Ufunc("cos", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.tan}. */
  public static final Ufunc TAN = new Ufunc("tan", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.arcsin}. */
  public static final Ufunc ARCSIN = new Ufunc("arcsin", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.arccos}. */
  public static final Ufunc ARCCOS = new Ufunc("arccos", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.arctan}. */
  public static final Ufunc ARCTAN = new Ufunc("arctan", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.arctan2}. */
  public static final Ufunc ARCTAN2 = new Ufunc("arctan2", 2, "eee fff ddd");
  /** NumPy's {@code np.sinh}. */
  public static final Ufunc SINH = new Ufunc("sinh", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.cosh}. */
  public static final Ufunc COSH = new Ufunc("cosh", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.tanh}. */
  public static final Ufunc TANH = new Ufunc("tanh", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.hypot}. */
  public static final Ufunc HYPOT = new Ufunc("hypot", 2, "eee fff ddd");
  /** NumPy's {@code np.floor}. */
  public static final Ufunc FLOOR = new Ufunc("floor", 1, "?? bb BB hh HH ii II qq QQ ee ff dd");
  /** NumPy's {@code np.ceil}. */
  public static final Ufunc CEIL = new Ufunc("ceil", 1, "?? bb BB hh HH ii II qq QQ ee ff dd");
  /** NumPy's {@code np.rint}. */
  public static final Ufunc RINT = new Ufunc("rint", 1, "ee ff dd FF DD");
  /** NumPy's {@code np.trunc}. */
  public static final Ufunc TRUNC = new Ufunc("trunc", 1, "?? bb BB hh HH ii II qq QQ ee ff dd");
  /** NumPy's {@code np.conjugate}. */
  public static final Ufunc CONJUGATE = new Ufunc("conjugate", 1, "bb BB hh HH ii II qq QQ ee ff dd FF DD");
  /** NumPy's {@code np.divide}, the same ufunc as {@link #TRUE_DIVIDE}. */
  public static final Ufunc DIVIDE = TRUE_DIVIDE;

  private static final Ufunc WHERE = new Ufunc("where", 3, "????"
      + " ?bbb ?BBB ?hhh ?HHH ?iii ?III ?qqq ?QQQ ?eee ?fff ?ddd ?FFF ?DDD");

  private static final List<String> LOGICAL = List.of("logical_and", "logical_or",
      "logical_xor");

  private static final List<String> COMPARISONS = List.of("equal", "not_equal", "less",
      "less_equal", "greater", "greater_equal");

  private final String name;
  private final int nin;
  private final List<String> signatures;
  private final java.util.concurrent.ConcurrentHashMap<ScalarType<?>, UfuncTypes.Loop> sameType =
      new java.util.concurrent.ConcurrentHashMap<>();

  private Ufunc(String name, int nin, String signatures) {
    this.name = name;
    this.nin = nin;
    this.signatures = List.of(signatures.split(" "));
  }

  /** {@return NumPy's name, e.g. {@code "add"}} */
  public String name() {
    return name;
  }

  /** {@return the number of inputs, 1 or 2} */
  public int inputs() {
    return nin;
  }

  /**
   * {@return the loops in NumPy's order, each the type characters of the inputs then the output
   * ({@code "ddd"}: float64, float64 to float64; {@code "??"}: bool to bool), as
   * {@code np.add.types} without the types ndprim does not have}
   */
  public List<String> signatures() {
    return signatures;
  }

  /**
   * {@return the type of the result for inputs of these types, as NumPy's type resolution for
   * this ufunc}
   *
   * @param inputs the inputs' types, {@link #inputs()} of them
   * @throws IllegalArgumentException if the ufunc has no loop for them
   */
  public ScalarType<?> resultType(ScalarType<?>... inputs) {
    checkArity(inputs.length);
    return UfuncTypes.resolve(this, inputs).out();
  }

  // ---------------------------------------------------------------- one input

  /**
   * Computes the ufunc of every element, as NumPy's {@code np.<name>(x)}.
   *
   * @param x the input
   * @return a new C-order array of {@code x}'s shape and the loop's output type
   * @throws IllegalArgumentException if this ufunc takes two inputs or has no loop for the type
   */
  public NdArray apply(NdArray x) {
    checkArity(1);
    return run1(null, x);
  }

  /**
   * Computes the ufunc of every element into {@code out}, as {@code np.<name>(x, out=out)};
   * allocates nothing where {@code x} and {@code out} are Java arrays of the loop's type.
   *
   * @param <O> the output's type
   * @param out the output, of the broadcast shape
   * @param x the input
   * @return {@code out}
   * @throws IllegalArgumentException as the class comment says
   */
  public <O extends NdArray> O into(O out, NdArray x) {
    checkArity(1);
    run1(java.util.Objects.requireNonNull(out, "out"), x);
    return out;
  }

  /**
   * Computes the ufunc where {@code where} is true, into {@code out}, as
   * {@code np.<name>(x, out=out, where=where)}; other elements of {@code out} keep their values.
   *
   * @param <O> the output's type
   * @param out the output, of the broadcast shape
   * @param where the mask, broadcast with the input
   * @param x the input
   * @return {@code out}
   * @throws IllegalArgumentException as the class comment says
   */
  public <O extends NdArray> O intoWhere(O out, BooleanNdArray where, NdArray x) {
    checkArity(1);
    run(java.util.Objects.requireNonNull(out, "out"), where, x);
    return out;
  }

  // ---------------------------------------------------------------- two inputs

  /**
   * Computes the ufunc of the broadcast inputs, as NumPy's {@code np.<name>(a, b)}.
   *
   * @param a the first input
   * @param b the second input
   * @return a new C-order array of the broadcast shape and the loop's output type
   * @throws IllegalArgumentException if the shapes do not broadcast, if this ufunc takes one
   *     input, or if it has no loop for the types
   */
  public NdArray apply(NdArray a, NdArray b) {
    checkArity(2);
    return run2(null, a, b);
  }

  /**
   * Computes the ufunc of {@code a} and a weak Python {@code float}, as {@code np.<name>(a, b)}
   * with a Python float (NEP 50: a floating {@code a} keeps its type; integers give float64).
   *
   * @param a the array
   * @param b the scalar
   * @return a new C-order array of {@code a}'s shape
   * @throws IllegalArgumentException if this ufunc takes one input or has no loop for the types
   */
  public NdArray apply(NdArray a, double b) {
    checkArity(2);
    return run2(null, a, weak(a, b));
  }

  /**
   * Computes the ufunc of a weak Python {@code float} and {@code b}, as {@code np.<name>(a, b)}.
   *
   * @param a the scalar
   * @param b the array
   * @return a new C-order array of {@code b}'s shape
   * @throws IllegalArgumentException if this ufunc takes one input or has no loop for the types
   */
  public NdArray apply(double a, NdArray b) {
    checkArity(2);
    return run2(null, weak(b, a), b);
  }

  /**
   * Computes the ufunc of {@code a} and a weak Python {@code int}, as {@code np.<name>(a, b)}
   * with a Python int (NEP 50: an integer {@code a} keeps its type, and a value the loop's type
   * cannot hold is refused, so {@code int8 + 128} is refused and {@code int8 / 128}, computed in
   * float64, is not; a comparison with such a value is true or false everywhere, as NumPy 2's).
   *
   * @param a the array
   * @param b the scalar
   * @return a new C-order array of {@code a}'s shape
   * @throws IllegalArgumentException if {@code b} is out of bounds for the loop's integer type
   *     ("Python integer 300 out of bounds for uint8"), or as {@link #apply(NdArray, NdArray)}
   */
  public NdArray apply(NdArray a, long b) {
    checkArity(2);
    BooleanNdArray constant = outOfRange(a, b, false, null);
    return constant != null ? constant : run2(null, a, weakOperand(a, b, 1));
  }

  /**
   * Computes the ufunc of a weak Python {@code int} and {@code b}, as {@code np.<name>(a, b)}.
   *
   * @param a the scalar
   * @param b the array
   * @return a new C-order array of {@code b}'s shape
   * @throws IllegalArgumentException as {@link #apply(NdArray, long)}
   */
  public NdArray apply(long a, NdArray b) {
    checkArity(2);
    BooleanNdArray constant = outOfRange(b, a, true, null);
    return constant != null ? constant : run2(null, weakOperand(b, a, 0), b);
  }

  /**
   * Computes the ufunc of the broadcast inputs into {@code out}, as
   * {@code np.<name>(a, b, out=out)}: {@code into(a, a, b)} is {@code a += b}. Allocates nothing
   * where every operand is one run of a Java array of the loop's type and the inputs have
   * {@code out}'s shape, or one is 0-d, or one is repeated along leading axes only
   * ({@code matrix + row}, rows of 16 elements or more); any other call allocates its
   * iterator's plan (about 1.5 KB, whatever the size) and, for operands of another type or
   * storage, buffers of 4,096 elements.
   *
   * @param <O> the output's type
   * @param out the output, of the broadcast shape
   * @param a the first input
   * @param b the second input
   * @return {@code out}
   * @throws IllegalArgumentException as the class comment says
   */
  public <O extends NdArray> O into(O out, NdArray a, NdArray b) {
    checkArity(2);
    run2(java.util.Objects.requireNonNull(out, "out"), a, b);
    return out;
  }

  /**
   * Computes the ufunc of {@code a} and a weak Python {@code float} into {@code out}.
   *
   * @param <O> the output's type
   * @param out the output, of {@code a}'s shape (or one {@code a} broadcasts to)
   * @param a the array
   * @param b the scalar
   * @return {@code out}
   * @throws IllegalArgumentException as the class comment says
   */
  public <O extends NdArray> O into(O out, NdArray a, double b) {
    checkArity(2);
    run2(java.util.Objects.requireNonNull(out, "out"), a, weak(a, b));
    return out;
  }

  /**
   * Computes the ufunc of {@code a} and a weak Python {@code int} into {@code out}.
   *
   * @param <O> the output's type
   * @param out the output, of {@code a}'s shape (or one {@code a} broadcasts to)
   * @param a the array
   * @param b the scalar
   * @return {@code out}
   * @throws IllegalArgumentException as {@link #apply(NdArray, long)} and the class comment say
   */
  public <O extends NdArray> O into(O out, NdArray a, long b) {
    checkArity(2);
    if (outOfRange(a, b, false, out) == null) {
      run2(java.util.Objects.requireNonNull(out, "out"), a, weakOperand(a, b, 1));
    }
    return out;
  }

  /**
   * Computes the ufunc where {@code where} is true, into {@code out}, as
   * {@code np.<name>(a, b, out=out, where=where)}; other elements keep their values.
   *
   * @param <O> the output's type
   * @param out the output, of the broadcast shape
   * @param where the mask, broadcast with the inputs
   * @param a the first input
   * @param b the second input
   * @return {@code out}
   * @throws IllegalArgumentException as the class comment says
   */
  public <O extends NdArray> O intoWhere(O out, BooleanNdArray where, NdArray a, NdArray b) {
    checkArity(2);
    run(java.util.Objects.requireNonNull(out, "out"), where, a, b);
    return out;
  }

  // ---------------------------------------------------------------- where and clip

  /**
   * {@return {@code x} where {@code condition} is true, else {@code y}, as NumPy's
   * {@code np.where(condition, x, y)}: the three broadcast together, the type
   * {@code np.result_type(x, y)}}
   *
   * @param condition the condition
   * @param x the values where it is true
   * @param y the values where it is false
   * @throws IllegalArgumentException if the shapes do not broadcast or the types do not promote
   */
  public static NdArray where(BooleanNdArray condition, NdArray x, NdArray y) {
    return WHERE.run(null, null, condition, x, y);
  }

  /**
   * {@return {@code x} where {@code condition} is true, else the weak Python float {@code y}}
   *
   * @param condition the condition
   * @param x the values where it is true
   * @param y the value where it is false
   * @throws IllegalArgumentException if the shapes do not broadcast
   */
  public static NdArray where(BooleanNdArray condition, NdArray x, double y) {
    return WHERE.run(null, null, condition, x, weak(x, y));
  }

  /**
   * {@return {@code x} where {@code condition} is true, else the weak Python int {@code y}}
   *
   * @param condition the condition
   * @param x the values where it is true
   * @param y the value where it is false
   * @throws IllegalArgumentException if the shapes do not broadcast or {@code y} is out of
   *     bounds for {@code x}'s integer type
   */
  public static NdArray where(BooleanNdArray condition, NdArray x, long y) {
    return WHERE.run(null, null, condition, x, weak(x, y));
  }

  /**
   * {@return {@code a} limited to {@code [lo, hi]}, as NumPy's {@code np.clip(a, lo, hi)}:
   * {@code minimum(maximum(a, lo), hi)}, so NaN propagates}
   *
   * @param a the values
   * @param lo the lower bound, broadcast
   * @param hi the upper bound, broadcast
   * @throws IllegalArgumentException if the shapes do not broadcast or the types do not promote
   */
  public static NdArray clip(NdArray a, NdArray lo, NdArray hi) {
    return MINIMUM.apply(MAXIMUM.apply(a, lo), hi);
  }

  /**
   * {@return {@code a} limited to {@code [lo, hi]}, the bounds weak Python ints: an integer array
   * keeps its type}
   *
   * @param a the values
   * @param lo the lower bound
   * @param hi the upper bound
   * @throws IllegalArgumentException if a bound is out of range of {@code a}'s integer type
   *     ("Python integer -1 out of bounds for uint8")
   */
  public static NdArray clip(NdArray a, long lo, long hi) {
    NdArray low = MAXIMUM.apply(a, lo);
    return MINIMUM.into(low, low, hi);
  }

  /**
   * {@return {@code a} limited to {@code [lo, hi]}, the bounds weak Python floats: an integer
   * array becomes float64, as NumPy's}
   *
   * @param a the values
   * @param lo the lower bound
   * @param hi the upper bound
   */
  public static NdArray clip(NdArray a, double lo, double hi) {
    NdArray low = MAXIMUM.apply(a, lo);
    return MINIMUM.into(low, low, hi);
  }

  // ---------------------------------------------------------------- internals

  /** One input: NumPy's trivial loop when it applies (nothing allocated), else the driver. */
  private NdArray run1(NdArray out, NdArray x) {
    UfuncTypes.Loop loop = sameTypeLoop(java.util.Objects.requireNonNull(x, "x").scalarType(), 1);
    NdArray done = UfuncDriver.trySingle(this, loop, x, null, out);
    return done != null ? done : run(out, null, x);
  }

  /**
   * Two inputs: NumPy's trivial loop when it applies (nothing allocated but a new output; a 0-d
   * operand, such as a weak Python scalar, is read with stride 0), else the driver.
   */
  private NdArray run2(NdArray out, NdArray a, NdArray b) {
    ScalarType<?> t = java.util.Objects.requireNonNull(a, "a").scalarType();
    if (java.util.Objects.requireNonNull(b, "b").scalarType() == t) {
      NdArray done = UfuncDriver.trySingle(this, sameTypeLoop(t, 2), a, b, out);
      if (done != null) {
        return done;
      }
    }
    return run(out, null, a, b);
  }

  private NdArray run(NdArray out, BooleanNdArray where, NdArray... inputs) {
    NdArray exact = signedWithUint64(out, where, inputs);
    if (exact != null) {
      return exact;
    }
    ScalarType<?> first = java.util.Objects.requireNonNull(inputs[0], "input").scalarType();
    boolean same = true;
    for (int i = 1; i < inputs.length; i++) {
      same &= java.util.Objects.requireNonNull(inputs[i], "input").scalarType() == first;
    }
    UfuncTypes.Loop loop = same ? sameTypeLoop(first, inputs.length) : null;
    if (loop == null) {
      ScalarType<?>[] types = new ScalarType<?>[inputs.length];
      for (int i = 0; i < inputs.length; i++) {
        types[i] = inputs[i].scalarType();
      }
      loop = UfuncTypes.resolve(this, types);
    }
    return UfuncDriver.run(this, loop, inputs, out, where);
  }

  /**
   * A comparison of a built-in signed integer array ({@code int8} to {@code int64}) with a
   * built-in {@code uint64} one, exactly, as NumPy 2's mixed loops ({@code 'qQ->?'},
   * {@code 'Qq->?'}, which its resolver picks for every signed integer type against
   * {@code uint64}); null for any other call. The two promote to {@code float64}, where values
   * beyond 2^53 round together: instead both are compared as {@code uint64} (the signed operand's
   * bits, its own value where it is not negative, cast tile by tile), and where the signed one is
   * negative the answer is the one a negative number gives against any {@code uint64}. The
   * comparison itself checks and writes {@code out} (with its {@code where}), so its messages
   * name this ufunc; the negatives, found before anything is written, are fixed up after. User
   * types of those dtypes keep the {@code float64} path (their own loops may define the
   * comparison).
   */
  private NdArray signedWithUint64(NdArray out, BooleanNdArray where, NdArray[] inputs) {
    boolean less = this == LESS || this == LESS_EQUAL;
    boolean greater = this == GREATER || this == GREATER_EQUAL;
    if (!(less || greater || this == EQUAL || this == NOT_EQUAL) || inputs.length != 2
        || inputs[0] == null || inputs[1] == null) {
      return null;
    }
    ScalarType<?> t0 = inputs[0].scalarType();
    ScalarType<?> t1 = inputs[1].scalarType();
    boolean signedFirst = builtInSigned(t0) && t1 == UInt64NdArray.TYPE;
    if (!signedFirst && !(builtInSigned(t1) && t0 == UInt64NdArray.TYPE)) {
      return null;
    }
    NdArray signed = signedFirst ? inputs[0] : inputs[1];
    NdArray negative = LESS.apply(signed, 0L); // before out, which may be the signed operand
    UfuncTypes.Loop unsigned = new UfuncTypes.Loop(
        new ScalarType<?>[] {UInt64NdArray.TYPE, UInt64NdArray.TYPE}, BooleanNdArray.TYPE);
    NdArray r = UfuncDriver.run(this, unsigned, inputs, out, where);
    // a negative signed operand is below every uint64: true for '<', '<=' with it first, for
    // '>', '>=' with it second, and for '!='; false for the others
    boolean trueWhereNegative = this == NOT_EQUAL || (signedFirst ? less : greater);
    NdArray fix = trueWhereNegative ? negative : LOGICAL_NOT.apply(negative);
    Ufunc merge = trueWhereNegative ? LOGICAL_OR : LOGICAL_AND;
    if (where == null) {
      merge.into(r, r, fix);
    } else {
      merge.intoWhere(r, where, r, fix);
    }
    return r;
  }

  private static boolean builtInSigned(ScalarType<?> t) {
    return t == ByteNdArray.TYPE || t == ShortNdArray.TYPE || t == IntNdArray.TYPE
        || t == LongNdArray.TYPE;
  }

  /** The loop for inputs all of type {@code t}, resolved once per type (null for where). */
  private UfuncTypes.Loop sameTypeLoop(ScalarType<?> t, int n) {
    if (n != nin) {
      return null;
    }
    UfuncTypes.Loop loop = sameType.get(t);
    if (loop == null) {
      ScalarType<?>[] types = new ScalarType<?>[n];
      java.util.Arrays.fill(types, t);
      loop = UfuncTypes.resolve(this, types); // throws, uncached, where there is no loop
      sameType.put(t, loop);
    }
    return loop;
  }

  private void checkArity(int n) {
    if (n != nin) {
      throw new IllegalArgumentException("ufunc '" + name + "' takes " + nin + " input"
          + (nin == 1 ? "" : "s") + ", got " + n);
    }
  }

  /**
   * A Python float beside {@code a}: a 0-d array of NEP 50's type for it; beside a user-declared
   * type that computes in a floating-point logical type whatever its dtype (a fixed point of
   * dtype {@code <i2} read as {@code double}), of that type, as a float16 array keeps a Python
   * float float16.
   */
  private static NdArray weak(NdArray a, double value) {
    ScalarType<?> own = a.scalarType();
    ScalarType<?> t = UfuncTypes.computesInLogicalType(own)
        && (own.logicalType() == double.class || own.logicalType() == float.class)
        ? own : Promotion.weak(own, Promotion.Weak.FLOAT);
    return t.fromDoubles(Shape.of(), new double[] {value});
  }

  /** A Python int beside {@code a}: a 0-d array of NEP 50's type for it, checked to fit. */
  private static NdArray weak(NdArray a, long value) {
    ScalarType<?> t = Promotion.weak(a.scalarType(), Promotion.Weak.INT);
    Promotion.checkWeakInteger(t, value);
    return t.kind() == 'u' && t.itemSize() == 8
        ? t.fromUnsignedLongs(Shape.of(), new long[] {value})
        : t.fromLongs(Shape.of(), new long[] {value});
  }

  /**
   * A Python int as operand {@code position} of this ufunc beside {@code a}: NEP 50's type for it
   * chooses the loop, and the value is converted to the loop's type for that operand, as NumPy
   * converts it, so it must fit that type ({@code int8 / 128} computes in float64 and is fine,
   * {@code int8 + 128} is refused); the logical ufuncs take it as a bool, as NumPy's promoter
   * for them does.
   */
  private NdArray weakOperand(NdArray a, long value, int position) {
    ScalarType<?> t = Promotion.weak(a.scalarType(), Promotion.Weak.INT);
    ScalarType<?>[] types = position == 0
        ? new ScalarType<?>[] {t, a.scalarType()} : new ScalarType<?>[] {a.scalarType(), t};
    ScalarType<?> l = UfuncTypes.resolve(this, types).in()[position];
    if (LOGICAL.contains(name)) {
      l = BooleanNdArray.TYPE; // NumPy's logical promoter casts a Python int to bool
    } else if (UfuncTypes.charOf(l) == 0) {
      l = t; // a type NumPy does not know computes with its own type's scalars
    }
    Promotion.checkWeakInteger(l, value);
    return l.kind() == 'u' && l.itemSize() == 8
        ? l.fromUnsignedLongs(Shape.of(), new long[] {value})
        : l.fromLongs(Shape.of(), new long[] {value});
  }

  /**
   * NumPy 2 compares an integer array with a Python int it cannot hold without converting it:
   * the answer is the same for every element. Returns that answer (written into {@code out} when
   * given), or null when the value fits or this is not a comparison.
   */
  private BooleanNdArray outOfRange(NdArray a, long value, boolean scalarFirst, NdArray out) {
    ScalarType<?> t = a.scalarType();
    if (!COMPARISONS.contains(name) || (t.kind() != 'i' && t.kind() != 'u')) {
      return null;
    }
    try {
      Promotion.checkWeakInteger(t, value);
      return null;
    } catch (IllegalArgumentException e) {
      boolean arrayBelow = value > 0; // every element is below the value, else above it
      boolean leftLess = scalarFirst != arrayBelow;
      boolean result = switch (name) {
        case "equal" -> false;
        case "not_equal" -> true;
        case "less", "less_equal" -> leftLess;
        default -> !leftLess;
      };
      BooleanNdArray full = BooleanNdArray.full(a.shape(), result);
      if (out != null) {
        LOGICAL_OR.into(out, full, full); // checks and writes out as the comparison would
      }
      return full;
    }
  }

  @Override
  public String toString() {
    return "<ufunc '" + name + "'>";
  }
}
