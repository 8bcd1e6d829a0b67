package org.ndprim.testing;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.Shape;
import org.ndprim.layout.Layout;

/** Random storages and views for the seeded property tests of the ufunc driver and reductions. */
public final class RandomArrays {
  private RandomArrays() {}

  /**
   * A view of {@code dims} into {@code base}, which is twice as long on each axis: per axis step
   * 1, 2 or -1 (drawn from {@code random}).
   */
  public static NdArray view(Random random, NdArray base, long[] dims) {
    Layout l = base.layout();
    long offset = l.offset();
    long[] strides = new long[dims.length];
    for (int i = 0; i < dims.length; i++) {
      long s = l.stride(i);
      switch (random.nextInt(3)) {
        case 0 -> strides[i] = s;
        case 1 -> strides[i] = 2 * s;
        default -> {
          strides[i] = -s;
          offset += Math.max(dims[i] - 1, 0) * s;
        }
      }
    }
    return base.asStrided(Layout.of(offset, dims, strides));
  }

  /**
   * Zeros of {@code type} and {@code shape}: over a Java array, or (half the time) over a heap
   * buffer that starts 3 bytes into its memory, in either byte order.
   */
  public static NdArray storage(Random random, ScalarType<?> type, Shape shape) {
    if (random.nextBoolean()) {
      return type.zeros(shape);
    }
    ByteBuffer buffer = ByteBuffer.allocate((int) type.byteSize(shape) + 3).position(3).slice()
        .order(random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    return type.wrap(shape, buffer);
  }
}
