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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Golden files: the exact sources generated for one integral type (Short), one floating type
 * (Double), one with conversions (Float16: the interface and the implementations over a Java
 * array and over buffers), the interface of one with its own ordering and text (UInt64), a complex
 * type (Complex64: the interface and its parts implementation), and one functional interface
 * (ShortUnaryOperator), committed under {@code src/test/resources/golden/}.
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
  private static final Pattern JAVADOC = Pattern.compile("/\\*\\*.*?\\*/", Pattern.DOTALL);
  /**
   * Every lint but {@code processing}: that one warns that the built-in types being regenerated
   * here already exist in the runtime jar on the classpath. The user's type is also checked with it.
   */
  private static final List<String> STRICT =
      List.of("-Xlint:all,-processing", "-Xdoclint:all/protected", "-Werror");

  /** The runtime's built-in specs, from their sources, as the runtime's build compiles them. */
  private static final List<String> BUILT_INS = List.of("Boolean", "Byte", "Short", "Char", "Int",
      "Long", "Float", "Double", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "BFloat16",
      "Complex64", "Complex128");

  /** A built-in spec exactly as {@code runtime/src/main/java/org/ndprim/} declares it. */
  private static JavaFileObject builtIn(String name) {
    return JavaFileObjects.forSourceString("org.ndprim." + name + "Scalar",
        read(Path.of("../runtime/src/main/java/org/ndprim/" + name + "Scalar.java")));
  }

  /** The user-declared Float8E4M3 from its real source in src/main. */
  private static JavaFileObject userType() {
    return JavaFileObjects.forSourceString("org.ndprim.example.Float8E4M3Scalar",
        read(Path.of("src/main/java/org/ndprim/example/Float8E4M3Scalar.java")));
  }

  private static List<JavaFileObject> allSpecs() {
    List<JavaFileObject> specs = new ArrayList<>();
    BUILT_INS.forEach(name -> specs.add(builtIn(name)));
    specs.add(userType());
    return specs;
  }

  @TestFactory
  Stream<DynamicTest> generatedSourcesMatchGoldenFiles() {
    List<DynamicTest> tests = new ArrayList<>();
    addGolden(tests, builtIn("Short"), "org.ndprim", "Short");
    addGolden(tests, builtIn("Double"), "org.ndprim", "Double");
    addGolden(tests, builtIn("Float16"), "org.ndprim", "Float16");
    addGolden(tests, builtIn("UInt64"), "org.ndprim", List.of("UInt64NdArray"));
    addGolden(tests, builtIn("Complex64"), "org.ndprim",
        List.of("Complex64NdArray", "Complex64PartsNdArray"));
    addGolden(tests, builtIn("Short"), "org.ndprim", List.of("ShortUnaryOperator"));
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
    Compilation c = Compilations.ndprim().withOptions(STRICT).compile(allSpecs());
    assertThat(c).succeededWithoutWarnings();
    // Four array types per spec with one value per element (the interface and one
    // implementation per storage), two per complex spec (the interface and the parts
    // implementation), plus the functional interfaces: five for the eight specs whose logical
    // type the JDK has none for (boolean, byte, short, char, float: Float16, BFloat16 and the
    // user's Float8E4M3 included), only the indexed consumer for the seven of int, long, double;
    // and the ufunc kernels of the 14 types that compute in their own storage (all but float16,
    // bfloat16 and Float8E4M3, which compute through float32).
    assertThat(c.generatedSourceFiles()).hasSize(4 * 15 + 2 * 2 + 5 * 8 + 7 + 14);
  }

  @Test
  void generatedJavadocHoldsNoEscapedLineBreak() {
    Compilation c = Compilations.ndprim().compile(allSpecs());
    assertThat(c).succeeded();
    List<String> escaped = new ArrayList<>();
    for (JavaFileObject file : c.generatedSourceFiles()) {
      Matcher doc = JAVADOC.matcher(content(file));
      while (doc.find()) {
        // An escape inside {@code ...} is code ({@code [[1 2 3]\n [4 5 6]]} shows a string);
        // in the prose it is a line break JavaPoet never made.
        String prose = doc.group().replaceAll("\\{@code [^{}]*(\\{[^{}]*\\}[^{}]*)*\\}", "");
        if (prose.contains("\\n")) {
          escaped.add(file.getName() + ": " + prose.strip());
        }
      }
    }
    assertThat(c.generatedSourceFiles()).hasSizeGreaterThan(100);
    assertThat(escaped).as("generated Javadoc holding a literal \\n").isEmpty();
  }

  @Test
  void userTypeCompilesWithoutWarningsUnderEveryLint() {
    Compilation c = Compilations.ndprim()
        .withOptions("-Xlint:all", "-Xdoclint:all/protected", "-Werror")
        .compile(userType());
    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void outputIsDeterministicWhateverTheSpecOrder() {
    List<JavaFileObject> specs = allSpecs();
    List<JavaFileObject> reversed = new ArrayList<>(specs);
    java.util.Collections.reverse(reversed);
    Compilation forward = Compilations.ndprim().compile(specs);
    Compilation backward = Compilations.ndprim().compile(reversed);
    for (String type : List.of("org.ndprim.IntNdArray", "org.ndprim.CharArrayNdArray",
        "org.ndprim.example.Float8E4M3BufferNdArray", "org.ndprim.Complex64PartsNdArray")) {
      assertThat(generated(backward, type)).isEqualTo(generated(forward, type));
    }
  }

  @Test
  void generatedFilesNameTheirOriginAndCarryNoTimestamp() {
    String source = generated(Compilations.ndprim().compile(userType()),
        "org.ndprim.example.Float8E4M3NdArray");
    assertThat(source)
        .startsWith("// Generated by ndprim from Float8E4M3Scalar; do not edit.\n")
        .contains("@Generated(\n    value = \"org.ndprim.processor.NdprimProcessor\",\n"
            + "    comments = \"from org.ndprim.example.Float8E4M3Scalar\"\n)")
        .doesNotContain("date =");
  }

  private static String generated(Compilation c, String qualifiedName) {
    return content(c.generatedSourceFile(qualifiedName).orElseThrow());
  }

  private static String content(JavaFileObject file) {
    try {
      return file.getCharContent(false).toString();
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
