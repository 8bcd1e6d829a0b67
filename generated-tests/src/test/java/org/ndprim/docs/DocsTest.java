package org.ndprim.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;
import org.ndprim.processor.DiagnosticCode;
import org.ndprim.processor.NdprimProcessor;
import org.ndprim.testing.Markdown;
import org.ndprim.testing.Markdown.Block;
import org.ndprim.testing.Markdown.Link;
import org.ndprim.testing.Markdown.Page;

/**
 * The README and the guides under {@code docs/} cannot drift from the code. On every page:
 * every {@code ```java} block compiles (with the ndprim processor, against the runtime and
 * TF-Java's ndarray 1.0.0, under {@code -Xlint:all -Werror}) and runs without an exception, and
 * what it prints is the {@code ```text} block right after it (a block that prints must show its
 * output); the consumer XML is the example project's; the declared scalar type is the
 * example's source file; every relative link and every anchor resolves (GitHub's anchors); every
 * line of the differences from NumPy names a test that exists; every processor diagnostic is in
 * the dtypes guide; and the README stays a landing page. There is no opt-out: a block that is
 * not meant to compile must not be marked {@code java}. ({@code TranscriptTest} in the cli
 * module runs the pages' {@code $ ndprim} transcripts.)
 *
 * <p>A block is a compilation unit when it declares a type or a package, else a sequence of
 * statements after its imports, run as the body of {@code static void run() throws Exception}.
 * Errors name the page and line.
 */
class DocsTest {
  private static final Path ROOT = Markdown.root();
  private static final List<Page> PAGES = Markdown.pages(ROOT);
  private static final Path EXAMPLE = ROOT.resolve("examples");
  private static final Pattern TYPE_DECLARATION = Pattern.compile(
      "^(@|package |((public|final|abstract|sealed) )*(class|interface|record|enum) )");

