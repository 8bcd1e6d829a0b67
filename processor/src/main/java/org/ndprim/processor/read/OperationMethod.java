package org.ndprim.processor.read;

import java.util.List;

/**
 * A method of the spec class whose name is one of the operation names ({@code toLogical},
 * {@code toStorage}, {@code equal}, {@code hash}, {@code format}), or that is annotated
 * {@code @NdScalar.Ufunc} ({@link UfuncMethod}), whatever its signature.
 *
 * @param name the method name
 * @param parameters parameter types in order
 * @param returnType the return type
 * @param isStatic whether it is static
 * @param isPrivate whether it is private (generated code in the same package cannot call it)
 * @param isGeneric whether it declares type parameters
 * @param checkedExceptions checked exception types in its throws clause
 * @param site the method, for diagnostics
 */
public record OperationMethod(
    String name,
    List<TypeRef> parameters,
    TypeRef returnType,
    boolean isStatic,
    boolean isPrivate,
    boolean isGeneric,
    List<String> checkedExceptions,
    Site site) {
  /** Creates the record with immutable copies of the lists. */
  public OperationMethod {
    parameters = List.copyOf(parameters);
    checkedExceptions = List.copyOf(checkedExceptions);
  }
}
