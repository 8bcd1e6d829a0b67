package org.ndprim.processor.read;

/**
 * A method of the spec class annotated {@code @NdScalar.Ufunc}, whatever its signature: the
 * spec's own implementation of one ufunc for its elements.
 *
 * @param ufunc the annotation's value, the ufunc's NumPy name as written (null when javac could
 *     not evaluate it; javac then reports it)
 * @param ufuncSite the annotation's value, for diagnostics about the name
 * @param method the annotated method (its name is free)
 */
public record UfuncMethod(String ufunc, Site ufuncSite, OperationMethod method) {}
