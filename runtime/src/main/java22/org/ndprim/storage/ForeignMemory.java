package org.ndprim.storage;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * How memory is mapped and wrapped on JDK 22+ ({@code META-INF/versions/22}; the base class of
 * the same name is JDK 17's): a file is mapped as one {@code MemorySegment}, whatever its size,
 * in an {@link Arena}: a shared one that {@link Mapping#close} releases when the caller asked
 * for a closeable mapping, else an automatic one (released when unreachable, as JDK 17's
 * buffers). The generated arrays read the segment through {@link ByteBuffer} views of it, in
 * chunks of at most 2 GiB: on JDK 25 a buffer view of a segment reads as fast as the segment
 * itself and as a Java array (docs/jdk.md), and a view of a closed segment throws
 * {@link IllegalStateException} instead of touching unmapped memory.
 */
final class ForeignMemory {
  private ForeignMemory() {}

  /** Whether a mapping is one segment and can be released on demand: true from JDK 22. */
  static boolean segments() {
    return true;
  }

  static Mapping map(FileChannel channel, FileChannel.MapMode mode, long position, long bytes,
      int shift, boolean closeable) throws IOException {
    Arena arena = closeable ? Arena.ofShared() : Arena.ofAuto();
    MemorySegment segment;
    try {
      segment = channel.map(mode, position, bytes, arena);
    } catch (IOException | RuntimeException e) {
      if (closeable) {
        arena.close();
      }
      throw e;
    }
    return new Mapping(views(segment, shift), segment, closeable ? arena : null, true);
  }

  static void force(Mapping mapping) {
    MemorySegment segment = (MemorySegment) mapping.segment;
    if (segment != null && segment.isMapped() && !segment.isReadOnly()) {
      segment.force();
    }
  }

  static Mapping ofSegment(Object segment, int shift) {
    Objects.requireNonNull(segment, "segment");
    if (!(segment instanceof MemorySegment s)) {
      throw new IllegalArgumentException("not a java.lang.foreign.MemorySegment: a "
          + segment.getClass().getName());
    }
    return new Mapping(views(s, shift), s, null, false);
  }

  /** The segment as byte buffers of {@code 1 << shift} bytes (one when it fits). */
  private static ByteBuffer[] views(MemorySegment segment, int shift) {
    long bytes = segment.byteSize();
    long chunkBytes = 1L << shift;
    if (bytes <= chunkBytes) {
      return new ByteBuffer[] {segment.asByteBuffer()};
    }
    ByteBuffer[] chunks = new ByteBuffer[Chunks.chunkCount(bytes, shift)];
    for (int i = 0; i < chunks.length; i++) {
      long start = (long) i << shift;
      chunks[i] = segment.asSlice(start, Math.min(bytes - start, chunkBytes)).asByteBuffer();
    }
    return chunks;
  }
}
