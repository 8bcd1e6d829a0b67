package org.ndprim.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdScalar;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * The published processor is one jar: JavaPoet, its only run-time dependency, is relocated into
 * it, so {@code javac -processorpath ndprim-processor.jar} works with nothing beside it, and its
 * published pom lists no JavaPoet.
 *
 * <p>The jar is the one the reactor resolves for this module: {@code package} (and so
 * {@code mvn verify}, the README's test command) builds it before these tests run. A build that
 * stops before {@code package} ({@code mvn test}) resolves the processor's classes directory
 * instead, and these tests are skipped.
 */
class ProcessorJarTest {
  private static final Path PROCESSOR = location(NdprimProcessor.class);
  private static final Path RUNTIME = location(NdScalar.class);

  @BeforeAll
  static void packaged() {
    assumeTrue(Files.isRegularFile(PROCESSOR),
        "the processor's jar is built by 'package' (mvn verify); this build resolved " + PROCESSOR);
  }

  @Test
  void javacRunsTheProcessorFromItsJarAlone(@TempDir Path dir)
      throws IOException, InterruptedException {
    Path source = dir.resolve("src/demo/TinyScalar.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, ProcessorModuleTest.TINY_SCALAR);
    Path out = dir.resolve("out");
    // A javac of its own: in this JVM, javac's processor class loader would see the test's class
    // path (the processor's classes and JavaPoet) through its parent.
    Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
    List<String> command = List.of(javac.toString(),
        "-processorpath", PROCESSOR.toString(),
        "-classpath", RUNTIME.toString(),
        "-Xlint:all", "-Werror", "-d", out.toString(), source.toString());
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("javac finished").isTrue();
    assertThat(process.exitValue()).as(String.join(" ", command) + "\n" + output).isZero();
    try (var files = Files.list(out.resolve("demo"))) {
      assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toList()))
          .contains("TinyNdArray.class", "TinyArrayNdArray.class", "TinyBufferNdArray.class",
              "TinyChunkedNdArray.class", "Use.class");
    }
  }

  @Test
  void jarHoldsJavaPoetRelocatedAndADescriptorThatDoesNotRequireIt() throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile jar = new JarFile(PROCESSOR.toFile())) {
      jar.stream().map(JarEntry::getName).forEach(names::add);
    }
    assertThat(names).noneMatch(n -> n.startsWith("com/"))
        .contains("org/ndprim/processor/shaded/javapoet/TypeSpec.class",
            "META-INF/services/javax.annotation.processing.Processor", "module-info.class");
    ModuleDescriptor d = ModuleFinder.of(PROCESSOR).find("org.ndprim.processor").orElseThrow()
        .descriptor();
    assertThat(d.isAutomatic()).isFalse();
    assertThat(d.packages()).contains("org.ndprim.processor.shaded.javapoet");
    assertThat(d.requires().stream().map(ModuleDescriptor.Requires::name))
        .containsExactlyInAnyOrder("java.base", "java.compiler", "com.google.auto.service");
    assertThat(d.requires()).filteredOn(r -> r.name().equals("com.google.auto.service"))
        .singleElement()
        .satisfies(r -> assertThat(r.modifiers()).contains(ModuleDescriptor.Requires.Modifier.STATIC));
  }

  @Test
  void publishedPomListsNoJavaPoet() throws Exception {
    // the shade plugin's dependency-reduced pom, which install and deploy publish: in the
    // module's directory (another place would move ${basedir} for the later plugins)
    Path pom = PROCESSOR.getParent().resolveSibling("dependency-reduced-pom.xml");
    assertThat(pom).exists();
    Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    XPath xpath = XPathFactory.newInstance().newXPath();
    assertThat(xpath.evaluate("/project/artifactId", doc)).isEqualTo("ndprim-processor");
    NodeList dependencies = (NodeList) xpath.evaluate(
        "/project/dependencies/dependency/artifactId", doc, XPathConstants.NODESET);
    List<String> artifacts = new ArrayList<>();
    for (int i = 0; i < dependencies.getLength(); i++) {
      artifacts.add(dependencies.item(i).getTextContent());
    }
    assertThat(artifacts).contains("auto-service-annotations").doesNotContain("javapoet");
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
