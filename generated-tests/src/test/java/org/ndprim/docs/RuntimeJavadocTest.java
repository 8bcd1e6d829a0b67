package org.ndprim.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;

/**
 * The runtime's hand-written Javadoc cannot drift from the code: {@code @NdScalar} states every
 * operation's signature as the processor checks it, the package doc of {@code org.ndprim} lists
 * the typed array of every built-in spec, and every {@code XxxNdArray} a Javadoc comment names
 * exists.
 */
class RuntimeJavadocTest {
  private static final Path ROOT = Path.of(System.getProperty("ndprim.root", ".."));
  private static final Path SOURCES = ROOT.resolve("runtime/src/main/java");
  private static final Path PACKAGE = SOURCES.resolve("org/ndprim");
  private static final Pattern JAVADOC = Pattern.compile("/\\*\\*(.*?)\\*/", Pattern.DOTALL);
  /** A concrete class name ending in NdArray; not a placeholder such as {@code <name>NdArray}. */
  private static final Pattern NDARRAY_NAME =
      Pattern.compile("(?<![\\w<>$.#])([A-Z][A-Za-z0-9]*NdArray)\\b");
  private static final Pattern SPEC_NAME = Pattern.compile("@NdScalar\\(\\s*name\\s*=\\s*\"(\\w+)\"");

  @Test
  void ndScalarStatesTheSignatureOfEveryOperation() {
    String doc = javadocs(PACKAGE.resolve("NdScalar.java")).get(0);
    assertThat(doc).contains("{@code s}", "{@code x}");
    for (Operation op : Operation.values()) {
      // the processor's own signature, in s (storage) and x (logical) as the Javadoc writes it
      String signature = op.declaration(Primitive.SHORT, Primitive.FLOAT)
          .replaceAll("\\bshort\\b", "s").replaceAll("\\bfloat\\b", "x");
      assertThat(doc).as(op.name()).contains("{@code " + signature + "}");
    }
  }

  @Test
  void packageDocListsTheTypedArrayOfEveryBuiltInSpec() throws IOException {
    Set<String> specs = new TreeSet<>();
    try (Stream<Path> files = Files.list(PACKAGE)) {
      for (Path file : files.filter(f -> f.toString().endsWith("Scalar.java")).toList()) {
        Matcher m = SPEC_NAME.matcher(read(file));
        while (m.find()) {
          specs.add(m.group(1) + "NdArray");
        }
      }
    }
    assertThat(specs).as("built-in specs").hasSize(16);
    String doc = javadocs(PACKAGE.resolve("package-info.java")).get(0);
    Set<String> listed = new TreeSet<>();
    Matcher m = Pattern.compile("\\{@code ([A-Z]\\w*NdArray)\\}").matcher(doc);
    while (m.find()) {
      listed.add(m.group(1));
    }
    assertThat(listed).isEqualTo(specs);
  }

  @Test
  void everyNdArrayClassNamedInRuntimeJavadocExists() throws IOException {
    List<String> missing = new ArrayList<>();
    int checked = 0;
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        for (String doc : javadocs(file)) {
          Matcher m = NDARRAY_NAME.matcher(doc);
          while (m.find()) {
            checked++;
            if (!exists(m.group(1))) {
              missing.add(SOURCES.relativize(file) + ": " + m.group(1));
            }
          }
        }
      }
    }
    assertThat(checked).as("NdArray names found in the runtime's Javadoc").isGreaterThan(50);
    assertThat(missing).as("NdArray classes named in Javadoc that do not exist").isEmpty();
  }

  /** Whether a class of this simple name is in one of the runtime's packages. */
  private static boolean exists(String simpleName) {
    for (String pkg : runtimePackages()) {
      try {
        Class.forName(pkg + "." + simpleName, false, RuntimeJavadocTest.class.getClassLoader());
        return true;
      } catch (ClassNotFoundException e) {
        // not in this package
      }
    }
    return false;
  }

  /** The runtime's packages, from its source tree. */
  private static Set<String> runtimePackages() {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      return files.filter(f -> f.getFileName().toString().equals("package-info.java"))
          .map(f -> SOURCES.relativize(f.getParent()).toString().replace('/', '.'))
          .collect(Collectors.toCollection(TreeSet::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The Javadoc comments of a source file, without their leading asterisks, one space apart. */
  private static List<String> javadocs(Path file) {
    List<String> docs = new ArrayList<>();
    Matcher m = JAVADOC.matcher(read(file));
    while (m.find()) {
      docs.add(m.group(1).replaceAll("(?m)^\\s*\\*", " ").replaceAll("\\s+", " ").trim());
    }
    return docs;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
