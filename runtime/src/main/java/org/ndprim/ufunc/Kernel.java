package org.ndprim.ufunc;

/**
 * A ufunc's inner loop for one scalar type, NumPy's {@code PyUFuncGenericFunction}: computes
 * every element of one {@link Block}. Generated once per (operation, scalar type); called once per
 * block, never per element.
 */
@FunctionalInterface
public interface Kernel {
  /**
   * Computes the block's outputs from its inputs.
   *
   * @param block the operands' arrays, offsets, strides and counts
   * @throws ArithmeticException where NumPy raises for a value (an integer to a negative integer
   *     power); outputs of the block may then be partly written
   */
  void run(Block block);
}
