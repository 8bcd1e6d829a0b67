package org.ndprim.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdArray;
import org.ndprim.processor.NdprimProcessor;

/**
 * The README cannot drift from the code: every {@code ```java} block compiles (with the ndprim
 * processor, against the runtime and TF-Java's ndarray 1.0.0, under {@code -Xlint:all -Werror})
 * and runs without an exception; the consumer XML is the example project's; the declared scalar
 * type is the example's source file. There is no opt-out: a block that is not meant to compile
 * must not be marked {@code java}.
 *
 * <p>A block is a compilation unit when it declares a type or a package, else a sequence of
 * statements after its imports, run as the body of {@code static void run() throws Exception}.
 * Errors name the README line.
 */
class ReadmeTest {
  private static final Path ROOT = Path.of(System.getProperty("ndprim.root", ".."));
  private static final Path README = ROOT.resolve("README.md");
  private static final Path EXAMPLE = ROOT.resolve("examples");
  private static final Pattern TYPE_DECLARATION = Pattern.compile(
      "^(@|package |((public|final|abstract|sealed) )*(class|interface|record|enum) )");

  /** A fenced block: its language, the README line of its first content line, its text. */
  record Block(String language, int line, String code) {}

  @Test
  void everyJavaBlockCompilesAndRuns(@TempDir Path out) throws Exception {
    List<Block> blocks = blocks("java");
    assertThat(blocks).as("java blocks in README.md").hasSizeGreaterThanOrEqualTo(9);
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
    assertThat(errors).as("README.md blocks that do not compile").isEmpty();

    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    List<String> failures = new ArrayList<>();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()},
        ReadmeTest.class.getClassLoader())) {
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      for (Unit u : units) {
        if (u.statements) {
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
            failures.add("README.md:" + line + ": the block throws " + e.getCause());
          }
        }
      }
    } finally {
      System.setOut(stdout);
    }
    assertThat(failures).as("README.md blocks that fail when run").isEmpty();
  }

  @Test
  void theScalarTypeDeclaredInTheReadmeIsTheExamples() throws IOException {
    List<Block> specs = blocks("java").stream().filter(b -> b.code().contains("@NdScalar("))
        .collect(Collectors.toList());
    assertThat(specs).hasSize(1);
    String example = Files.readString(
        EXAMPLE.resolve("src/main/java/com/example/digits/Gray8Scalar.java"));
    assertThat(specs.get(0).code()).isEqualTo(example);
  }

  @Test
  void theConsumerXmlIsTheExamples() throws IOException {
    List<String> readme = blocks("xml").stream().map(b -> dedent(b.code()))
        .collect(Collectors.toList());
    String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
    Matcher m = Pattern.compile("<!-- README: (\\w+) -->\\n(.*?)\\n[ \\t]*<!-- README: end -->",
        Pattern.DOTALL).matcher(pom);
    List<String> example = new ArrayList<>();
    while (m.find()) {
      example.add(dedent(m.group(2) + "\n"));
    }
    assertThat(example).as("README regions of examples/pom.xml").hasSize(2);
    assertThat(readme).as("```xml blocks of README.md").isEqualTo(example);
    // The version a user depends on is the one this build makes; and Maven 3.8 needs a compiler
    // plugin version, else its default (3.1) compiles for Java 5 and fails.
    String version = System.getProperty("ndprim.version");
    assertThat(version).isNotBlank();
    assertThat(String.join("", readme)).contains("<version>" + version + "</version>")
        .containsPattern("<artifactId>maven-compiler-plugin</artifactId>\\s*<version>[0-9.]+</version>")
        .contains("<release>17</release>");
  }

  @Test
  void wildcardImportsOfBothLibrariesMakeShapeAmbiguous(@TempDir Path out) throws IOException {
    // What the TF-Java guide says about `import org.tensorflow.ndarray.*; import org.ndprim.*;`.
    Block both = new Block("java", 1, String.join("\n",
        "import org.ndprim.*;",
        "import org.tensorflow.ndarray.*;",
        "Shape s = Shape.of(2, 3);",
        ""));
    List<String> errors = compile(List.of(Unit.of(both, "Ambiguous")), out);
    assertThat(errors).anyMatch(e -> e.contains("reference to Shape is ambiguous"));
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
   * options); returns the errors and warnings as "README.md:line: message".
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
      String where = "README.md";
      if (d.getSource() instanceof Unit u && d.getLineNumber() > 0) {
        where += ":" + (u.block.line() + d.getLineNumber() - 1);
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

  /** The fenced blocks of one language, in order; an unterminated fence fails the test. */
  private static List<Block> blocks(String language) {
    List<String> lines;
    try {
      lines = Files.readAllLines(README);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
      assertThat(end).as("README.md:%d: unterminated ``` block", i + 1).isLessThan(lines.size());
      if (lang.equals(language)) {
        out.add(new Block(lang, start + 1, String.join("\n", lines.subList(start, end)) + "\n"));
      }
      i = end;
    }
    return out;
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
