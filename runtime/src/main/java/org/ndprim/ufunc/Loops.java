package org.ndprim.ufunc;

/**
 * The inner loops of one scalar type: for each ufunc it computes natively, its {@link Kernel}.
 * Generated as {@code <Name>Loops} for every type that computes in its own storage; a type that
 * computes through another one (float16 and bfloat16 through float32) has none, and the ufunc
 * driver casts its blocks.
 */
public interface Loops {
  /**
   * {@return the kernel of the ufunc with NumPy's name {@code ufunc} (e.g. {@code "add"}), or
   * {@code null} if this type has none}
   *
   * @param ufunc NumPy's name of the ufunc
   */
  Kernel kernel(String ufunc);
}