  @Test
  void everyJavaBlockCompilesRunsAndPrintsWhatThePageShows(@TempDir Path out) throws Exception {
    List<Block> blocks = Markdown.blocks(PAGES, "java");
    assertThat(blocks).as("java blocks in README.md and docs/").hasSizeGreaterThanOrEqualTo(12);
    List<Unit> units = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    for (int i = 0; i < blocks.size(); i++) {
      Block b = blocks.get(i);
      if (b.code().startsWith("module ")) {
        // A module declaration is a module of its own, on the module path beside org.ndprim.
        Path dir = Files.createDirectories(out.resolve("module" + (i + 1)));
        errors.addAll(compile(List.of(new Unit(b, "module-info", false, b.code())), dir,
            "--module-path", location(NdArray.class).toString()));
      } else {
        units.add(Unit.of(b, "Snippet" + (i + 1)));
      }
    }
    errors.addAll(compile(units, out));
    assertThat(errors).as("java blocks that do not compile").isEmpty();

    PrintStream stdout = System.out;
    List<String> failures = new ArrayList<>();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()},
        DocsTest.class.getClassLoader())) {
      for (Unit u : units) {
        if (!u.statements) {
          continue;
        }
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
          Method run = loader.loadClass(u.className).getDeclaredMethod("run");
          run.setAccessible(true);
          run.invoke(null);
        } catch (InvocationTargetException e) {
          int line = u.block.line();
          for (StackTraceElement frame : e.getCause().getStackTrace()) {
            if (frame.getClassName().equals(u.className) && frame.getLineNumber() > 0) {
              line = u.block.line() + frame.getLineNumber() - 1;
              break;
            }
          }
          failures.add(u.block.page().at(line) + ": the block throws " + e.getCause());
          continue;
        } finally {
          System.setOut(stdout);
        }
        String actual = printed.toString(StandardCharsets.UTF_8);
        Optional<Block> shown = output(u.block);
        if (shown.isPresent() && !shown.get().code().equals(actual)) {
          failures.add(u.block.where() + ": the block prints\n" + actual
              + "but the ```text block at " + shown.get().where() + " shows\n"
              + shown.get().code());
        } else if (shown.isEmpty() && !actual.isEmpty()) {
          failures.add(u.block.where() + ": the block prints\n" + actual
              + "but no ```text block follows it to show that");
        }
      }
    }
    assertThat(failures).as("java blocks that fail when run or print otherwise").isEmpty();
  }

  /** The {@code ```text} block right after {@code b}'s closing fence, if there is one. */
  private static Optional<Block> output(Block b) {
    return Markdown.blocks(b.page()).stream()
        .filter(o -> o.language().equals("text") && o.line() == b.end() + 2).findFirst();
  }

  @Test
  void everyTextBlockIsTheOutputOfTheJavaBlockBeforeIt() {
    // a ```text block is output, so it must have a block whose output it is
    List<String> orphans = new ArrayList<>();
    for (Page p : PAGES) {
      List<Block> blocks = Markdown.blocks(p);
      for (int i = 0; i < blocks.size(); i++) {
        Block b = blocks.get(i);
        if (b.language().equals("text") && (i == 0 || !blocks.get(i - 1).language().equals("java")
            || blocks.get(i - 1).end() + 2 != b.line())) {
          orphans.add(b.where());
        }
      }
    }
    assertThat(orphans).as("```text blocks that follow no ```java block").isEmpty();
  }

  @Test
  void theScalarTypeDeclaredInTheDocsIsTheExamples() throws IOException {
    List<Block> specs = Markdown.blocks(PAGES, "java").stream()
        .filter(b -> b.code().contains("@NdScalar(name = \"Gray8\""))
        .collect(Collectors.toList());
    assertThat(specs).hasSize(1);
    String example = Files.readString(
        EXAMPLE.resolve("src/main/java/com/example/digits/Gray8Scalar.java"));
    assertThat(specs.get(0).code()).isEqualTo(example);
  }

  @Test
  void theConsumerXmlIsTheExamples() throws IOException {
    List<String> docs = Markdown.blocks(PAGES, "xml").stream().map(b -> dedent(b.code()))
        .collect(Collectors.toList());
    String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
    Matcher m = Pattern.compile("<!-- README: (\\w+) -->\\n(.*?)\\n[ \\t]*<!-- README: end -->",
        Pattern.DOTALL).matcher(pom);
    List<String> example = new ArrayList<>();
    while (m.find()) {
      example.add(dedent(m.group(2) + "\n"));
    }
    assertThat(example).as("README regions of examples/pom.xml").hasSize(2);
    assertThat(docs).as("```xml blocks of README.md and docs/").isEqualTo(example);
    // The version a user depends on is the one this build makes; and Maven 3.8 needs a compiler
    // plugin version, else its default (3.1) compiles for Java 5 and fails.
    String version = System.getProperty("ndprim.version");
    assertThat(version).isNotBlank();
    assertThat(String.join("", docs)).contains("<version>" + version + "</version>")
        .containsPattern("<artifactId>maven-compiler-plugin</artifactId>\\s*<version>[0-9.]+</version>")
        .contains("<release>17</release>");
  }

  @Test
  void wildcardImportsOfBothLibrariesMakeShapeAmbiguous(@TempDir Path out) throws IOException {
    // What the TF-Java guide says about `import org.tensorflow.ndarray.*; import org.ndprim.*;`.
    Page page = new Page(ROOT.resolve("docs/from-tf-java.md"), "docs/from-tf-java.md", List.of());
    Block both = new Block(page, "java", 1, 4, String.join("\n",
        "import org.ndprim.*;",
        "import org.tensorflow.ndarray.*;",
        "Shape s = Shape.of(2, 3);",
        ""));
    List<String> errors = compile(List.of(Unit.of(both, "Ambiguous")), out);
    assertThat(errors).anyMatch(e -> e.contains("reference to Shape is ambiguous"));
  }

  @Test
  void everyRelativeLinkAndAnchorResolves() {
    List<String> broken = new ArrayList<>();
    int checked = 0;
    List<Page> all = Markdown.allMarkdown(ROOT);
    assertThat(all).as("Markdown files").hasSizeGreaterThan(PAGES.size());
    for (Page p : all) {
      for (Link l : Markdown.links(p)) {
        String t = l.target();
        if (t.matches("^[a-z]+:.*")) {
          continue; // https:, mailto: — not checked offline
        }
        checked++;
        int hash = t.indexOf('#');
        String file = hash < 0 ? t : t.substring(0, hash);
        String anchor = hash < 0 ? null : t.substring(hash + 1);
        Path target = file.isEmpty() ? p.path() : p.path().getParent().resolve(file).normalize();
        if (!target.startsWith(ROOT) || !Files.exists(target)) {
          broken.add(p.at(l.line()) + ": " + t + " (no such file)");
          continue;
        }
        if (anchor != null) {
          if (!target.toString().endsWith(".md")) {
            broken.add(p.at(l.line()) + ": " + t + " (an anchor into a file that is not Markdown)");
          } else if (!Markdown.anchors(Markdown.page(ROOT, target)).contains(anchor)) {
            broken.add(p.at(l.line()) + ": " + t + " (no heading has that anchor; there are "
                + Markdown.anchors(Markdown.page(ROOT, target)) + ")");
          }
        }
      }
    }
    assertThat(checked).as("relative links checked").isGreaterThan(50);
    assertThat(broken).as("broken links").isEmpty();
  }

  @Test
  void theJavadocOverviewLinksGuidesThatExist() throws IOException {
    String overview = Files.readString(ROOT.resolve("runtime/src/main/javadoc/overview.html"));
    Matcher m = Pattern.compile("href=\"https://github\\.com/ndprim/ndprim/blob/main/([^\"#]+)(?:#([^\"]+))?\"")
        .matcher(overview);
    int links = 0;
    while (m.find()) {
      links++;
      Path target = ROOT.resolve(m.group(1));
      assertThat(target).as(m.group()).exists();
      if (m.group(2) != null) {
        assertThat(Markdown.anchors(Markdown.page(ROOT, target))).as(m.group()).contains(m.group(2));
      }
    }
    assertThat(links).as("guide links in the overview").isGreaterThanOrEqualTo(12);
  }

  @Test
  void githubAnchorsAreLowerCaseWithSpacesAsHyphensAndPunctuationDropped() {
    assertThat(Markdown.slug("Coming from Swift's ShapedArraySlice"))
        .isEqualTo("coming-from-swifts-shapedarrayslice");
    assertThat(Markdown.slug("`info FILE [--member NAME] [--brief]`"))
        .isEqualTo("info-file---member-name---brief");
    assertThat(Markdown.slug("Casting (`astype`)")).isEqualTo("casting-astype");
    assertThat(Markdown.slug("The [design](design.md), µ_2")).isEqualTo("the-design-µ_2");
  }

  @Test
  void everyDifferenceFromNumpyNamesATestThatExists() throws IOException {
    Page page = Markdown.page(ROOT, ROOT.resolve("docs/differences.md"));
    List<String> items = new ArrayList<>();
    for (String l : page.lines()) {
      if (l.startsWith("- ")) {
        items.add(l);
      } else if (l.startsWith("  ") && !items.isEmpty()) {
        items.set(items.size() - 1, items.get(items.size() - 1) + " " + l.trim());
      }
    }
    assertThat(items).as("items of docs/differences.md").hasSizeGreaterThanOrEqualTo(15);
    List<Path> sources;
    try (Stream<Path> all = Files.walk(ROOT)) {
      sources = all.filter(f -> f.toString().replace('\\', '/').contains("/src/test/java/")
          && f.toString().endsWith("Test.java")).collect(Collectors.toList());
    }
    Pattern named = Pattern.compile("`(\\w+)#(\\w+)`");
    List<String> problems = new ArrayList<>();
    for (String item : items) {
      int test = item.lastIndexOf("(test: ");
      Matcher m = named.matcher(test < 0 ? "" : item.substring(test));
      if (!m.find()) {
        problems.add("names no test: " + item);
        continue;
      }
      do {
        String cls = m.group(1);
        String method = m.group(2);
        Optional<Path> file = sources.stream()
            .filter(f -> f.getFileName().toString().equals(cls + ".java")).findFirst();
        if (file.isEmpty()) {
          problems.add("no test class " + cls + ": " + item);
        } else if (!Pattern.compile("@(Test|ParameterizedTest|TestFactory)\\b[^;{]*?\\s"
            + method + "\\s*\\(").matcher(Files.readString(file.get())).find()) {
          problems.add("no test method " + cls + "#" + method + ": " + item);
        }
      } while (m.find());
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void everyProcessorDiagnosticIsInTheDtypesGuide() throws IOException {
    String guide = Files.readString(ROOT.resolve("docs/dtypes.md"));
    for (DiagnosticCode code : DiagnosticCode.values()) {
      assertThat(guide).as("docs/dtypes.md's diagnostics table")
          .contains("| `" + code.name() + "` | " + code.kind().toString().toLowerCase(Locale.ROOT) + " |");
    }
  }

  @Test
  void theReadmeIsALandingPageOneClickFromWhatANewUserLooksFor() throws IOException {
    List<String> readme = Files.readAllLines(ROOT.resolve("README.md"));
    assertThat(readme.size()).as("README.md lines").isLessThan(300);
    String text = String.join("\n", readme);
    // the Quick start commands, exactly (CI and the hooks run them)
    assertThat(text).contains("```sh\nmvn -B -q -ntp package -DskipTests && java -jar cli/target/ndprim.jar\n```")
        .contains("```sh\nmvn -B -ntp verify\n```");
    // issue 19: a scalar type's full contract, mapping a file larger than memory, what is
    // thread-safe and Gradle, each one link away (and the link checker says the anchors exist)
    assertThat(text).contains("(docs/dtypes.md#the-full-contract)",
        "(docs/storage.md#mapping-a-file-larger-than-memory)", "(docs/storage.md#thread-safety)",
        "(docs/getting-started.md#gradle-kotlin-dsl)");
    // and every guide is linked from the index
    String index = Files.readString(ROOT.resolve("docs/README.md"));
    for (Page p : PAGES) {
      String name = p.path().getFileName().toString();
      if (p.name().startsWith("docs/") && !name.equals("README.md")) {
        assertThat(index).as("docs/README.md links " + name).contains("(" + name);
      }
    }
  }

  // ------------------------------------------------------------------------------- helpers

  /** One compilation unit made from a block. */
  private static final class Unit extends SimpleJavaFileObject {
    final Block block;
    final String className;
    final boolean statements;
    final String source;

    Unit(Block block, String className, boolean statements, String source) {
      super(URI.create("string:///" + className + ".java"), Kind.SOURCE);
      this.block = block;
      this.className = className;
      this.statements = statements;
      this.source = source;
    }

    static Unit of(Block block, String className) {
      String[] lines = block.code().split("\n", -1);
      boolean declaresType = false;
      int first = -1;
      for (int i = 0; i < lines.length; i++) {
        String t = lines[i].trim();
        if (TYPE_DECLARATION.matcher(lines[i]).find()) {
          declaresType = true;
        }
        if (first < 0 && !t.isEmpty() && !t.startsWith("import ") && !t.startsWith("//")) {
          first = i;
        }
      }
      if (declaresType || first < 0) {
        // javac wants a file named after its type (else "auxiliary class" warnings).
        Matcher type = Pattern.compile("\\b(?:class|interface|record|enum) (\\w+)")
            .matcher(block.code());
        return new Unit(block, type.find() ? type.group(1) : className, false, block.code());
      }
      // Same line numbers as the block: the class opens on the first statement's line.
      lines[first] = "class " + className + " { static void run() throws Exception { "
          + lines[first];
      lines[lines.length - 1] = lines[lines.length - 1] + " } }";
      return new Unit(block, className, true, String.join("\n", lines));
    }

    @Override
    public CharSequence getCharContent(boolean ignoreEncodingErrors) {
      return source;
    }
  }

  /**
   * Compiles the units with the ndprim processor (class path: this test's, or the given path
   * options); returns the errors and warnings as "page:line: message".
   */
  private static List<String> compile(List<Unit> units, Path out, String... path) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    List<String> options = new ArrayList<>(List.of("-Xlint:all,-processing", "-Werror", "-d",
        out.toString()));
    options.addAll(path.length > 0 ? List.of(path)
        : List.of("-classpath", System.getProperty("java.class.path")));
    JavaCompiler.CompilationTask task =
        javac.getTask(null, null, diagnostics, options, null, units);
    task.setProcessors(List.of(new NdprimProcessor()));
    task.call();
    List<String> problems = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.NOTE) {
        continue;
      }
      String where = "docs";
      if (d.getSource() instanceof Unit u) {
        where = d.getLineNumber() > 0 ? u.block.page().at(u.block.line() + (int) d.getLineNumber() - 1)
            : u.block.where();
      }
      problems.add(where + ": " + d.getKind().toString().toLowerCase(Locale.ROOT) + ": "
          + d.getMessage(Locale.ROOT));
    }
    return problems;
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Removes the indentation common to every non-blank line. */
  private static String dedent(String text) {
    String[] lines = text.split("\n", -1);
    int indent = Integer.MAX_VALUE;
    for (String l : lines) {
      if (!l.isBlank()) {
        indent = Math.min(indent, l.length() - l.stripLeading().length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i];
      sb.append(l.isBlank() ? "" : l.substring(indent));
      if (i < lines.length - 1) {
        sb.append('\n');
      }
    }
    return sb.toString();
  }
}
