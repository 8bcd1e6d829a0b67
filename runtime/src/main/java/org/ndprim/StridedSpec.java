package org.ndprim;

import java.util.Arrays;
import java.util.Objects;

/**
 * The arguments of one TF {@code StridedSlice}: {@code begin}, {@code end}, {@code strides} (equal
 * lengths) and the five masks. {@link #fromIndices(Index...)} builds it from a NumPy
 * basic-indexing spec exactly as {@code tf.Tensor.__getitem__} ({@code _slice_helper}) does, so
 * code migrating from TF can check its encodings, and
 * {@code layout.stridedSlice(s.begin(), s.end(), s.strides(), s.options())} gives the same view as
 * {@code layout.slice(indices)}.
 *
 * <p>The arrays are copied in and out; equality is by value.
 *
 * @param begin the begin of each entry
 * @param end the (exclusive) end of each entry
 * @param strides the stride of each entry
 * @param options the five masks
 */
public record StridedSpec(long[] begin, long[] end, long[] strides, StridedSliceOptions options) {
  /** The largest number of entries: TF's masks are 32-bit and it requires fewer than 32 entries. */
  public static final int MAX_ENTRIES = 31;

  /**
   * Copies the arrays.
   *
   * @param begin the begin of each entry
   * @param end the (exclusive) end of each entry
   * @param strides the stride of each entry
   * @param options the five masks
   * @throws IllegalArgumentException if the arrays differ in length
   */
  public StridedSpec {
    Objects.requireNonNull(options, "options");
    if (begin.length != strides.length || end.length != strides.length) {
      throw new IllegalArgumentException("begin, end and strides differ in length: "
          + begin.length + ", " + end.length + " and " + strides.length);
    }
    begin = begin.clone();
    end = end.clone();
    strides = strides.clone();
  }

  /**
   * Lowers a basic-indexing spec to StridedSlice arguments as {@code tf.Tensor.__getitem__}
   * does, one entry per index (SEMANTICS.md, "Encoding a numpy index"):
   *
   * <ul>
   *   <li>{@code at(k)}: begin {@code k}, end {@code k+1}, stride 1, {@code shrink_axis_mask} bit;
   *       for {@code k == Long.MAX_VALUE} the end stays {@code k} (TF's Python cannot even build
   *       that end; the kernel ignores the end of a shrink entry anyway);
   *   <li>{@code start:stop:step}: begin {@code start}, or 0 with the {@code begin_mask} bit when
   *       omitted; end {@code stop}, or 0 with the {@code end_mask} bit when omitted; stride
   *       {@code step};
   *   <li>{@code ...}: 0, 0, 1 and the {@code ellipsis_mask} bit (two ellipses give two bits,
   *       which the kernel rejects);
   *   <li>{@code None}: 0, 0, 1 and the {@code new_axis_mask} bit.
   * </ul>
   *
   * <p>{@code Indices.at(k, true)} (keepDim) has no single-entry equivalent that keeps its
   * validation ({@code k:k+1} would clamp instead of failing, and is empty for {@code k == -1}),
   * so it lowers to two entries: a shrink entry for {@code k} followed by a new axis.
   *
   * @param indices the basic-indexing spec
   * @return the StridedSlice arguments
   * @throws IllegalArgumentException if the encoding needs more than {@link #MAX_ENTRIES} entries
   */
  public static StridedSpec fromIndices(Index... indices) {
    int count = 0;
    for (Index index : indices) {
      if (index.isAdvanced()) {
        throw new IllegalArgumentException("index entry " + index + " is an advanced index (an"
            + " array), which a StridedSlice spec cannot express");
      }
      count += index.kind() == Index.Kind.AT && index.keepDim() ? 2 : 1;
    }
    if (count > MAX_ENTRIES) {
      throw new IllegalArgumentException("a StridedSlice spec has at most " + MAX_ENTRIES
          + " entries (its masks are 32-bit), this one needs " + count);
    }
    long[] begin = new long[count];
    long[] end = new long[count];
    long[] strides = new long[count];
    long beginMask = 0;
    long endMask = 0;
    long ellipsisMask = 0;
    long newAxisMask = 0;
    long shrinkMask = 0;
    int i = 0;
    for (Index index : indices) {
      long bit = 1L << i;
      strides[i] = 1;
      switch (index.kind()) {
        case AT:
          begin[i] = index.index();
          end[i] = index.index() == Long.MAX_VALUE ? Long.MAX_VALUE : index.index() + 1;
          shrinkMask |= bit;
          if (index.keepDim()) {
            i++;
            strides[i] = 1;
            newAxisMask |= 1L << i;
          }
          break;
        case RANGE:
          if (index.start() == null) {
            beginMask |= bit;
          } else {
            begin[i] = index.start();
          }
          if (index.stop() == null) {
            endMask |= bit;
          } else {
            end[i] = index.stop();
          }
          strides[i] = index.step();
          break;
        case ELLIPSIS:
          ellipsisMask |= bit;
          break;
        default: // NEW_AXIS
          newAxisMask |= bit;
      }
      i++;
    }
    return new StridedSpec(begin, end, strides, StridedSliceOptions.none().beginMask(beginMask)
        .endMask(endMask).ellipsisMask(ellipsisMask).newAxisMask(newAxisMask)
        .shrinkAxisMask(shrinkMask));
  }

  /** {@return a copy of the begins} */
  @Override
  public long[] begin() {
    return begin.clone();
  }

  /** {@return a copy of the ends} */
  @Override
  public long[] end() {
    return end.clone();
  }

  /** {@return a copy of the strides} */
  @Override
  public long[] strides() {
    return strides.clone();
  }

  /** {@return the number of entries} */
  public int length() {
    return strides.length;
  }

  /** Specs are equal when the arrays and the options are equal. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StridedSpec)) {
      return false;
    }
    StridedSpec other = (StridedSpec) o;
    return Arrays.equals(begin, other.begin) && Arrays.equals(end, other.end)
        && Arrays.equals(strides, other.strides) && options.equals(other.options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(begin), Arrays.hashCode(end), Arrays.hashCode(strides),
        options);
  }

  /** Returns e.g. {@code StridedSpec[begin=[1, 0], end=[0, 0], strides=[1, 1], options=...]}. */
  @Override
  public String toString() {
    return "StridedSpec[begin=" + Arrays.toString(begin) + ", end=" + Arrays.toString(end)
        + ", strides=" + Arrays.toString(strides) + ", options=" + options + "]";
  }
}
