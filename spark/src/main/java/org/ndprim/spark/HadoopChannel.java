package org.ndprim.spark;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.NonWritableChannelException;
import java.nio.channels.SeekableByteChannel;
import org.apache.hadoop.fs.FSDataInputStream;

/**
 * A file of a Hadoop {@code FileSystem} as a read-only {@link SeekableByteChannel}, for ndprim's
 * {@code Npz.open(SeekableByteChannel, String)}: each read is a positioned read of the stream
 * ({@code PositionedReadable.read(position, buffer, offset, length)}), so the stream's own position
 * is never moved; the size is the file's length when it was listed. Not thread-safe (ndprim's
 * {@code Npz} locks around position and read).
 */
final class HadoopChannel implements SeekableByteChannel {
  /** The most bytes read at once into a heap buffer for a direct {@link ByteBuffer}. */
  private static final int COPY = 1 << 16;

  private final FSDataInputStream in;
  private final long size;
  private long position;
  private boolean open = true;
  private byte[] copy;

  /**
   * @param in the open file; closed with the channel
   * @param size the file's length
   */
  HadoopChannel(FSDataInputStream in, long size) {
    this.in = in;
    this.size = size;
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    check();
    if (!dst.hasRemaining()) {
      return 0;
    }
    if (position >= size) {
      return -1;
    }
    int want = (int) Math.min(dst.remaining(), size - position);
    int n;
    if (dst.hasArray()) {
      n = readAt(dst.array(), dst.arrayOffset() + dst.position(), want);
      if (n > 0) {
        dst.position(dst.position() + n);
      }
    } else {
      if (copy == null) {
        copy = new byte[COPY];
      }
      n = readAt(copy, 0, Math.min(want, COPY));
      if (n > 0) {
        dst.put(copy, 0, n);
      }
    }
    if (n > 0) {
      position += n;
    }
    return n;
  }

  /** A positioned read of at least one byte, or -1 at the file's end. */
  private int readAt(byte[] b, int off, int len) throws IOException {
    int n;
    do {
      n = in.read(position, b, off, len);
    } while (n == 0);
    return n;
  }

  @Override
  public int write(ByteBuffer src) {
    throw new NonWritableChannelException();
  }

  @Override
  public long position() throws IOException {
    check();
    return position;
  }

  @Override
  public SeekableByteChannel position(long newPosition) throws IOException {
    check();
    if (newPosition < 0) {
      throw new IllegalArgumentException("negative position " + newPosition);
    }
    position = newPosition;
    return this;
  }

  @Override
  public long size() throws IOException {
    check();
    return size;
  }

  @Override
  public SeekableByteChannel truncate(long newSize) {
    throw new NonWritableChannelException();
  }

  @Override
  public boolean isOpen() {
    return open;
  }

  @Override
  public void close() throws IOException {
    if (open) {
      open = false;
      in.close();
    }
  }

  private void check() throws ClosedChannelException {
    if (!open) {
      throw new ClosedChannelException();
    }
  }
}
