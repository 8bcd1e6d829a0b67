package org.ndprim.benchmarks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
    int n = Math.toIntExact((bytes + CHUNK_BYTES - 1) / CHUNK_BYTES);
    ByteBuffer[] buffers = new ByteBuffer[Math.max(n, 1)];
    for (int i = 0; i < buffers.length; i++) {
      long size = Math.min(CHUNK_BYTES, bytes - (long) i * CHUNK_BYTES);
      buffers[i] = ByteBuffer.allocateDirect((int) Math.max(size, 0))
          .order(ByteOrder.nativeOrder());
    }
    return Chunks.of(buffers);
  }
}
