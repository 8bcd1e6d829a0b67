package org.ndprim.ufunc;

/**
 * One block of a ufunc's inner loop, as NumPy hands its strided loops {@code (args, dimensions,
 * steps)}: {@link #rows} rows of {@link #count} elements. Operand {@code x}'s element
 * {@code (r, k)} is {@code x[xi + r * xr + k * xs]} in its Java array, in storage slots (two per
 * element for complex types: real part, then imaginary part). Operands: {@code a} (first input,
 * or the condition of {@code where}), {@code b} (second input), {@code c} (third input of
 * {@code where}), {@code o} (output).
 *
 * <p>For generated kernels: the ufunc driver fills one instance per call and reuses it for every
 * block; kernels read it and never keep it. Not thread-safe.
 */
public final class Block {
  /** The first operand's Java array. */
  public Object a;
  /** The second operand's Java array, or {@code null}. */
  public Object b;
  /** The third operand's Java array, or {@code null}. */
  public Object c;
  /** The output's Java array. */
  public Object o;
  /** Index of the first element of {@code a}. */
  public int ai;
  /** Step between elements of a row of {@code a} (0 where broadcast). */
  public int as;
  /** Step between rows of {@code a}. */
  public int ar;
  /** Index of the first element of {@code b}. */
  public int bi;
  /** Step between elements of a row of {@code b}. */
  public int bs;
  /** Step between rows of {@code b}. */
  public int br;
  /** Index of the first element of {@code c}. */
  public int ci;
  /** Step between elements of a row of {@code c}. */
  public int cs;
  /** Step between rows of {@code c}. */
  public int cr;
  /** Index of the first element of {@code o}. */
  public int oi;
  /** Step between elements of a row of {@code o}. */
  public int os;
  /** Step between rows of {@code o}. */
  public int or;
  /** Elements per row. */
  public int count;
  /** Rows in the block. */
  public int rows;

  /** Creates an empty block. */
  public Block() {}
}
