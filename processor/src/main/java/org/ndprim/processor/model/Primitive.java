package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.Optional;

/**
 * The per-primitive facts, in one table (after Eclipse Collections' {@code Primitive}): Java
 * name, size, zero, and the default equality, hash and format. Only {@link ScalarModel} reads it;
 * writers ask the model.
 */
public enum Primitive {
  /** {@code boolean}, one byte in NumPy ({@code |b1}). */
  BOOLEAN(TypeName.BOOLEAN, "Boolean", 1, "false", Equality.OPERATOR, "formatBoolean", "Byte"),
  /** {@code byte}. */
  BYTE(TypeName.BYTE, "Byte", 1, "(byte) 0", Equality.OPERATOR, "formatLong", "Byte"),
  /** {@code short}. */
  SHORT(TypeName.SHORT, "Short", 2, "(short) 0", Equality.OPERATOR, "formatLong", "Short"),
  /** {@code char}, an unsigned 16-bit code ({@code <u2}). */
  CHAR(TypeName.CHAR, "Character", 2, "'\\u0000'", Equality.OPERATOR, "formatChar", "Char"),
  /** {@code int}. */
  INT(TypeName.INT, "Integer", 4, "0", Equality.OPERATOR, "formatLong", "Int"),
  /** {@code long}. */
  LONG(TypeName.LONG, "Long", 8, "0L", Equality.OPERATOR, "formatLong", "Long"),
  /** {@code float}: equality and hash as {@link Float#equals}. */
  FLOAT(TypeName.FLOAT, "Float", 4, "0.0f", Equality.FLOAT_BITS, "formatFloat", "Float"),
  /** {@code double}: equality and hash as {@link Double#equals}. */
  DOUBLE(TypeName.DOUBLE, "Double", 8, "0.0", Equality.DOUBLE_BITS, "formatDouble", "Double");

  private enum Equality {
    OPERATOR,
    FLOAT_BITS,
    DOUBLE_BITS
  }

  private static final ClassName FORMATS = ClassName.get("org.ndprim.text", "Formats");

  private final TypeName type;
  private final ClassName box;
  private final int bytes;
  private final String zero;
  private final Equality equality;
  private final String formatMethod;
  /** The {@code java.nio} buffer kind that holds values of this primitive in memory. */
  private final String bufferKind;

  Primitive(TypeName type, String box, int bytes, String zero, Equality equality,
      String formatMethod, String bufferKind) {
    this.type = type;
    this.box = ClassName.get("java.lang", box);
    this.bytes = bytes;
    this.zero = zero;
    this.equality = equality;
    this.formatMethod = formatMethod;
    this.bufferKind = bufferKind;
  }

  /**
   * Returns the {@code java.nio} buffer that reads and writes values of this primitive in memory:
   * {@code ShortBuffer} for {@code short}, ..., {@code ByteBuffer} for {@code byte} and for
   * {@code boolean} (one byte each, nonzero is {@code true}, as NumPy's {@code |b1}).
   */
  ClassName buffer() {
    return ClassName.get("java.nio", bufferKind + "Buffer");
  }

  /**
   * Returns the {@code ByteBuffer} method making the typed view of {@link #buffer()}
   * ({@code asShortBuffer}), or empty for the one-byte primitives, which read the bytes directly.
   */
  Optional<String> bufferView() {
    return bytes == 1 ? Optional.empty() : Optional.of("as" + bufferKind + "Buffer");
  }

  /** Returns whether memory holds this primitive as something else (a boolean as a byte). */
  boolean storedAsByte() {
    return this == BOOLEAN;
  }

