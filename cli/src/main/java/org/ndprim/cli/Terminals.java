package org.ndprim.cli;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What the process's terminal can do. Java 17 has no {@code isatty} for one stream
 * ({@link System#console()} answers for standard input and output together), so a stream is a
 * terminal when Linux's {@code /proc/self/fd/N} links to a terminal device; elsewhere
 * {@code System.console() != null} stands in for it.
 */
final class Terminals {
  private Terminals() {}

  /** Whether file descriptor {@code fd} (1 standard output, 2 standard error) is a terminal. */
  static boolean isTerminal(int fd) {
    try {
      String target = Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
      return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return System.console() != null;
    }
  }

  /** {@code TERM} is unset or {@code dumb}: no cursor movement, no colours. */
  static boolean isDumb(Map<String, String> env) {
    String term = env.get("TERM");
    return term == null || term.isEmpty() || term.equals("dumb");
  }

  /**
   * Whether a terminal with this environment shows 256 colours: {@code TERM} names them
   * ({@code xterm-256color}, {@code screen-256color}, ...), {@code COLORTERM} says so (set by
   * terminals with 24-bit colour), or {@code TERM} is one of the emulators that have them
   * whatever it is called; and {@code NO_COLOR} (no-color.org) is not set.
   */
  static boolean has256Colors(Map<String, String> env) {
    if (isDumb(env) || env.containsKey("NO_COLOR")) {
      return false;
    }
    String term = env.get("TERM");
    String colorterm = env.getOrDefault("COLORTERM", "");
    return term.contains("256") || !colorterm.isEmpty() || term.startsWith("xterm-kitty")
        || term.equals("alacritty") || term.startsWith("tmux") || term.equals("wezterm");
  }

  /** Whether {@code charset} can write the upper half block the colour preview draws with. */
  static boolean canEncodeBlocks(Charset charset) {
    return charset.newEncoder().canEncode('\u2580');
  }

  /**
   * The charset Java 17 writes a standard stream in: {@code sun.stdout.encoding} or
   * {@code sun.stderr.encoding} where the JDK sets it, else the default charset (what
   * {@link System#out} and picocli's writers use).
   */
  static Charset charset(String property) {
    String name = System.getProperty(property);
    try {
      return name == null ? Charset.defaultCharset() : Charset.forName(name);
    } catch (IllegalArgumentException e) {
      return Charset.defaultCharset();
    }
  }

  /** The terminal's width from {@code COLUMNS} (shells export it to children only on request), else 80. */
  static int columns(Map<String, String> env) {
    return columns(env, false);
  }

  /**
   * The terminal's width: {@code COLUMNS} when set to a number (bash sets it but does not export
   * it), else, when {@code askTerminal} (the process has a console), what {@code stty size} says
   * of {@code /dev/tty}, else 80. Widths under 20 count as unknown.
   */
  static int columns(Map<String, String> env, boolean askTerminal) {
    int c = parse(env.get("COLUMNS"));
    if (c < 0 && askTerminal) {
      c = sttyColumns();
    }
    return c >= 20 ? c : 80;
  }

  private static int parse(String columns) {
    try {
      return columns == null ? -1 : Integer.parseInt(columns.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** {@code stty size < /dev/tty}'s columns ("ROWS COLUMNS"), or -1 if it fails or takes more than 0.5 s. */
  static int sttyColumns() {
    Process p = null;
    try {
      p = new ProcessBuilder("sh", "-c", "stty size < /dev/tty")
          .redirectError(ProcessBuilder.Redirect.DISCARD).redirectInput(ProcessBuilder.Redirect.PIPE).start();
      p.getOutputStream().close();
      if (!p.waitFor(500, java.util.concurrent.TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
        return -1;
      }
      String[] words = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII)
          .strip().split("\\s+");
      return words.length == 2 ? parse(words[1]) : -1;
    } catch (IOException | RuntimeException e) {
      return -1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    } finally {
      if (p != null && p.isAlive()) {
        p.destroyForcibly();
      }
    }
  }
}
