package org.ndprim;

/**
 * Thrown by every write (typed setters, {@code fill}, {@code copyFrom}, {@code set}, in-place
 * kernels) through a read-only array: a {@link NdArray#broadcastTo broadcast} view, whose stride-0
 * axes make many coordinates share one storage element (as NumPy, whose {@code broadcast_to}
 * result is read-only), a {@link NdArray#readOnly() read-only view}, or an array over read-only
 * memory (a read-only buffer, or a file {@code Npy.map}ped read-only: the message names the
 * file). The check comes before
 * anything is written, so a failed write leaves the data untouched.
 *
 * <p>An {@link UnsupportedOperationException}, as the JDK's unmodifiable collections throw.
 */
public class ReadOnlyArrayException extends UnsupportedOperationException {
  private static final long serialVersionUID = 1L;

  /** Creates the exception with the standard message. */
  public ReadOnlyArrayException() {
    this("array is read-only: it is a broadcast or read-only view; write to a copy() instead");
  }

  /**
   * Creates the exception with the given message.
   *
   * @param message the detail message
   */
  public ReadOnlyArrayException(String message) {
    super(message);
  }
}
