package org.ndprim.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The project's Markdown pages ({@code README.md} and every {@code docs/**.md}) as the tests that
 * keep them honest read them: fenced blocks, links and GitHub's heading anchors. One reader for
 * every page, so that a new guide is checked as soon as it exists.
 */
public final class Markdown {
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\(([^)\\s]+)\\)");
  private static final Pattern INLINE_CODE = Pattern.compile("`+[^`]*`+");

  private Markdown() {}

  /** One page: its path, its name relative to the repository root, its lines. */
  public record Page(Path path, String name, List<String> lines) {
    /** {@return "name:line", for messages} */
    public String at(int line) {
      return name + ":" + line;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * A fenced block: its page, its language ({@code ""} for a bare fence), the page line of its
   * first content line, the page line of its closing fence, and its text (each line ending in
   * a newline).
   */
  public record Block(Page page, String language, int line, int end, String code) {
    /** {@return "name:line" of the block's first content line} */
    public String where() {
      return page.at(line);
    }
  }

  /** A link: its page, its line and its target as written. */
  public record Link(Page page, int line, String target) {}

  /**
   * The repository root: the system property {@code ndprim.root}, else the parent of the working
   * directory (a module's directory, where Maven runs its tests).
   *
   * @return the root
   */
  public static Path root() {
    return Path.of(System.getProperty("ndprim.root", "..")).toAbsolutePath().normalize();
  }

  /**
   * The pages: {@code README.md}, then every {@code .md} under {@code docs/} in name order.
   *
   * @param root the repository root
   * @return the pages
   */
  public static List<Page> pages(Path root) {
    List<Path> paths = new ArrayList<>();
    paths.add(root.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
      paths.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted()
          .collect(Collectors.toList()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Page> pages = new ArrayList<>();
    for (Path p : paths) {
      pages.add(page(root, p));
    }
    return pages;
  }

  /**
   * Every Markdown file of the repository (outside {@code target/} and {@code .git/}), in path
   * order: the pages and the other modules' notes, for the link checker.
   *
   * @param root the repository root
   * @return the files as pages
   */
  public static List<Page> allMarkdown(Path root) {
    try (Stream<Path> all = Files.walk(root)) {
      return all.filter(p -> p.toString().endsWith(".md"))
          .filter(p -> {
            Path rel = root.relativize(p);
            for (Path part : rel) {
              String n = part.toString();
              if (n.equals("target") || n.equals(".git") || n.equals("node_modules")) {
                return false;
              }
            }
            return true;
          })
          .sorted().map(p -> page(root, p)).collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads one page.
   *
   * @param root the repository root
   * @param path the page
   * @return the page
   */
  public static Page page(Path root, Path path) {
    try {
      return new Page(path.toAbsolutePath().normalize(),
          root.relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/'),
          Files.readAllLines(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The fenced blocks of a page, in order.
   *
   * @param page the page
   * @return the blocks
   * @throws IllegalStateException if a fence is not closed
   */
  public static List<Block> blocks(Page page) {
    List<String> lines = page.lines();
    List<Block> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("```")) {
        continue;
      }
      String lang = lines.get(i).substring(3).trim();
      int start = i + 1;
      int end = start;
      while (end < lines.size() && !lines.get(end).equals("```")) {
        end++;
      }
      if (end >= lines.size()) {
        throw new IllegalStateException(page.at(i + 1) + ": unterminated ``` block");
      }
      StringBuilder code = new StringBuilder();
      for (String l : lines.subList(start, end)) {
        code.append(l).append('\n');
      }
      out.add(new Block(page, lang, start + 1, end + 1, code.toString()));
      i = end;
    }
    return out;
  }

  /**
   * The fenced blocks of one language on every page, in page order.
   *
   * @param pages the pages
   * @param language the language, e.g. {@code "java"}
   * @return the blocks
   */
  public static List<Block> blocks(List<Page> pages, String language) {
    return pages.stream().flatMap(p -> blocks(p).stream())
        .filter(b -> b.language().equals(language)).collect(Collectors.toList());
  }

  /**
   * The lines outside fenced blocks, with their 1-based page line numbers.
   *
   * @param page the page
   * @return line number and text, in order
   */
  private static List<Object[]> prose(Page page) {
    List<Object[]> out = new ArrayList<>();
    boolean fenced = false;
    for (int i = 0; i < page.lines().size(); i++) {
      String l = page.lines().get(i);
      if (l.startsWith("```")) {
        fenced = !fenced;
        continue;
      }
      if (!fenced) {
        out.add(new Object[] {i + 1, l});
      }
    }
    return out;
  }

  /**
   * The inline links and images of a page ({@code [text](target)}, {@code ![alt](target)}),
   * outside fenced blocks and inline code.
   *
   * @param page the page
   * @return the links
   */
  public static List<Link> links(Page page) {
    List<Link> out = new ArrayList<>();
    for (Object[] l : prose(page)) {
      String text = INLINE_CODE.matcher((String) l[1]).replaceAll("code");
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        out.add(new Link(page, (Integer) l[0], m.group(2)));
      }
    }
    return out;
  }

  /**
   * The anchors GitHub gives the page's headings, in order: {@link #slug} of each, a repeated
   * one suffixed {@code -1}, {@code -2}, ...
   *
   * @param page the page
   * @return the anchors
   */
  public static Set<String> anchors(Page page) {
    Set<String> out = new LinkedHashSet<>();
    for (Object[] l : prose(page)) {
      String line = (String) l[1];
      if (!line.startsWith("#")) {
        continue;
      }
      String heading = line.replaceFirst("^#+\\s*", "");
      String slug = slug(heading);
      String unique = slug;
      for (int n = 1; out.contains(unique); n++) {
        unique = slug + "-" + n;
      }
      out.add(unique);
    }
    return out;
  }

  /**
   * GitHub's anchor for a heading: the rendered text (inline code and links reduced to their
   * text) in lower case, every character but letters, digits, {@code -}, {@code _} and spaces
   * dropped, and each space turned into {@code -}.
   *
   * @param heading the heading's Markdown, without the leading {@code #}s
   * @return the anchor, without {@code #}
   */
  public static String slug(String heading) {
    String text = LINK.matcher(heading).replaceAll("$1").replace("`", "");
    StringBuilder sb = new StringBuilder();
    text.toLowerCase(Locale.ROOT).codePoints().forEach(c -> {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        sb.appendCodePoint(c);
      } else if (c == ' ') {
        sb.append('-');
      }
    });
    return sb.toString();
  }
}
