package org.ndprim;

/**
 * The five bit masks of a TF {@code StridedSlice} (names and builder style as TF-Java's
 * {@code org.tensorflow.op.core.StridedSlice.Options}). Bit {@code i} of a mask refers to entry
 * {@code i} of the {@code begin}/{@code end}/{@code strides} arrays; see
 * {@code org.ndprim.layout.Layout#stridedSlice} for the semantics and the precedence when several
 * masks set the same bit.
 *
 * <p>Immutable: each wither returns a new instance. Masks are 32-bit as in TF (its kernel reads
 * them as {@code int32}); a value is accepted when it fits {@code int} or unsigned 32 bits, and is
 * stored as its low 32 bits, so {@code -1} sets all 32 bits as in TF.
 *
 * <pre>{@code
 * StridedSliceOptions.none().endMask(0b1).shrinkAxisMask(0b10)
 * }</pre>
 */
public final class StridedSliceOptions {
  private static final StridedSliceOptions NONE = new StridedSliceOptions(0, 0, 0, 0, 0);

  private final long beginMask;
  private final long endMask;
  private final long ellipsisMask;
  private final long newAxisMask;
  private final long shrinkAxisMask;

  private StridedSliceOptions(long beginMask, long endMask, long ellipsisMask, long newAxisMask,
      long shrinkAxisMask) {
    this.beginMask = beginMask;
    this.endMask = endMask;
    this.ellipsisMask = ellipsisMask;
    this.newAxisMask = newAxisMask;
    this.shrinkAxisMask = shrinkAxisMask;
  }

  /** {@return the options with every mask 0 (a plain strided slice)} */
  public static StridedSliceOptions none() {
    return NONE;
  }

  /** {@return the same as {@link #none()}} The usual start of a chain of withers. */
  public static StridedSliceOptions create() {
    return NONE;
  }

  /**
   * {@return these options with {@code begin_mask} set: bit {@code i} ignores {@code begin[i]} and
   * starts at the first position of the walk (0 for a positive stride, {@code n-1} for a negative
   * one)}
   *
   * @param mask the mask: an {@code int}, or unsigned 32 bits ({@code -1} sets every bit)
   * @throws IllegalArgumentException if the value is not a 32-bit mask
   */
  public StridedSliceOptions beginMask(long mask) {
    return new StridedSliceOptions(check("begin_mask", mask), endMask, ellipsisMask, newAxisMask,
        shrinkAxisMask);
  }

  /**
   * {@return these options with {@code end_mask} set: bit {@code i} ignores {@code end[i]} and walks
   * to the end of the axis ({@code n} for a positive stride, "before index 0" for a negative one)}
   *
   * @param mask the mask: an {@code int}, or unsigned 32 bits ({@code -1} sets every bit)
   * @throws IllegalArgumentException if the value is not a 32-bit mask
   */
  public StridedSliceOptions endMask(long mask) {
    return new StridedSliceOptions(beginMask, check("end_mask", mask), ellipsisMask, newAxisMask,
        shrinkAxisMask);
  }

  /**
   * {@return these options with {@code ellipsis_mask} set: bit {@code i} makes entry {@code i} an
   * ellipsis (at most one bit may be set)}
   *
   * @param mask the mask: an {@code int}, or unsigned 32 bits ({@code -1} sets every bit)
   * @throws IllegalArgumentException if the value is not a 32-bit mask
   */
  public StridedSliceOptions ellipsisMask(long mask) {
    return new StridedSliceOptions(beginMask, endMask, check("ellipsis_mask", mask), newAxisMask,
        shrinkAxisMask);
  }

  /**
   * {@return these options with {@code new_axis_mask} set: bit {@code i} makes entry {@code i}
   * insert an output axis of length 1 (NumPy's {@code None})}
   *
   * @param mask the mask: an {@code int}, or unsigned 32 bits ({@code -1} sets every bit)
   * @throws IllegalArgumentException if the value is not a 32-bit mask
   */
  public StridedSliceOptions newAxisMask(long mask) {
    return new StridedSliceOptions(beginMask, endMask, ellipsisMask, check("new_axis_mask", mask),
        shrinkAxisMask);
  }

  /**
   * {@return these options with {@code shrink_axis_mask} set: bit {@code i} makes entry {@code i}
   * the integer index {@code begin[i]} (NumPy's {@code a[k]}), removing the axis}
   *
   * @param mask the mask: an {@code int}, or unsigned 32 bits ({@code -1} sets every bit)
   * @throws IllegalArgumentException if the value is not a 32-bit mask
   */
  public StridedSliceOptions shrinkAxisMask(long mask) {
    return new StridedSliceOptions(beginMask, endMask, ellipsisMask, newAxisMask,
        check("shrink_axis_mask", mask));
  }

  /** {@return {@code begin_mask} (bits 0-31)} */
  public long beginMask() {
    return beginMask;
  }

  /** {@return {@code end_mask} (bits 0-31)} */
  public long endMask() {
    return endMask;
  }

  /** {@return {@code ellipsis_mask} (bits 0-31)} */
  public long ellipsisMask() {
    return ellipsisMask;
  }

  /** {@return {@code new_axis_mask} (bits 0-31)} */
  public long newAxisMask() {
    return newAxisMask;
  }

  /** {@return {@code shrink_axis_mask} (bits 0-31)} */
  public long shrinkAxisMask() {
    return shrinkAxisMask;
  }

  private static long check(String name, long mask) {
    if (mask < Integer.MIN_VALUE || mask > 0xFFFF_FFFFL) {
      throw new IllegalArgumentException(name + " " + mask + " is not a 32-bit mask");
    }
    return mask & 0xFFFF_FFFFL;
  }

  /** Options are equal when all five masks are equal. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StridedSliceOptions)) {
      return false;
    }
    StridedSliceOptions other = (StridedSliceOptions) o;
    return beginMask == other.beginMask && endMask == other.endMask
        && ellipsisMask == other.ellipsisMask && newAxisMask == other.newAxisMask
        && shrinkAxisMask == other.shrinkAxisMask;
  }

  @Override
  public int hashCode() {
    long h = beginMask;
    h = 31 * h + endMask;
    h = 31 * h + ellipsisMask;
    h = 31 * h + newAxisMask;
    h = 31 * h + shrinkAxisMask;
    return Long.hashCode(h);
  }

  /**
   * Returns e.g. {@code StridedSliceOptions[beginMask=0b0, endMask=0b1, ellipsisMask=0b10,
   * newAxisMask=0b100, shrinkAxisMask=0b1000]}.
   */
  @Override
  public String toString() {
    return "StridedSliceOptions[beginMask=0b" + Long.toBinaryString(beginMask)
        + ", endMask=0b" + Long.toBinaryString(endMask)
        + ", ellipsisMask=0b" + Long.toBinaryString(ellipsisMask)
        + ", newAxisMask=0b" + Long.toBinaryString(newAxisMask)
        + ", shrinkAxisMask=0b" + Long.toBinaryString(shrinkAxisMask) + "]";
  }
}
