package org.ndprim.storage;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * The memory of a buffer-backed array: consecutive items in byte buffers ("chunks"), in one byte
 * order. One chunk holds up to 2 GiB (a {@link ByteBuffer}'s limit); several chunks hold more, as
 * Lucene's {@code MMapDirectory} maps files on Java 17: every chunk but the last has the same
 * power-of-two size, so item {@code k} of an item size {@code s} lies in chunk
 * {@code (k * s) >>> log2(chunk size)}, and no item straddles two chunks.
 *
 * <p>A chunk is a view sharing the caller's memory (heap, direct or memory-mapped), positioned at
 * 0 with its byte order set; the chunks are never modified. {@link #isReadOnly()} holds when
 * any chunk is read-only; arrays over such memory refuse writes.
 *
 * <p>Generated buffer-backed arrays read items through typed views of the chunks
 * ({@code ShortBuffer}, ...); see {@link #elementShift(int)} and {@link #fit}.
 */
public final class Chunks {
  /**
   * The chunk size used when none is given: 1 GiB, Lucene's default for 64-bit JVMs on Java 17.
   */
  public static final int DEFAULT_CHUNK_BYTES = 1 << 30;
  /** Element indices below 2^62 all fall in chunk 0 of a single-chunk memory. */
  private static final int SINGLE_SHIFT = 62;

  private final ByteBuffer[] chunks;
  /** log2 of the byte size of every chunk but the last; unused for one chunk. */
  private final int chunkShift;
  private final long byteSize;
  private final ByteOrder order;
  private final boolean readOnly;
  /**
   * The mapping this memory reads ({@link #map}, {@link #mapCloseable}, {@link #ofSegment}),
   * shared by every copy of it, or null for buffers handed in or allocated.
   */
  private final Mapping mapping;
  /** What the memory holds, for messages (a mapped file's path), or null. */
  private final String source;

  private Chunks(ByteBuffer[] chunks, int chunkShift, long byteSize, ByteOrder order) {
    this(chunks, chunkShift, byteSize, order, null, null);
  }

  private Chunks(ByteBuffer[] chunks, int chunkShift, long byteSize, ByteOrder order,
      Mapping mapping, String source) {
    this.chunks = chunks;
    this.chunkShift = chunkShift;
    this.byteSize = byteSize;
    this.order = order;
    this.mapping = mapping;
    this.source = source;
    boolean ro = false;
    for (ByteBuffer b : chunks) {
      ro |= b.isReadOnly();
    }
    this.readOnly = ro;
  }

  /**
   * Returns the memory of the remaining bytes of one buffer, without copying: byte 0 is the
   * buffer's position, the size its {@code remaining()}, the order its {@code order()}. The
   * buffer's position, limit and order are not changed, and later changes to them do not matter.
   *
   * @param buffer a heap, direct or mapped buffer
   * @return the memory, one chunk
   */
  public static Chunks of(ByteBuffer buffer) {
    Objects.requireNonNull(buffer, "buffer");
    ByteOrder order = buffer.order();
    ByteBuffer chunk = buffer.slice().order(order);
    return new Chunks(new ByteBuffer[] {chunk}, SINGLE_SHIFT, chunk.capacity(), order);
  }

  /**
   * Returns the memory of several buffers' remaining bytes, in order, without copying. Every
   * buffer but the last must hold the same power-of-two number of bytes; all must have the same
   * byte order.
   *
   * @param buffers the chunks, at least one
   * @return the memory
   * @throws IllegalArgumentException if the sizes or orders do not follow those rules
   */
  public static Chunks of(ByteBuffer... buffers) {
    Objects.requireNonNull(buffers, "buffers");
    if (buffers.length == 0) {
      throw new IllegalArgumentException("memory needs at least one buffer");
    }
    if (buffers.length == 1) {
      return of(buffers[0]);
    }
    ByteOrder order = buffers[0].order();
    int size = buffers[0].remaining();
    if (Integer.bitCount(size) != 1) {
      throw new IllegalArgumentException("chunk 0 holds " + size
          + " bytes; every chunk but the last must hold the same power of two");
    }
    ByteBuffer[] chunks = new ByteBuffer[buffers.length];
    long total = 0;
    for (int i = 0; i < buffers.length; i++) {
      ByteBuffer b = Objects.requireNonNull(buffers[i], "buffer");
      if (b.order() != order) {
        throw new IllegalArgumentException("chunk " + i + " is " + b.order() + ", chunk 0 "
            + order + ": all chunks must have one byte order");
      }
      int n = b.remaining();
      if (i < buffers.length - 1 ? n != size : n > size) {
        throw new IllegalArgumentException("chunk " + i + " holds " + n + " bytes, chunk 0 "
            + size + ": every chunk but the last must hold as many, the last at most as many");
      }
      chunks[i] = b.slice().order(order);
      total += n;
    }
    return new Chunks(chunks, Integer.numberOfTrailingZeros(size), total, order);
  }

  /**
   * Returns new zero-filled heap memory of {@code bytes} bytes in the platform's byte order, in
   * chunks of {@link #DEFAULT_CHUNK_BYTES} (one chunk when it fits).
   *
   * @param bytes the size
   * @return the memory
   * @throws IllegalArgumentException if {@code bytes} is negative
   * @throws OutOfMemoryError if the heap cannot hold it
   */
  public static Chunks allocate(long bytes) {
    return allocate(bytes, DEFAULT_CHUNK_BYTES);
  }

  /**
   * Returns new zero-filled heap memory of {@code bytes} bytes in the platform's byte order, in
   * chunks of {@code chunkBytes} (a power of two; tests use tiny ones to cross chunk boundaries).
   *
   * @param bytes the size
   * @param chunkBytes the size of every chunk but the last, a power of two
   * @return the memory
   * @throws IllegalArgumentException if {@code bytes} is negative or {@code chunkBytes} not a
   *     positive power of two
   */
  public static Chunks allocate(long bytes, int chunkBytes) {
    int shift = checkChunkBytes(chunkBytes);
    if (bytes < 0) {
      throw new IllegalArgumentException("cannot allocate " + bytes + " bytes");
    }
    ByteOrder order = ByteOrder.nativeOrder();
    if (bytes <= chunkBytes) {
      return of(ByteBuffer.allocate((int) bytes).order(order));
    }
    ByteBuffer[] chunks = new ByteBuffer[chunkCount(bytes, shift)];
    for (int i = 0; i < chunks.length; i++) {
      long left = bytes - ((long) i << shift);
      chunks[i] = ByteBuffer.allocate((int) Math.min(left, chunkBytes)).order(order);
    }
    return new Chunks(chunks, shift, bytes, order);
  }

  /**
   * Maps {@code bytes} bytes of a file from {@code position} into memory, in chunks of
   * {@code chunkBytes}, in the given byte order. The mapping stays valid after the channel is
   * closed; it is released when the memory is no longer reachable ({@link #mapCloseable} gives
   * one that {@link #close()} releases). On JDK 22+ the file is mapped as one
   * {@code MemorySegment} whatever its size, and the chunks are views of it.
   *
   * @param channel the file, opened for reading (and writing for {@code READ_WRITE})
   * @param mode {@code READ_ONLY}, {@code READ_WRITE} (writes reach the file) or
   *     {@code PRIVATE} (copy on write: writes stay in memory)
   * @param position the byte offset of the first item in the file
   * @param bytes the size
   * @param order the byte order of the items
   * @param chunkBytes the size of every chunk but the last, a power of two
   * @return the memory
   * @throws IOException if the mapping fails
   * @throws IllegalArgumentException if a size is negative or {@code chunkBytes} not a power of two
   */
  public static Chunks map(FileChannel channel, FileChannel.MapMode mode, long position,
      long bytes, ByteOrder order, int chunkBytes) throws IOException {
    return map(channel, mode, position, bytes, order, chunkBytes, false);
  }

  /**
   * Maps {@code bytes} bytes of a file as {@link #map(FileChannel, FileChannel.MapMode, long,
   * long, ByteOrder, int) map} does, in chunks of {@link #DEFAULT_CHUNK_BYTES}, as memory that
   * {@link #close()} releases at once: on JDK 22+ one {@code MemorySegment} of a shared
   * {@code Arena}; then every array over it throws {@link IllegalStateException} when read or
   * written, instead of touching unmapped memory. Until then the mapping stays, also when the
   * memory is unreachable, so close it (as a file). On JDK 17–21 {@code close()} cannot release
   * a mapping (Java 17 has no safe unmapping): it marks the memory closed
   * ({@link #isClosed()}), and the mapping is released when the memory is unreachable, as for
   * {@code map}; arrays over it stay readable until then.
   *
   * @param channel the file, opened for reading (and writing for {@code READ_WRITE})
   * @param mode {@code READ_ONLY}, {@code READ_WRITE} or {@code PRIVATE}
   * @param position the byte offset of the first item in the file
   * @param bytes the size
   * @param order the byte order of the items
   * @return the memory
   * @throws IOException if the mapping fails
   * @throws IllegalArgumentException if a size is negative
   */
  public static Chunks mapCloseable(FileChannel channel, FileChannel.MapMode mode, long position,
      long bytes, ByteOrder order) throws IOException {
    return map(channel, mode, position, bytes, order, DEFAULT_CHUNK_BYTES, true);
  }

  /** {@link #map} or {@link #mapCloseable}, in chunks of {@code chunkBytes}. */
  static Chunks map(FileChannel channel, FileChannel.MapMode mode, long position, long bytes,
      ByteOrder order, int chunkBytes, boolean closeable) throws IOException {
    Objects.requireNonNull(channel, "channel");
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(order, "order");
    int shift = checkChunkBytes(chunkBytes);
    if (position < 0 || bytes < 0) {
      throw new IllegalArgumentException("cannot map " + bytes + " bytes at " + position);
    }
    return over(ForeignMemory.map(channel, mode, position, bytes, shift, closeable), shift,
        bytes, order);
  }

  /**
   * Returns the memory of a {@code java.lang.foreign.MemorySegment} (JDK 22+), without copying:
   * its bytes in the given order, in chunks of {@link #DEFAULT_CHUNK_BYTES} when it holds more
   * (a segment of any size), read and written through buffer views of the segment. The
   * segment's arena governs the memory: once it is closed, arrays over it throw
   * {@link IllegalStateException} when read or written; {@link #close()} of this memory does not
   * close it. A read-only segment gives read-only memory. The parameter is an {@code Object} so
   * that the one API compiles on Java 17; wrap the memory with {@code ScalarType.wrap(Shape,
   * Chunks)}, e.g. {@code DoubleNdArray.TYPE.wrap(Shape.of(n), Chunks.ofSegment(segment,
   * ByteOrder.nativeOrder()))}.
   *
   * @param segment a {@code java.lang.foreign.MemorySegment}: native, mapped, or a heap segment
   *     of a {@code byte[]}
   * @param order the byte order of the items
   * @return the memory
   * @throws UnsupportedOperationException on JDK 17–21, which have no final
   *     {@code MemorySegment}, or for a heap segment of another array than a {@code byte[]}
   * @throws IllegalArgumentException if {@code segment} is not a {@code MemorySegment}
   */
  public static Chunks ofSegment(Object segment, ByteOrder order) {
    Objects.requireNonNull(segment, "segment");
    Objects.requireNonNull(order, "order");
    int shift = Integer.numberOfTrailingZeros(DEFAULT_CHUNK_BYTES);
    Mapping m = ForeignMemory.ofSegment(segment, shift);
    long bytes = 0;
    for (ByteBuffer b : m.buffers) {
      bytes += b.remaining();
    }
    return over(m, shift, bytes, order);
  }

  private static Chunks over(Mapping m, int shift, long bytes, ByteOrder order) {
    ByteBuffer[] chunks = new ByteBuffer[m.buffers.length];
    for (int i = 0; i < chunks.length; i++) {
      chunks[i] = m.buffers[i].order(order);
    }
    return new Chunks(chunks, chunks.length == 1 ? SINGLE_SHIFT : shift, bytes, order, m, null);
  }

  /**
   * Writes the changes made through a {@code READ_WRITE} mapping of a file to the storage device
   * ({@code MappedByteBuffer.force()}; on JDK 22+ {@code MemorySegment.force()}), as numpy's
   * {@code memmap.flush()}. Memory that maps no file, or maps it read-only or privately, has
   * nothing to write: nothing happens.
   *
   * @throws IllegalStateException if the memory is {@link #close() closed}
   * @throws java.io.UncheckedIOException if the device reports an error
   */
  public void force() {
    if (mapping == null || !mapping.file) {
      return;
    }
    if (mapping.isClosed()) {
      throw new IllegalStateException(closedMessage());
    }
    ForeignMemory.force(mapping);
  }

  /**
   * Closes memory made by {@link #mapCloseable}: on JDK 22+ the mapping is released at once and
   * every array over it throws {@link IllegalStateException} when read or written (as after
   * {@code Arena.close()}); on JDK 17–21 it is only marked closed and released when
   * unreachable (see {@link #mapCloseable}). Changes already written through a
   * {@code READ_WRITE} mapping reach the file either way (the operating system writes them
   * back); {@link #force()} first to have them on the device. For other memory (buffers, a
   * mapping by {@link #map}, a segment), it only marks the memory closed. A second call does
   * nothing.
   *
   * @throws IllegalStateException if another thread is reading or writing the memory at that
   *     moment (on JDK 22+, as {@code Arena.close()})
   */
  public void close() {
    if (mapping == null) {
      return;
    }
    mapping.close();
  }

  /**
   * {@return whether {@link #close()} was called on memory made by {@link #map},
   * {@link #mapCloseable} or {@link #ofSegment} (or a copy of it)}
   */
  public boolean isClosed() {
    return mapping != null && mapping.isClosed();
  }

  /**
   * {@return whether {@link #close()} releases this memory at once: memory of
   * {@link #mapCloseable} on JDK 22+}
   */
  public boolean isReleasable() {
    return mapping != null && mapping.releasable();
  }

  /**
   * {@return whether this memory is one {@code MemorySegment} (a mapping on JDK 22+ or a wrapped
   * segment), whatever its size; its chunks are views of that segment}
   */
  public boolean isSegment() {
    return mapping != null && mapping.segment != null;
  }

  private String closedMessage() {
    return "the memory " + (source == null ? "" : "of " + source + " ") + "is closed";
  }

  /**
   * Returns this memory (the same buffers, not copied) described as holding {@code source}, e.g.
   * the path of the file it maps, which messages about it name.
   *
   * @param source what the memory holds
   * @return the memory, so described
   */
  public Chunks describedAs(String source) {
    Objects.requireNonNull(source, "source");
    return new Chunks(chunks, chunkShift, byteSize, order, mapping, source);
  }

  /**
   * {@return why arrays over this memory refuse writes, for a message: e.g. {@code it maps the
   * file data.npy read-only}} Meaningful when {@link #isReadOnly()} holds.
   */
  public String readOnlyReason() {
    if (mapping != null && mapping.file) {
      return source == null ? "it maps a file read-only"
          : "it maps the file " + source + " read-only";
    }
    return "its memory is a read-only buffer" + (source == null ? "" : " (" + source + ")");
  }

  /** {@return log2 of the byte size of every chunk but the last (62 for one chunk)} */
  int chunkShift() {
    return chunkShift;
  }

  private static int checkChunkBytes(int chunkBytes) {
    if (chunkBytes <= 0 || Integer.bitCount(chunkBytes) != 1) {
      throw new IllegalArgumentException("chunk size " + chunkBytes
          + " is not a positive power of two");
    }
    return Integer.numberOfTrailingZeros(chunkBytes);
  }

  static int chunkCount(long bytes, int shift) {
    long count = ((bytes - 1) >>> shift) + 1;
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(bytes + " bytes need " + count
          + " chunks of 2^" + shift + " bytes, more than an array holds");
    }
    return (int) count;
  }

  /** {@return the number of chunks} */
  public int count() {
    return chunks.length;
  }

  /**
   * Returns chunk {@code i}: position 0, its byte order set. Callers may make views of it
   * ({@code asShortBuffer()}, ...) but must not change its position or limit.
   *
   * @param i the chunk, in {@code [0, count())}
   * @return the chunk
   */
  public ByteBuffer chunk(int i) {
    return chunks[i];
  }

  /** {@return the total size in bytes} */
  public long byteSize() {
    return byteSize;
  }

  /** {@return the byte order of the items} */
  public ByteOrder order() {
    return order;
  }

  /** {@return whether any chunk is read-only, so arrays over this memory refuse writes} */
  public boolean isReadOnly() {
    return readOnly;
  }

  /**
   * Returns how many items of {@code itemSize} bytes the memory holds (its size divided by the
   * item size, rounded down).
   *
   * @param itemSize the item size, a power of two
   * @return the item count
   */
  public long items(int itemSize) {
    return byteSize / itemSize;
  }

  /**
   * Returns the shift that turns an item index into its chunk: item {@code k} is item
   * {@code k & ((1L << shift) - 1)} of chunk {@code (int) (k >>> shift)}. For one chunk every
   * index below 2^62 maps to chunk 0, unchanged.
   *
   * @param itemSize the item size in bytes, a power of two no larger than a chunk
   * @return the shift
   * @throws IllegalArgumentException if chunks cannot hold whole items of that size
   */
  public int elementShift(int itemSize) {
    if (itemSize <= 0 || Integer.bitCount(itemSize) != 1) {
      throw new IllegalArgumentException("item size " + itemSize + " is not a power of two");
    }
    if (chunks.length == 1) {
      return SINGLE_SHIFT;
    }
    int itemShift = Integer.numberOfTrailingZeros(itemSize);
    if (itemShift > chunkShift) {
      throw new IllegalArgumentException("chunks of 2^" + chunkShift
          + " bytes cannot hold items of " + itemSize + " bytes");
    }
    return chunkShift - itemShift;
  }

  /**
   * Returns how many elements of a run stay in one chunk: starting at index {@code index} of a
   * chunk of {@code limit} items, stepping by {@code stride}, at most {@code remaining} of them
   * (and at most {@code Integer.MAX_VALUE}). The loops of buffer-backed arrays walk a run chunk
   * by chunk with it; the common case, a run that stays in its chunk, costs no division.
   *
   * @param index the first element's index in its chunk, in {@code [0, limit)}
   * @param stride the step between elements, in items (any sign, or 0)
   * @param remaining the elements left in the run, at least 1
   * @param limit the chunk's item count
   * @return the count, at least 1
   */
  public static int fit(int index, long stride, long remaining, int limit) {
    long cap = Math.min(remaining, Integer.MAX_VALUE);
    if (stride == 0) {
      return (int) cap;
    }
    long hi = Math.multiplyHigh(cap - 1, stride);
    long span = (cap - 1) * stride;
    if (hi == (span >> 63)) {
      long last = index + span;
      if (last >= 0 && last < limit) {
        return (int) cap;
      }
    }
    long steps = stride > 0 ? (limit - 1L - index) / stride : index / -stride;
    return (int) Math.min(cap, steps + 1);
  }

  /**
   * Returns a byte count as people read it: {@code 80000000000 bytes (74.5 GiB)}, or
   * {@code 12 bytes} below 1 KiB.
   *
   * @param bytes the count
   * @return the text
   */
  public static String describeBytes(long bytes) {
    String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    if (bytes < 1024) {
      return bytes + " bytes";
    }
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return bytes + " bytes (" + String.format(java.util.Locale.ROOT, "%.1f", v) + " " + units[u]
        + ")";
  }

  @Override
  public String toString() {
    return "Chunks[" + chunks.length + " of " + byteSize + " bytes, " + order
        + (readOnly ? ", read-only]" : "]");
  }
}
