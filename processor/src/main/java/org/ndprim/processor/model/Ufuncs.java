package org.ndprim.processor.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ufuncs a spec class may implement itself ({@code @NdScalar.Ufunc}): NumPy's names of every
 * ufunc ndprim has, and the signature of each that an integer type computes in its own loops.
 * The validator checks declarations against this table and {@code write.LoopsWriter} calls the
 * declared methods; a processor test checks that the writer's integer kernels and this table
 * name the same ufuncs, and a generated-tests test that the runtime's {@code Ufunc} has exactly
 * {@link #NAMES}.
 */
public final class Ufuncs {
  /**
   * What a declared method computes.
   *
   * @param arity the ufunc's inputs: one logical value each
   * @param predicate whether it returns a {@code boolean} (else a logical value)
   */
  public record Signature(int arity, boolean predicate) {}

  private static final Map<String, Signature> INTEGER = new LinkedHashMap<>();

  static {
    for (String f : List.of("add", "subtract", "multiply", "floor_divide", "remainder", "power",
        "maximum", "minimum", "fmax", "fmin", "bitwise_and", "bitwise_or", "bitwise_xor",
        "left_shift", "right_shift")) {
      INTEGER.put(f, new Signature(2, false));
    }
    for (String f : List.of("negative", "positive", "absolute", "sign", "square", "reciprocal",
        "conjugate", "invert", "floor", "ceil", "trunc")) {
      INTEGER.put(f, new Signature(1, false));
    }
    for (String f : List.of("equal", "not_equal", "less", "less_equal", "greater",
        "greater_equal", "logical_and", "logical_or", "logical_xor")) {
      INTEGER.put(f, new Signature(2, true));
    }
    for (String f : List.of("logical_not", "isnan", "isinf", "isfinite")) {
      INTEGER.put(f, new Signature(1, true));
    }
  }

  /** The ufuncs NumPy has for integer and boolean types only: no floating type has them. */
  public static final Set<String> INTEGER_ONLY = Set.of("bitwise_and", "bitwise_or",
      "bitwise_xor", "invert", "left_shift", "right_shift");

  /** NumPy's names of every ufunc ndprim has ({@code org.ndprim.Ufunc}'s names). */
  public static final Set<String> NAMES;

  static {
    java.util.TreeSet<String> names = new java.util.TreeSet<>(INTEGER.keySet());
    names.addAll(List.of("true_divide", "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2",
        "log10", "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2", "sinh",
        "cosh", "tanh", "hypot", "rint", "where"));
    NAMES = java.util.Collections.unmodifiableSet(names);
  }

  private Ufuncs() {}

  /**
   * {@return whether a type computes its ufuncs in its own loops in its logical type, so that its
   * spec may declare ufuncs: one slot, integer storage and logical types, dtype kind {@code i}
   * or {@code u}}
   */
  public static boolean declarable(char kind, Primitive storage, Primitive logical, int slots) {
    return slots == 1 && (kind == 'i' || kind == 'u') && integral(storage) && integral(logical);
  }

  private static boolean integral(Primitive p) {
    return p != Primitive.BOOLEAN && !p.isFloatingPoint();
  }

  /**
   * {@return the signature of a ufunc that a type for which {@link #declarable} holds may
   * declare, or empty (a floating-point function, {@code true_divide}, {@code where}, or no
   * ufunc at all)}
   */
  public static Optional<Signature> integer(String ufunc) {
    return Optional.ofNullable(INTEGER.get(ufunc));
  }

  /** {@return the ufuncs an integer type may declare, in NumPy's order of kinds} */
  public static Set<String> integerNames() {
    return java.util.Collections.unmodifiableSet(INTEGER.keySet());
  }
}
