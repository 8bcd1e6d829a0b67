package org.ndprim.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.ndprim.DoubleNdArray;
import org.ndprim.IntNdArray;
import org.ndprim.ReadOnlyArrayException;
import org.ndprim.Shape;
import org.ndprim.StridedSliceOptions;

/**
 * Layout arithmetic is {@code long} everywhere (SEMANTICS checklist 14, issue 3 point 7): a
 * stride-0 broadcast view with more than 2^31 elements costs one element of storage and indexes
 * correctly at its far end, through every view on top of it.
 */
class LargeBroadcastTest {
  private static final long N = 1L << 16;

  @Test
  void broadcastBeyondTwoToTheThirtyOneReadsItsFarEnd() {
    IntNdArray seven = IntNdArray.full(Shape.of(1), 7);
    IntNdArray big = seven.broadcastTo(Shape.of(N, N));
    assertThat(big.size()).isEqualTo(1L << 32).isGreaterThan(Integer.MAX_VALUE);
    assertThat(big.shape()).isEqualTo(Shape.of(N, N));
    assertThat(big.isReadOnly()).isTrue();
    assertThat(big.getInt(N - 1, N - 1)).isEqualTo(7);
    assertThat(big.getInt(-1, -1)).isEqualTo(7);
    assertThat(big.getInt(new long[] {N - 1, 0})).isEqualTo(7);
    assertThat(big.getObject(N / 2, N - 1)).isEqualTo(7);
    // A write to the one stored element shows at every coordinate.
    seven.setInt(8, 0);
    assertThat(big.getInt(N - 1, N - 1)).isEqualTo(8);
    // Bounds are checked in long: one past the end is an error, not a wrapped index.
    assertThatThrownBy(() -> big.getInt(N, 0))
        .isExactlyInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("index 65536 is out of bounds for axis 0 with size 65536");
    assertThatThrownBy(() -> big.setInt(1, 0, 0)).isInstanceOf(ReadOnlyArrayException.class);
  }

  @Test
  void viewsOfAHugeBroadcastKeepLongSizesAndOffsets() {
    IntNdArray row = IntNdArray.vector(0, 1, 2, 3);
    IntNdArray big = row.broadcastTo(Shape.of(N, N, 4)); // 2^34 elements
    assertThat(big.size()).isEqualTo(1L << 34);
    assertThat(big.getInt(N - 1, N - 1, 3)).isEqualTo(3);
    IntNdArray t = big.transpose(); // (4, N, N)
    assertThat(t.getInt(2, N - 1, N - 1)).isEqualTo(2);
    IntNdArray tail = big.slice("-2:, ::-1, 1::2"); // (2, N, 2)
    assertThat(tail.shape()).isEqualTo(Shape.of(2, N, 2));
    assertThat(tail.getInt(1, N - 1, 1)).isEqualTo(3);
    IntNdArray strided = big.stridedSlice(new long[] {N - 1, 0}, new long[] {0, 0},
        new long[] {-1, 3}, StridedSliceOptions.none().endMask(0b11));
    assertThat(strided.size()).isEqualTo(N * ((N + 2) / 3) * 4);
    assertThat(strided.getInt(N - 1, (N + 2) / 3 - 1, 1)).isEqualTo(1);
    assertThat(big.reshape(Shape.of(N * N, 4)).getInt(N * N - 1, 2)).isEqualTo(2);
    assertThat(big.suffix(1).get(0).prefix(N).getInt(N - 1, 3)).isEqualTo(3);
    assertThat(big.expandDims(0).permute(3, 1, 2, 0).squeeze(3).getInt(3, N - 1, N - 1))
        .isEqualTo(3);
  }

  @Test
  void toStringIsBoundedAndBulkCopiesRefuseToWrap() {
    DoubleNdArray big = DoubleNdArray.scalar(1.5).broadcastTo(Shape.of(N, N));
    String text = big.toString();
    assertThat(text).contains("...").hasSizeLessThan(200);
    assertThat(text).startsWith("[[1.5 1.5 1.5 ... 1.5 1.5 1.5]");
    // More elements than a Java array holds: a too-big error, never a truncated array.
    assertThatThrownBy(big::toArray).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("toArray: cannot allocate an array of shape (65536, 65536): it has 4294967296"
            + " elements, more than a Java array holds (2147483639)");
    // A copy would go to memory in chunks, but needs more than the whole heap: a clear error
    // before anything is allocated, never an OutOfMemoryError.
    assertThatThrownBy(big::copy).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cannot allocate an array of shape (65536, 65536) of Double:"
            + " it needs 34359738368 bytes (32.0 GiB), more than the maximum heap");
  }
}