  /** Returns the primitive spelled {@code keyword} ({@code "short"}), if any. */
  public static Optional<Primitive> forKeyword(String keyword) {
    for (Primitive p : values()) {
      if (p.keyword().equals(keyword)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** Returns the Java keyword, e.g. {@code short}. */
  public String keyword() {
    return type.toString();
  }

  /** Returns the JavaPoet type. */
  public TypeName type() {
    return type;
  }

  /** Returns the box class, e.g. {@code java.lang.Short}. */
  public ClassName box() {
    return box;
  }

  /** Returns the size in bytes, as NumPy's item size ({@code boolean} is one byte). */
  public int bytes() {
    return bytes;
  }

  /** Returns whether this is {@code float} or {@code double}. */
  public boolean isFloatingPoint() {
    return equality != Equality.OPERATOR;
  }

  /** Returns the keyword with a capital first letter, e.g. {@code Short}, {@code Char}. */
  public String title() {
    String k = keyword();
    return Character.toUpperCase(k.charAt(0)) + k.substring(1);
  }

  /**
   * Returns whether {@code java.util.function} has primitive specialisations for this type
   * ({@code IntUnaryOperator}, {@code LongBinaryOperator}, {@code DoublePredicate}, ...).
   */
  boolean hasJdkFunctions() {
    return this == INT || this == LONG || this == DOUBLE;
  }

  /** Returns whether arithmetic reductions apply: every type but {@code boolean}. */
  boolean isNumeric() {
    return this != BOOLEAN;
  }

  /**
   * Returns the code of "{@code a} orders before {@code b}", NumPy's order of the dtype: Java's
   * {@code <} for numbers (a NaN compares false, {@code char} is unsigned), {@code false} before
   * {@code true} for {@code boolean}.
   */
  CodeBlock less(CodeBlock a, CodeBlock b) {
    return this == BOOLEAN ? CodeBlock.of("!$L && $L", a, b) : CodeBlock.of("$L < $L", a, b);
  }

  /** Returns the code of "{@code a} orders after {@code b}", the mirror of {@link #less}. */
  CodeBlock greater(CodeBlock a, CodeBlock b) {
    return this == BOOLEAN ? CodeBlock.of("$L && !$L", a, b) : CodeBlock.of("$L > $L", a, b);
  }

  /**
   * Returns the type a value is read as when cast to another type, and the type sums accumulate
   * in: {@code double} for floating point, else {@code long} (booleans as 0 and 1).
   */
  Primitive wide() {
    return isFloatingPoint() ? DOUBLE : LONG;
  }

  /** Returns the code widening a value of this type to {@link #wide()}. */
  CodeBlock widen(CodeBlock value) {
    return this == BOOLEAN ? CodeBlock.of("($L ? 1L : 0L)", value) : value;
  }

  /**
   * Returns the code converting a {@code long} or {@code double} expression (per
   * {@code source}) to this type, with NumPy's casting results: Java's narrowing casts (integers
   * wrap; a {@code double} truncates toward zero through {@code int} for the types narrower than
   * {@code int}), and for {@code boolean} "nonzero" (so NaN is true).
   */
  CodeBlock narrow(Primitive source, CodeBlock value) {
    if (this == BOOLEAN) {
      return CodeBlock.of("$L != $L", value, source == DOUBLE ? "0.0" : "0L");
    }
    return this == source ? value : CodeBlock.of("($T) $L", type, value);
  }

  /** Returns the zero literal, e.g. {@code (short) 0}. */
  CodeBlock zero() {
    return CodeBlock.of("$L", zero);
  }

  /** Returns the default equality of two values; floats compare bits as {@link Float#equals}. */
  CodeBlock equal(CodeBlock a, CodeBlock b) {
    switch (equality) {
      case FLOAT_BITS:
        return CodeBlock.of("$T.floatToIntBits($L)$W== $T.floatToIntBits($L)", box, a, box, b);
      case DOUBLE_BITS:
        return CodeBlock.of("$T.doubleToLongBits($L)$W== $T.doubleToLongBits($L)", box, a, box, b);
      default:
        return CodeBlock.of("$L == $L", a, b);
    }
  }

  /** Returns the negation of {@link #equal}, e.g. {@code a != b}. */
  CodeBlock notEqual(CodeBlock a, CodeBlock b) {
    switch (equality) {
      case FLOAT_BITS:
        return CodeBlock.of("$T.floatToIntBits($L)$W!= $T.floatToIntBits($L)", box, a, box, b);
      case DOUBLE_BITS:
        return CodeBlock.of("$T.doubleToLongBits($L)$W!= $T.doubleToLongBits($L)", box, a, box, b);
      default:
        return CodeBlock.of("$L != $L", a, b);
    }
  }

  /** Returns the default hash, {@code Short.hashCode(v)}: consistent with {@link #equal}. */
  CodeBlock hash(CodeBlock value) {
    return CodeBlock.of("$T.hashCode($L)", box, value);
  }

  /** Returns the default NumPy-like formatting of one value via the runtime's {@code Formats}. */
  CodeBlock format(CodeBlock value) {
    return CodeBlock.of("$T.$N($L)", FORMATS, formatMethod, value);
  }
}
