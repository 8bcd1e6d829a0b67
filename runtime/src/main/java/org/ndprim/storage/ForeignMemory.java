package org.ndprim.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * How memory is mapped and wrapped on JDK 17–21: a file is mapped as one
 * {@link MappedByteBuffer} per chunk (Lucene's {@code MMapDirectory} on Java 17), released when
 * the buffers are unreachable, and foreign segments do not exist. On JDK 22+ the class of the
 * same name in {@code META-INF/versions/22} maps a file as one {@code MemorySegment} of an
 * {@code Arena}, releasable on demand, and wraps a user's segment. Package-private, the same API
 * on both.
 */
final class ForeignMemory {
  private ForeignMemory() {}

  /** Whether a mapping is one segment and can be released on demand: false before JDK 22. */
  static boolean segments() {
    return false;
  }

  /**
   * Maps {@code bytes} bytes of {@code channel} from {@code position} in chunks of
   * {@code 1 << shift} bytes (one chunk when they fit). {@code closeable}: the caller will close
   * the mapping (on JDK 22+ a shared arena; here it changes nothing).
   */
  static Mapping map(FileChannel channel, FileChannel.MapMode mode, long position, long bytes,
      int shift, boolean closeable) throws IOException {
    long chunkBytes = 1L << shift;
    ByteBuffer[] chunks = new ByteBuffer[bytes <= chunkBytes ? 1 : Chunks.chunkCount(bytes, shift)];
    for (int i = 0; i < chunks.length; i++) {
      long start = (long) i << shift;
      chunks[i] = channel.map(mode, position + start, Math.min(bytes - start, chunkBytes));
    }
    return new Mapping(chunks, null, null, true);
  }

  /** Writes the changed pages of a read-write file mapping to the file. */
  static void force(Mapping mapping) {
    for (ByteBuffer b : mapping.buffers) {
      if (b instanceof MappedByteBuffer && !b.isReadOnly()) {
        ((MappedByteBuffer) b).force();
      }
    }
  }

  /**
   * Wraps a {@code java.lang.foreign.MemorySegment}: not before JDK 22.
   *
   * @throws UnsupportedOperationException always here
   */
  static Mapping ofSegment(Object segment, int shift) {
    throw new UnsupportedOperationException("wrapping a MemorySegment needs JDK 22 or later"
        + " (java.lang.foreign); this is JDK " + Runtime.version().feature() + ", whose ndprim"
        + " is the multi-release jar's Java 17 part");
  }
}
