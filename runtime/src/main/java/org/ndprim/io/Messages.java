package org.ndprim.io;

import java.io.EOFException;
import java.io.InterruptedIOException;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.util.zip.ZipException;

/** Words for a failure that is pasted into another message. */
final class Messages {
  private Messages() {}

  /**
   * {@return the failure's message, or when it has none (an {@link EOFException} from
   * {@code readFully}, a {@link ClosedChannelException}) what its class means} Never
   * {@code "null"}, never empty.
   */
  static String reason(Throwable e) {
    String message = e.getMessage();
    if (message != null && !message.isBlank()) {
      return message;
    }
    if (e instanceof EOFException) {
      return "unexpected end of file";
    }
    if (e instanceof ZipException) {
      return "malformed zip data";
    }
    if (e instanceof ClosedByInterruptException) {
      return "interrupted (the channel was closed)";
    }
    if (e instanceof AsynchronousCloseException) {
      return "the channel was closed by another thread";
    }
    if (e instanceof ClosedChannelException) {
      return "the channel is closed";
    }
    if (e instanceof InterruptedIOException) {
      return "interrupted";
    }
    return e.getClass().getName() + " (no message)";
  }
}
