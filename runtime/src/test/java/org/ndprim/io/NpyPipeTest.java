package org.ndprim.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Npy.read and readHeader on a FIFO: read as a stream (no size to check, no seeking), without hanging. */
class NpyPipeTest {
  @TempDir Path dir;

  private Path fifoWith(byte[] bytes) throws Exception {
    Path fifo = dir.resolve("in-" + System.nanoTime() + ".fifo");
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(p.waitFor() == 0, "mkfifo");
    Thread writer = new Thread(() -> {
      try (OutputStream out = Files.newOutputStream(fifo)) {
        out.write(bytes);
      } catch (IOException e) {
        // the reader's assertions fail instead
      }
    });
    writer.setDaemon(true);
    writer.start();
    return fifo;
  }

  @Test
  void aFifoReadsAsAStream() throws Exception {
    byte[] bytes = Golden.bytes("fortran_f8_2x3x4.npy");
    Path fifo = fifoWith(bytes);
    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Npy.read(fifo)))
        .isEqualTo(Npy.read(Golden.path("c_f8_2x3x4.npy")));
    Path header = fifoWith(bytes);
    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Npy.readHeader(header)).shape().toString())
        .isEqualTo("(2, 3, 4)");
    Path bad = fifoWith(Golden.bytes("hostile/oom_4x20000000_f8.npy"));
    Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> Npy.read(bad));
    assertThat(e).isInstanceOf(NpyFormatException.class).hasMessageStartingWith(bad + ": ")
        .hasMessageContaining("shape (4, 20000000) of '<f8' needs 640000000 data bytes"); // truncated, or beyond a small heap
  }
}
