/**
 * Computing with arrays, after NumPy's universal functions: type promotion
 * ({@link org.ndprim.ufunc.Promotion}, NumPy 2's {@code np.result_type} with NEP 50's weak Python
 * scalars). The element-wise operations, reductions and their kernels, which run on
 * {@link org.ndprim.layout.NdIter}, come next.
 */
package org.ndprim.ufunc;
