package org.ndprim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.testing.Markdown;
import org.ndprim.testing.Markdown.Block;
import org.ndprim.testing.Markdown.Page;

/**
 * Every {@code $ ndprim ...} transcript in README.md and docs/ is what the command prints: each
 * command runs as its own process ({@code java -cp <this test's class path> org.ndprim.cli.Main},
 * as {@code java -jar ndprim.jar} runs it), from a directory holding what the pages work on
 * ({@code data/digits.npy}; {@code digits.npz} and {@code image.npz}, which the pages make in
 * Python and src/test/python made with the same calls), with standard output a pipe, no
 * terminal and 80 columns. Its standard output then standard error, each line without its
 * trailing spaces, must be the lines up to the next {@code $} line; a transcript that shows an
 * {@code ndprim:} error must exit non-zero and any other must exit 0. The commands of one page run
 * in order in one directory, so a later command may read what an earlier one wrote.
 */
class TranscriptTest {
  private static final String PROMPT = "$ ndprim ";

  /** A command of a transcript, with its page line and the output the page shows. */
  record Command(Block block, int line, List<String> args, String expected) {}

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void everyTranscriptIsWhatTheCommandPrints(@TempDir Path tmp) throws Exception {
    Path root = Markdown.root();
    List<String> failures = new ArrayList<>();
    int run = 0;
    for (Page page : Markdown.pages(root)) {
      List<Command> commands = commands(page);
      if (commands.isEmpty()) {
        continue;
      }
      Path dir = Files.createDirectories(tmp.resolve(page.name().replace('/', '_')));
      Files.createDirectories(dir.resolve("data"));
      Files.copy(root.resolve("data/digits.npy"), dir.resolve("data/digits.npy"));
      Files.copy(Cli.testFile("npz/digits.npz"), dir.resolve("digits.npz"));
      Files.copy(Cli.testFile("show/image_u1.npz"), dir.resolve("image.npz"),
          StandardCopyOption.REPLACE_EXISTING);
      for (Command c : commands) {
        run++;
        ProcessBuilder pb = new ProcessBuilder(command(c.args())).directory(dir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectOutput(dir.resolve(".out").toFile())
            .redirectError(dir.resolve(".err").toFile());
        // no terminal colours and 80 columns, whatever the shell running the tests has
        Map<String, String> env = pb.environment();
        env.keySet().removeAll(List.of("TERM", "COLORTERM", "NO_COLOR"));
        env.put("COLUMNS", "80");
        Process p = pb.start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          failures.add(c.block().page().at(c.line()) + ": timed out");
          continue;
        }
        String actual = stripped(Files.readString(dir.resolve(".out"), StandardCharsets.UTF_8)
            + Files.readString(dir.resolve(".err"), StandardCharsets.UTF_8));
        boolean error = c.expected().startsWith("ndprim:");
        if (!actual.equals(c.expected()) || (p.exitValue() != 0) != error) {
          failures.add(c.block().page().at(c.line()) + ": ndprim " + String.join(" ", c.args())
              + " exits " + p.exitValue() + " and prints\n" + actual
              + "where the page shows\n" + c.expected());
        }
      }
    }
    assertThat(run).as("transcript commands run").isGreaterThanOrEqualTo(12);
    assertThat(failures).as("transcripts that differ from what ndprim prints").isEmpty();
  }

  @Test
  void argumentsAreSplitAsTheShellSplitsThem() {
    assertThat(shellWords("slice data/digits.npy \"0, ::-1\" --dtype '>f8' a\\ b"))
        .containsExactly("slice", "data/digits.npy", "0, ::-1", "--dtype", ">f8", "a b");
  }

  /** The {@code $ ndprim} commands of a page's bare-fenced blocks, in order. */
  static List<Command> commands(Page page) {
    List<Command> out = new ArrayList<>();
    for (Block b : Markdown.blocks(page)) {
      if (!b.language().isEmpty()) {
        continue;
      }
      String[] lines = b.code().split("\n", -1);
      for (int i = 0; i < lines.length; i++) {
        if (!lines[i].startsWith(PROMPT)) {
          continue;
        }
        int j = i + 1;
        StringBuilder expected = new StringBuilder();
        while (j < lines.length && !lines[j].startsWith("$ ") && !(j == lines.length - 1
            && lines[j].isEmpty())) {
          expected.append(lines[j]).append('\n');
          j++;
        }
        out.add(new Command(b, b.line() + i, shellWords(lines[i].substring(PROMPT.length())),
            stripped(expected.toString())));
        i = j - 1;
      }
    }
    return out;
  }

  private static List<String> command(List<String> args) {
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        "org.ndprim.cli.Main"));
    cmd.addAll(args);
    return cmd;
  }

  /** Splits a command line as a POSIX shell does for words, quotes and backslashes (no $, no globs). */
  static List<String> shellWords(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder w = null;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == ' ' || c == '\t') {
        if (w != null) {
          words.add(w.toString());
          w = null;
        }
        continue;
      }
      if (w == null) {
        w = new StringBuilder();
      }
      if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        w.append(line, i + 1, end);
        i = end;
      } else if (c == '"') {
        int end = line.indexOf('"', i + 1);
        w.append(line, i + 1, end);
        i = end;
      } else if (c == '\\' && i + 1 < line.length()) {
        w.append(line.charAt(++i));
      } else {
        w.append(c);
      }
    }
    if (w != null) {
      words.add(w.toString());
    }
    return words;
  }

  /** The text with every line's trailing spaces removed (the pages leave them out). */
  private static String stripped(String text) {
    return text.lines().map(String::stripTrailing).map(l -> l + "\n").collect(Collectors.joining());
  }
}
