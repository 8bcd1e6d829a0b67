package org.ndprim.storage;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A mapping of a file (or a foreign segment) that {@link Chunks} reads through: the buffers, the
 * one {@code MemorySegment} on JDK 22+ (else null), and what releases the mapping on demand (an
 * {@code Arena} on JDK 22+, else null: on JDK 17 a mapping is released only when its buffers
 * are unreachable). Every copy of a {@link Chunks} ({@link Chunks#describedAs}) shares one.
 */
final class Mapping {
  /** The chunks, each at most {@code chunkBytes}, byte order not yet set. */
  final ByteBuffer[] buffers;
  /** The one {@code MemorySegment} of the whole mapping on JDK 22+, else null. */
  final Object segment;
  /** Releases the mapping, or null when it cannot be released on demand. */
  private final AutoCloseable arena;
  /** Whether this is a mapping of a file (else a foreign segment wrapped). */
  final boolean file;
  private volatile boolean closed;

  Mapping(ByteBuffer[] buffers, Object segment, AutoCloseable arena, boolean file) {
    this.buffers = Objects.requireNonNull(buffers, "buffers");
    this.segment = segment;
    this.arena = arena;
    this.file = file;
  }

  /** {@return whether {@link #close} can release the mapping (a JDK 22+ arena of its own)} */
  boolean releasable() {
    return arena != null;
  }

  boolean isClosed() {
    return closed;
  }

  /** Marks the mapping closed and releases it where it can; a second call does nothing. */
  synchronized void close() {
    if (closed) {
      return;
    }
    if (arena != null) {
      try {
        arena.close(); // may refuse (another thread is in the memory): then still open
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
    closed = true;
  }
}
