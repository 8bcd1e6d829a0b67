package org.ndprim.io;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;

/**
 * A read-only {@link SeekableByteChannel} over bytes in memory, and not a
 * {@link java.nio.channels.FileChannel}: what {@link Npz#open(SeekableByteChannel, String)} reads
 * from another file system. {@code maxRead} bounds each read (short reads, as a network stream
 * gives them).
 */
final class BytesChannel implements SeekableByteChannel {
  private final byte[] bytes;
  private final int maxRead;
  private long position;
  private boolean open = true;
  int reads;

  BytesChannel(byte[] bytes) {
    this(bytes, Integer.MAX_VALUE);
  }

  BytesChannel(byte[] bytes, int maxRead) {
    this.bytes = bytes;
    this.maxRead = maxRead;
  }

  @Override
  public int read(ByteBuffer dst) throws ClosedChannelException {
    check();
    reads++;
    if (position >= bytes.length) {
      return -1;
    }
    int n = (int) Math.min(Math.min(dst.remaining(), maxRead), bytes.length - position);
    dst.put(bytes, (int) position, n);
    position += n;
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() throws ClosedChannelException {
    check();
    return position;
  }

  @Override
  public SeekableByteChannel position(long newPosition) throws ClosedChannelException {
    check();
    if (newPosition < 0) {
      throw new IllegalArgumentException("negative position " + newPosition);
    }
    position = newPosition;
    return this;
  }

  @Override
  public long size() throws ClosedChannelException {
    check();
    return bytes.length;
  }

  @Override
  public SeekableByteChannel truncate(long size) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() {
    open = false;
  }

  private void check() throws ClosedChannelException {
    if (!open) {
      throw new ClosedChannelException();
    }
  }
}
