package org.ndprim.processor.model;

/**
 * The primitive functional interfaces the kernels take ({@code map}, {@code zip},
 * {@code forEach}, ...). For a logical {@code int}, {@code long} or {@code double} the first four
 * are the JDK's ({@code IntUnaryOperator}, ...); otherwise, and always for
 * {@link #INDEXED_CONSUMER}, ndprim generates {@code <name><suffix>} in the spec's package. Ask
 * {@link ScalarModel#function(FunctionKind)} which one a type uses.
 */
public enum FunctionKind {
  /** {@code x applyAsX(x operand)}, as {@code IntUnaryOperator}. */
  UNARY_OPERATOR("UnaryOperator", true),
  /** {@code x applyAsX(x left, x right)}, as {@code IntBinaryOperator}. */
  BINARY_OPERATOR("BinaryOperator", true),
  /** {@code boolean test(x value)}, as {@code IntPredicate}. */
  PREDICATE("Predicate", true),
  /** {@code void accept(x value)}, as {@code IntConsumer}. */
  CONSUMER("Consumer", true),
  /** {@code void accept(long[] coords, x value)}: no JDK counterpart. */
  INDEXED_CONSUMER("IndexedConsumer", false);

  private final String suffix;
  private final boolean inJdk;

  FunctionKind(String suffix, boolean inJdk) {
    this.suffix = suffix;
    this.inJdk = inJdk;
  }

  /** Returns the name suffix, e.g. {@code UnaryOperator} in {@code ShortUnaryOperator}. */
  public String suffix() {
    return suffix;
  }

  /** Returns whether {@code java.util.function} has this kind for int, long and double. */
  boolean inJdk() {
    return inJdk;
  }

  /** Returns the single abstract method's name, following the JDK: {@code applyAsShort}. */
  String methodName(Primitive logical) {
    switch (this) {
      case UNARY_OPERATOR:
      case BINARY_OPERATOR:
        return "applyAs" + logical.title();
      case PREDICATE:
        return "test";
      default:
        return "accept";
    }
  }
}
