package org.ndprim.processor;

import javax.tools.Diagnostic;

/**
 * Every diagnostic the ndprim processor reports, in one place.
 *
 * <p>Messages have the shape {@code [ndprim/<Code>] <what is wrong>. <how to fix>.}, after Dagger's
 * tagged diagnostics, so a build log can be searched by code. generated-tests holds one
 * compile-testing case per constant and fails when a constant has none.
 */
public enum DiagnosticCode {
  /** The annotated type is not a class generated code can call into (interface, enum, inner class...). */
  NotAClass,
  /** {@code name} is not a Java identifier starting with an upper-case letter. */
  InvalidName,
  /** {@code storage} is not one of the eight primitive classes. */
  StorageNotPrimitive,
  /** {@code logical} is neither a primitive class nor {@code void.class}. */
  LogicalNotPrimitive,
  /**
   * A spec in {@code org.ndprim} takes the name of a built-in type ({@code Int}) it would silently
   * replace.
   */
  BuiltInName,
  /**
   * {@code dtype} is not a NumPy descriptor {@code [<>|=][biufcV]<n>} of an item size NumPy
   * accepts for its kind ({@code <b2}, {@code <f1}, {@code <c4} are not).
   */
  BadDtype,
  /** The item size in {@code dtype} differs from the size of the storage primitive times the slots. */
  DtypeSizeMismatch,
  /**
   * {@code slots} is not 1 or 2, or a complex spec is inconsistent: slots 2 without a complex
   * dtype (or the reverse), parts other than float or double, a logical type or operations.
   */
  BadSlots,
  /** {@code logical} differs from {@code storage} but {@code toLogical} or {@code toStorage} is missing. */
  MissingConversion,
  /** {@code toLogical} or {@code toStorage} is declared although logical equals storage; it is ignored. */
  ConversionNotNeeded(Diagnostic.Kind.WARNING),
  /** A method named like an operation has the wrong modifiers, parameters, return type or throws clause. */
  BadOperationSignature,
  /** An {@code @NdScalar.Ufunc} names no ufunc ndprim has ({@code "plus"}, {@code "floorDivide"}). */
  UnknownUfunc,
  /**
   * An {@code @NdScalar.Ufunc} names a ufunc the type cannot declare: the type computes in a
   * built-in type's loops (a floating-point logical type), or the ufunc is not computed in an
   * integer type itself ({@code sqrt}, {@code true_divide}).
   */
  UfuncNotDeclarable,
  /**
   * An {@code @NdScalar.Ufunc} method has the wrong modifiers, parameters (one logical value per
   * input), return type (the logical type, or {@code boolean} for a comparison) or throws clause.
   */
  BadUfuncSignature,
  /** Two {@code @NdScalar.Ufunc} methods of one spec declare the same ufunc. */
  DuplicateUfunc,
  /**
   * An {@code @NdScalar.Ufunc} method is named like a spec operation ({@code equal},
   * {@code compare}, {@code hash}, ...), so it would be that operation too.
   */
  UfuncNamedLikeOperation,
  /** Only one of {@code equal} and {@code hash} is declared. */
  EqualWithoutHash,
  /** Two specs declare the same {@code name} in a package, or generate types of the same name. */
  DuplicateName,
  /** The generated file could not be written (for example, a file of that name already exists). */
  CannotWrite,
  /** An unexpected exception inside the processor: a bug in ndprim. */
  Internal;

  private final Diagnostic.Kind kind;

  DiagnosticCode() {
    this(Diagnostic.Kind.ERROR);
  }

  DiagnosticCode(Diagnostic.Kind kind) {
    this.kind = kind;
  }

  /** {@return whether this code is reported as an error or a warning} */
  public Diagnostic.Kind kind() {
    return kind;
  }

  /** {@return the tag that starts every message of this code, e.g. {@code [ndprim/BadDtype]}} */
  public String tag() {
    return "[ndprim/" + name() + "]";
  }

  /**
   * Formats a message: {@code [ndprim/Code] problem. fix.}
   *
   * @param problem what is wrong, without the final period
   * @param fix how to fix it, without the final period
   * @return the message
   */
  public String message(String problem, String fix) {
    return tag() + " " + problem + ". " + fix + ".";
  }
}
