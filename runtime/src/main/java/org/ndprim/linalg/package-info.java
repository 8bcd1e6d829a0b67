/**
 * Linear algebra after NumPy's: the matrix products {@code matmul}, {@code dot}, {@code vdot},
 * {@code inner} and {@code outer} ({@link org.ndprim.linalg.LinAlg}), with NumPy's shape rules,
 * type promotion and messages.
 */
package org.ndprim.linalg;
