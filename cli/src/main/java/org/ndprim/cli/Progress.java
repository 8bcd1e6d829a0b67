package org.ndprim.cli;

import java.io.PrintStream;
import java.nio.charset.Charset;
import java.time.Duration;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for work that lasts: it appears only once the work has run
 * for {@link #DELAY} and only when standard error is a terminal (the caller passes a null stream
 * otherwise), so short commands, pipes and logs never see it. Drawn by ctongfei's
 * {@code me.tongfei:progressbar} on its own thread at a fixed rate, so {@link #add} costs a
 * counter update and a clock read.
 */
final class Progress implements AutoCloseable {
  /** How long work runs before its bar appears. */
  static final Duration DELAY = Duration.ofSeconds(1);

  private final String task;
  private final long total;
  private final PrintStream err;
  private final long delayNanos;
  private final long start = System.nanoTime();
  private long done;
  private ProgressBar bar;

  private Progress(String task, long total, PrintStream err, Duration delay) {
    this.task = task;
    this.total = total;
    this.err = err;
    this.delayNanos = delay.toNanos();
  }

  /**
   * @param task what is shown before the bar, e.g. {@code "reading big.npz"}
   * @param totalBytes the bytes the work will go through
   * @param err standard error when it is a terminal, else null (then nothing is ever drawn)
   */
  static Progress of(String task, long totalBytes, PrintStream err) {
    return new Progress(task, totalBytes, err, DELAY);
  }

  /** {@link #of} with another delay, for tests. */
  static Progress of(String task, long totalBytes, PrintStream err, Duration delay) {
    return new Progress(task, totalBytes, err, delay);
  }

  /** A progress that draws nothing. */
  static Progress none() {
    return new Progress("", 0, null, DELAY);
  }

  /** Counts {@code bytes} more as done. */
  void add(long bytes) {
    done += bytes;
    if (err == null) {
      return;
    }
    if (bar == null) {
      long elapsed = System.nanoTime() - start;
      if (elapsed < delayNanos || done >= total) {
        return;
      }
      bar = new ProgressBarBuilder()
          .setTaskName(task)
          .setInitialMax(total)
          .setUnit(" MiB", 1 << 20)
          .setStyle(blocks(Terminals.charset("sun.stderr.encoding")) ? ProgressBarStyle.UNICODE_BLOCK : ProgressBarStyle.ASCII)
          .setUpdateIntervalMillis(200)
          .setConsumer(new ConsoleProgressBarConsumer(err))
          .showSpeed()
          .clearDisplayOnFinish() // what the command prints next starts on a clean line
          .startsFrom(0, Duration.ofNanos(elapsed))
          .build();
    }
    bar.stepTo(Math.min(done, total));
  }

  /** Whether a bar was drawn. */
  boolean shown() {
    return bar != null;
  }

  private static boolean blocks(Charset charset) {
    return charset.newEncoder().canEncode('\u2588');
  }

  /** Ends the bar and clears its line (nothing when no bar was drawn). */
  @Override
  public void close() {
    if (bar != null) {
      bar.stepTo(Math.min(done, total));
      bar.close();
    }
  }
}
