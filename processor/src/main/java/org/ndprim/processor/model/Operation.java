package org.ndprim.processor.model;

import java.util.List;
import java.util.Optional;

/**
 * The static methods a spec class may declare, with the signature each must have. Signatures are
 * expressed with {@code s} (storage) and {@code x} (logical) so validation can state them exactly.
 */
public enum Operation {
  /** {@code static x toLogical(s storage)}. */
  TO_LOGICAL("toLogical", List.of(Slot.STORAGE), Slot.LOGICAL, "bits"),
  /** {@code static s toStorage(x value)}. */
  TO_STORAGE("toStorage", List.of(Slot.LOGICAL), Slot.STORAGE, "value"),
  /**
   * {@code static x fromLong(long value)}: the value NumPy's {@code astype} makes of an
   * {@code int64} (and of every integer and boolean source, read as {@code int64}).
   */
  FROM_LONG("fromLong", List.of(Slot.LONG), Slot.LOGICAL, "value"),
  /**
   * {@code static x fromDouble(double value)}: the value NumPy's {@code astype} makes of a
   * {@code float64} (and of every floating-point source, read as {@code float64}).
   */
  FROM_DOUBLE("fromDouble", List.of(Slot.DOUBLE), Slot.LOGICAL, "value"),
  /**
   * {@code static int compare(x a, x b)}: NumPy's order of the dtype, for {@code min},
   * {@code max}, {@code argMin} and {@code argMax} (e.g. {@code Long.compareUnsigned} for
   * {@code uint64}).
   */
  COMPARE("compare", List.of(Slot.LOGICAL, Slot.LOGICAL), Slot.INT, "a, b"),
  /** {@code static boolean equal(x a, x b)}. */
  EQUAL("equal", List.of(Slot.LOGICAL, Slot.LOGICAL), Slot.BOOLEAN, "a, b"),
  /** {@code static int hash(x value)}. */
  HASH("hash", List.of(Slot.LOGICAL), Slot.INT, "value"),
  /** {@code static String format(x value)}. */
  FORMAT("format", List.of(Slot.LOGICAL), Slot.STRING, "value");

  /** A type in an operation signature. */
  public enum Slot {
    /** The storage primitive. */
    STORAGE,
    /** The logical primitive. */
    LOGICAL,
    /** {@code boolean}. */
    BOOLEAN,
    /** {@code int}. */
    INT,
    /** {@code long}. */
    LONG,
    /** {@code double}. */
    DOUBLE,
    /** {@code java.lang.String}. */
    STRING;

    /** Returns the type name for this slot in the given scalar types (qualified for classes). */
    public String typeName(Primitive storage, Primitive logical) {
      switch (this) {
        case STORAGE:
          return storage.keyword();
        case LOGICAL:
          return logical.keyword();
        case BOOLEAN:
          return "boolean";
        case INT:
          return "int";
        case LONG:
          return "long";
        case DOUBLE:
          return "double";
        default:
          return "java.lang.String";
      }
    }
  }

  private final String methodName;
  private final List<Slot> parameters;
  private final Slot returns;
  private final String parameterNames;

  Operation(String methodName, List<Slot> parameters, Slot returns, String parameterNames) {
    this.methodName = methodName;
    this.parameters = parameters;
    this.returns = returns;
    this.parameterNames = parameterNames;
  }

  /** Returns the operation declared by a method of this name, if any. */
  public static Optional<Operation> forMethodName(String name) {
    for (Operation op : values()) {
      if (op.methodName.equals(name)) {
        return Optional.of(op);
      }
    }
    return Optional.empty();
  }

  /** Returns the method name, e.g. {@code toLogical}. */
  public String methodName() {
    return methodName;
  }

  /** Returns the parameter slots in order. */
  public List<Slot> parameters() {
    return parameters;
  }

  /** Returns the return slot. */
  public Slot returns() {
    return returns;
  }

  /** Returns whether this is a storage/logical conversion. */
  public boolean isConversion() {
    return this == TO_LOGICAL || this == TO_STORAGE;
  }

  /**
   * Returns the declaration a user should write, e.g. {@code static float toLogical(short bits)}.
   */
  public String declaration(Primitive storage, Primitive logical) {
    String[] names = parameterNames.split(", ");
    StringBuilder sb = new StringBuilder("static ")
        .append(simple(returns.typeName(storage, logical))).append(' ')
        .append(methodName).append('(');
    for (int i = 0; i < parameters.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(simple(parameters.get(i).typeName(storage, logical))).append(' ').append(names[i]);
    }
    return sb.append(')').toString();
  }

  private static String simple(String typeName) {
    return typeName.substring(typeName.lastIndexOf('.') + 1);
  }
}
