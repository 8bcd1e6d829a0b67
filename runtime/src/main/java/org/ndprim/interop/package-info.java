/**
 * Support for generated code: {@link org.ndprim.interop.NestedArrays}, the shape inference,
 * checks and C-order walks behind the generated {@code fromJava}, {@code toJava} and
 * {@code copyToJava} over nested Java arrays ({@code short[][]}, ...).
 */
package org.ndprim.interop;
