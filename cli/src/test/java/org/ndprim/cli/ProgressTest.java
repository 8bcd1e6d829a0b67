package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The progress bar appears only on a terminal's stderr, and only after its delay. */
class ProgressTest {
  @Test
  void drawnAfterTheDelayOnly() throws InterruptedException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    try (Progress quick = Progress.of("quick", 100 << 20, err, Duration.ofHours(1))) {
      quick.add(50 << 20);
      assertThat(quick.shown()).isFalse();
    }
    assertThat(bytes.size()).isZero();
    try (Progress slow = Progress.of("slow task", 100 << 20, err, Duration.ZERO)) {
      slow.add(10 << 20);
      Thread.sleep(50);
      slow.add(40 << 20);
      assertThat(slow.shown()).isTrue();
    }
    String drawn = bytes.toString(StandardCharsets.UTF_8);
    assertThat(drawn).contains("slow task").contains("50/100 MiB");
  }

  @Test
  void nothingWithoutATerminal() {
    try (Progress p = Progress.of("x", 100, null, Duration.ZERO)) {
      p.add(10);
      assertThat(p.shown()).isFalse();
    }
    // in-process runs have no terminal: nothing but the result on stderr
    Main main = new Main(null, null);
    assertThat(main.progress("x", 1).shown()).isFalse();
  }
}
