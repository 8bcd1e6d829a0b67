package org.ndprim.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden files: the exact sources generated for one integral type (Short), one floating type
 * (Double) and the user-declared Float16 (the interface and the implementations over a Java
 * array and over buffers), and one functional interface (ShortUnaryOperator), committed under
 * {@code src/test/resources/golden/}.
 *
 * <p>After an intended change to the generated code, regenerate them and review the diff:
 * <pre>
 * mvn -pl generated-tests test -Dtest=GoldenFilesTest -Dndprim.updateGolden=true
 * </pre>
 *
 * <p>Also compiles every type's generated code with {@code -Xlint:all -Xdoclint:all/protected
 * -Werror}, so a warning or a Javadoc gap in generated code fails.
 */
class GoldenFilesTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden");
  private static final boolean UPDATE = Boolean.getBoolean("ndprim.updateGolden");
  /**
   * Every lint but {@code processing}: that one warns that the built-in types being regenerated
   * here already exist in the runtime jar on the classpath. Float16 is also checked with it.
   */
  private static final List<String> STRICT =
      List.of("-Xlint:all,-processing", "-Xdoclint:all/protected", "-Werror");

  /** A built-in spec exactly as {@code runtime/src/main/java/org/ndprim/} declares it. */
  private static JavaFileObject builtIn(String name, String primitive, String dtype) {
    return JavaFileObjects.forSourceLines("org.ndprim." + name + "Scalar",
        "package org.ndprim;",
        "@NdScalar(name = \"" + name + "\", storage = " + primitive + ".class, dtype = \"" + dtype
            + "\")",
        "final class " + name + "Scalar {",
        "  private " + name + "Scalar() {}",
        "}");
  }

  /** Float16 from its real source in src/main, as the module's own build compiles it. */
  private static JavaFileObject float16() {
    return JavaFileObjects.forSourceString("org.ndprim.example.Float16Scalar",
        read(Path.of("src/main/java/org/ndprim/example/Float16Scalar.java")));
  }

  private static List<JavaFileObject> allNineSpecs() {
    return List.of(
        builtIn("Boolean", "boolean", "|b1"),
        builtIn("Byte", "byte", "|i1"),
        builtIn("Short", "short", "<i2"),
        builtIn("Char", "char", "<u2"),
        builtIn("Int", "int", "<i4"),
        builtIn("Long", "long", "<i8"),
        builtIn("Float", "float", "<f4"),
        builtIn("Double", "double", "<f8"),
        float16());
  }

  @TestFactory
  Stream<DynamicTest> generatedSourcesMatchGoldenFiles() {
    List<DynamicTest> tests = new ArrayList<>();
    addGolden(tests, builtIn("Short", "short", "<i2"), "org.ndprim", "Short");
    addGolden(tests, builtIn("Double", "double", "<f8"), "org.ndprim", "Double");
    addGolden(tests, float16(), "org.ndprim.example", "Float16");
    addGolden(tests, builtIn("Short", "short", "<i2"), "org.ndprim", List.of("ShortUnaryOperator"));
    return tests.stream();
  }

  private static void addGolden(
      List<DynamicTest> tests, JavaFileObject spec, String pkg, String name) {
    addGolden(tests, spec, pkg,
        List.of(name + "NdArray", name + "ArrayNdArray", name + "BufferNdArray",
            name + "ChunkedNdArray"));
  }

  private static void addGolden(
      List<DynamicTest> tests, JavaFileObject spec, String pkg, List<String> simpleNames) {
    Compilation c = Compilations.ndprim().withOptions(STRICT).compile(spec);
    for (String simple : simpleNames) {
      tests.add(DynamicTest.dynamicTest(simple, () -> {
        assertThat(c).succeededWithoutWarnings();
        String actual = generated(c, pkg + "." + simple);
        Path golden = GOLDEN.resolve(simple + ".java.txt");
        if (UPDATE) {
          Files.createDirectories(GOLDEN);
          Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertEquals(read(golden), actual, simple + ".java differs from " + golden + "; if the"
            + " change is intended, regenerate with -Dndprim.updateGolden=true and review the"
            + " diff");
      }));
    }
  }

  @Test
  void everyTypeCompilesWithoutWarningsUnderLintAndDoclint() {
    Compilation c = Compilations.ndprim().withOptions(STRICT).compile(allNineSpecs());
    assertThat(c).succeededWithoutWarnings();
    // Four array types per spec (the interface and one implementation per storage), plus the
    // functional interfaces: five for the six logical types the JDK has none for, only the
    // indexed consumer for int, long and double.
    assertThat(c.generatedSourceFiles()).hasSize(4 * 9 + 5 * 6 + 3);
  }

  @Test
  void userTypeCompilesWithoutWarningsUnderEveryLint() {
    Compilation c = Compilations.ndprim()
        .withOptions("-Xlint:all", "-Xdoclint:all/protected", "-Werror")
        .compile(float16());
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void outputIsDeterministicWhateverTheSpecOrder() {
    List<JavaFileObject> specs = allNineSpecs();
    List<JavaFileObject> reversed = new ArrayList<>(specs);
    java.util.Collections.reverse(reversed);
    Compilation forward = Compilations.ndprim().compile(specs);
    Compilation backward = Compilations.ndprim().compile(reversed);
    for (String type : List.of("org.ndprim.IntNdArray", "org.ndprim.CharArrayNdArray",
        "org.ndprim.example.Float16BufferNdArray")) {
      assertThat(generated(backward, type)).isEqualTo(generated(forward, type));
    }
  }

  @Test
  void generatedFilesNameTheirOriginAndCarryNoTimestamp() {
    String source = generated(Compilations.ndprim().compile(float16()),
        "org.ndprim.example.Float16NdArray");
    assertThat(source)
        .startsWith("// Generated by ndprim from Float16Scalar; do not edit.\n")
        .contains("@Generated(\n    value = \"org.ndprim.processor.NdprimProcessor\",\n"
            + "    comments = \"from org.ndprim.example.Float16Scalar\"\n)")
        .doesNotContain("date =");
  }

  private static String generated(Compilation c, String qualifiedName) {
    try {
      return c.generatedSourceFile(qualifiedName).orElseThrow().getCharContent(false).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path path) {
    try {
      return Files.readString(path, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
