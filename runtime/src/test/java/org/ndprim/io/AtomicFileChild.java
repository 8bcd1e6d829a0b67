package org.ndprim.io;

import java.nio.file.Path;

/**
 * A JVM in the middle of a slow atomic write, for {@link AtomicWriteTest}: it writes part of the
 * content, prints {@code writing} and waits to be terminated.
 */
final class AtomicFileChild {
  private AtomicFileChild() {}

  public static void main(String[] args) throws Exception {
    AtomicFile.write(Path.of(args[0]), out -> {
      out.write(new byte[1 << 17]); // more than the buffer: the temporary file has bytes
      out.flush();
      System.out.println("writing");
      System.out.flush();
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }
}
