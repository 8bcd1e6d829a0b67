/**
 * Support for generated code: NumPy's array and element text ({@link org.ndprim.text.NdFormat},
 * {@link org.ndprim.text.Formats}), which generated {@code toString} methods and user specs'
 * {@code format} methods call.
 */
package org.ndprim.text;
