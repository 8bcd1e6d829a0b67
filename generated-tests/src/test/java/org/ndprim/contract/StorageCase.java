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
  TINY_CHUNKS("16-byte chunks"),
  /**
   * On JDK 22+ with the multi-release jar: native memory of an automatic {@code Arena}, a
   * {@code MemorySegment} wrapped by {@link Chunks#ofSegment}, in the platform's byte order, at
   * an 8-byte offset into its allocation (a user's segment slice). Before JDK 22 (or from
   * {@code target/classes}, which ignores {@code META-INF/versions}) there are no segments, and
   * this is a direct buffer in the platform's order at that offset.
   */
  SEGMENT("a MemorySegment (JDK 22+; else a direct buffer)");

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
      case SEGMENT:
        return segmentsInUse() ? segment(bytes)
            : Chunks.of(ByteBuffer.allocateDirect(Math.toIntExact(bytes) + 8).position(8)
                .order(ByteOrder.nativeOrder()));
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

  /**
   * Returns whether the runtime runs its JDK 22+ classes: a JDK 22 or later running the
   * packaged multi-release jar.
   *
   * @return whether {@link #SEGMENT} is a {@code MemorySegment}
   */
  public static boolean segmentsInUse() {
    String location = Chunks.class.getProtectionDomain().getCodeSource().getLocation().toString();
    return Runtime.version().feature() >= 22 && location.endsWith(".jar");
  }

  /** A slice of native memory of an automatic arena, by reflection (the tests are Java 17). */
  private static Chunks segment(long bytes) {
    try {
      Class<?> arenaClass = Class.forName("java.lang.foreign.Arena");
      Class<?> segmentClass = Class.forName("java.lang.foreign.MemorySegment");
      Object arena = arenaClass.getMethod("ofAuto").invoke(null);
      Object all = arenaClass.getMethod("allocate", long.class, long.class)
          .invoke(arena, bytes + 8, 8L);
      Object slice = segmentClass.getMethod("asSlice", long.class).invoke(all, 8L);
      return Chunks.ofSegment(slice, ByteOrder.nativeOrder());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
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
