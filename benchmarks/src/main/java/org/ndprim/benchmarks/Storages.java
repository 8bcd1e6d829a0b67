package org.ndprim.benchmarks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import org.ndprim.storage.Chunks;

/**
 * Memory for the buffer-storage variants ({@code ndprimBuffer}, {@code ndprimChunks}) of W1, W3,
 * W4, W8 and W9: direct buffers in the platform's byte order, as a memory-mapped file or a native
 * library's memory would be, holding a copy of the workload's data.
 */
final class Storages {
  /**
   * The chunk size of the multi-buffer variants: 1 MiB, so the workloads' arrays span 16 to 256
   * chunks and every walk crosses chunk boundaries (mapped files beyond 2 GiB use 1 GiB chunks,
   * which cross far less often: this is the harder case).
   */
  static final int CHUNK_BYTES = 1 << 20;

  private Storages() {}

  /** One direct buffer of {@code bytes} bytes. */
  static Chunks single(long bytes) {
    return Chunks.of(ByteBuffer.allocateDirect(Math.toIntExact(bytes))
        .order(ByteOrder.nativeOrder()));
  }

  /** Direct buffers of {@link #CHUNK_BYTES} holding {@code bytes} bytes. */
  static Chunks chunks(long bytes) {
    return chunks(bytes, CHUNK_BYTES);
  }

  /**
   * Direct buffers of {@code chunkBytes} (a power of two; the unit tests use a few bytes so that
   * the plain variants' chunk-crossing paths run) holding {@code bytes} bytes.
   */
  static Chunks chunks(long bytes, int chunkBytes) {
    int n = Math.toIntExact((bytes + chunkBytes - 1) / chunkBytes);
    ByteBuffer[] buffers = new ByteBuffer[Math.max(n, 1)];
    for (int i = 0; i < buffers.length; i++) {
      long size = Math.min(chunkBytes, bytes - (long) i * chunkBytes);
      buffers[i] = ByteBuffer.allocateDirect((int) Math.max(size, 0))
          .order(ByteOrder.nativeOrder());
    }
    return Chunks.of(buffers);
  }

  /**
   * The chunks as int views in their byte order, for the plain variants over the same memory
   * ({@code plainBuffer}, {@code plainChunks}).
   */
  static IntBuffer[] ints(Chunks memory) {
    IntBuffer[] views = new IntBuffer[memory.count()];
    for (int i = 0; i < views.length; i++) {
      views[i] = memory.chunk(i).asIntBuffer();
    }
    return views;
  }

  /** The chunks as double views in their byte order (see {@link #ints}). */
  static DoubleBuffer[] doubles(Chunks memory) {
    DoubleBuffer[] views = new DoubleBuffer[memory.count()];
    for (int i = 0; i < views.length; i++) {
      views[i] = memory.chunk(i).asDoubleBuffer();
    }
    return views;
  }
}
