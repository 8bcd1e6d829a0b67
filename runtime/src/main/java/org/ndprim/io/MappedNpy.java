package org.ndprim.io;

import java.nio.file.Path;
import java.util.Objects;
import org.ndprim.NdArray;
import org.ndprim.storage.Chunks;

/**
 * An array mapped from a {@code .npy} file by {@link Npy#mapCloseable}, with the mapping's
 * {@link #force()} (numpy's {@code memmap.flush()}) and {@link #close()}. On JDK 22+ closing
 * releases the mapping at once (one {@code MemorySegment} of a shared {@code Arena}), and the
 * array, and every view of it, then throws {@link IllegalStateException} when read or written,
 * instead of touching unmapped memory. On JDK 17–21 closing marks the handle closed and cannot
 * unmap (Java 17 has no safe unmapping): the mapping is released when the array is unreachable,
 * and the array stays readable until then; {@link #releasesOnClose()} tells which happened.
 *
 * <p>A copy-on-write mapping of a file this process may not write is read into the heap
 * ({@link Npy.MapMode#COPY_ON_WRITE}): then there is no mapping, {@code force()} does nothing
 * and {@code close()} only marks the handle closed.
 *
 * @param <A> the array type
 */
public final class MappedNpy<A extends NdArray> implements AutoCloseable {
  private final Path path;
  private final A array;
  /** The mapped memory, or null when the file was read into the heap. */
  private final Chunks memory;
  private volatile boolean closed;

  MappedNpy(Path path, A array, Chunks memory) {
    this.path = Objects.requireNonNull(path, "path");
    this.array = Objects.requireNonNull(array, "array");
    this.memory = memory;
  }

  /** {@return the mapped file, as given} */
  public Path path() {
    return path;
  }

  /**
   * Returns the array over the file's data (the transposed view for a Fortran-order file).
   *
   * @return the array
   * @throws IllegalStateException if this handle is closed
   */
  public A array() {
    if (closed) {
      throw new IllegalStateException(path + ": the mapping is closed");
    }
    return array;
  }

  /**
   * Writes the changes made through a {@link Npy.MapMode#READ_WRITE} mapping to the storage
   * device, as numpy's {@code memmap.flush()}; for the other modes nothing is written.
   *
   * @throws IllegalStateException if this handle is closed
   * @throws java.io.UncheckedIOException if the device reports an error
   */
  public void force() {
    if (closed) {
      throw new IllegalStateException(path + ": the mapping is closed");
    }
    if (memory != null) {
      memory.force();
    }
  }

  /**
   * Closes the mapping: on JDK 22+ releases it, and the array then throws
   * {@link IllegalStateException} when read or written; on JDK 17–21 only marks this handle
   * closed (the mapping is released when the array is unreachable). Changes written through a
   * {@code READ_WRITE} mapping reach the file either way; {@link #force()} first to have them on
   * the device. A second call does nothing.
   *
   * @throws IllegalStateException on JDK 22+ if another thread is reading or writing the array
   *     at that moment ({@code Arena.close()}); the mapping then stays open
   */
  @Override
  public void close() {
    if (memory != null) {
      memory.close();
    }
    closed = true;
  }

  /** {@return whether {@link #close()} was called} */
  public boolean isClosed() {
    return closed;
  }

  /**
   * {@return whether {@link #close()} releases the mapping at once: JDK 22+ and a mapped file;
   * false on JDK 17–21 and for a file read into the heap}
   */
  public boolean releasesOnClose() {
    return memory != null && memory.isReleasable();
  }

  @Override
  public String toString() {
    return "MappedNpy[" + path + (closed ? ", closed]" : "]");
  }
}
