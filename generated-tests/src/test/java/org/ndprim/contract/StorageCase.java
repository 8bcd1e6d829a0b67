package org.ndprim.contract;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ndprim.NdArray;
import org.ndprim.ScalarType;
import org.ndprim.storage.Chunks;

/**
 * The storages the behaviour contract runs over: every array a contract test makes (through
 * {@code of}, {@code zeros}, {@code full}, {@code scalar}, {@code vector}) is moved into one of
 * them, values and shape unchanged, before the test uses it.
 */
public enum StorageCase {
  /** A Java array of the storage primitive, as the factories make it. */
  ARRAY("a Java array"),
  /** One heap buffer in the platform's (little-endian) byte order. */
  HEAP_BUFFER("a heap buffer"),
  /** One direct buffer in big-endian order, so every element access swaps bytes. */
  DIRECT_BIG_ENDIAN("a direct big-endian buffer"),
  /**
   * Heap memory in 16-byte chunks: two to sixteen elements per chunk, so walks cross chunk
   * boundaries everywhere, as a file beyond 2 GiB does at every GiB.
   */
  TINY_CHUNKS("16-byte chunks");

  /** The chunk size of {@link #TINY_CHUNKS}. */
  static final int TINY = 16;

  private final String description;

  StorageCase(String description) {
    this.description = description;
  }

  /**
   * Returns new zeroed memory of {@code bytes} bytes in this storage (not for {@link #ARRAY}).
   *
   * @param bytes the size
   * @return the memory
   */
  public Chunks memory(long bytes) {
    switch (this) {
      case HEAP_BUFFER:
        return Chunks.of(ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN));
      case DIRECT_BIG_ENDIAN:
        return Chunks.of(ByteBuffer.allocateDirect(Math.toIntExact(bytes))
            .order(ByteOrder.BIG_ENDIAN));
      case TINY_CHUNKS:
        return Chunks.allocate(bytes, TINY);
      default:
        throw new IllegalStateException(this + " is not memory");
    }
  }

  /**
   * Returns {@code a} moved into this storage: a new writable C-order array of {@code type} over
   * it, with {@code a}'s shape and values ({@code a} itself for {@link #ARRAY}).
   *
   * @param type the array's type
   * @param a the array, over a Java array
   * @param <A> the array type
   * @return the array in this storage
   */
  public <A extends NdArray> A place(ScalarType<A> type, A a) {
    if (this == ARRAY) {
      return a;
    }
    A b = type.wrap(a.shape(), memory(type.byteSize(a.shape())));
    copy(b, a);
    return b;
  }

  private static void copy(NdArray to, NdArray from) {
    try {
      to.getClass().getMethod("copyFrom", to.scalarType().arrayType()).invoke(to, from);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
