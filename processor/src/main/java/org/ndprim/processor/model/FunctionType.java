package org.ndprim.processor.model;

import com.palantir.javapoet.ClassName;

/**
 * The functional interface one scalar type uses for one {@link FunctionKind}.
 *
 * @param kind the kind
 * @param type the interface, e.g. {@code org.ndprim.ShortUnaryOperator} or
 *     {@code java.util.function.IntUnaryOperator}
 * @param method the single abstract method, e.g. {@code applyAsShort}
 * @param generated whether ndprim generates it (false: the JDK's)
 */
public record FunctionType(FunctionKind kind, ClassName type, String method, boolean generated) {}
