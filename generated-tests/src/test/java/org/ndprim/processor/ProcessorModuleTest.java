package org.ndprim.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.annotation.processing.Processor;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ndprim.NdScalar;

/**
 * The processor is a named module that provides {@link Processor}: javac finds it on a processor
 * module path, without {@code META-INF/services}, and it generates into a user's named module.
 *
 * <p>The processor is what the reactor resolves for this module: its packaged jar, JavaPoet
 * inside (after {@code package}, as in {@code mvn verify}), else its classes directory, which
 * requires JavaPoet beside it.
 */
class ProcessorModuleTest {
  /** A user's scalar spec and a use of its generated class, in package {@code demo}. */
  static final String TINY_SCALAR = String.join("\n",
        "package demo;",
        "",
        "@org.ndprim.NdScalar(name = \"Tiny\", storage = byte.class, dtype = \"|i1\")",
        "final class TinyScalar {}",
        "",
        "final class Use {",
        "  static byte first() {",
        "    return TinyNdArray.vector((byte) 3, (byte) 4).getTiny(0);",
        "  }",
        "}",
        "");

  private static final Path PROCESSOR = location(NdprimProcessor.class);
  private static final boolean PACKAGED = Files.isRegularFile(PROCESSOR);
  private static final Path RUNTIME = location(NdScalar.class);

  @Test
  void descriptorProvidesTheProcessorAndExportsNothing() {
    ModuleDescriptor d = ModuleFinder.of(PROCESSOR).find("org.ndprim.processor").orElseThrow()
        .descriptor();
    assertThat(d.isAutomatic()).isFalse();
    assertThat(d.exports()).isEmpty();
    assertThat(d.provides()).singleElement().satisfies(p -> {
      assertThat(p.service()).isEqualTo(Processor.class.getName());
      assertThat(p.providers()).containsExactly(NdprimProcessor.class.getName());
    });
    assertThat(d.requires().stream().map(ModuleDescriptor.Requires::name))
        .contains("java.compiler");
    assertThat(d.requires().stream().anyMatch(r -> r.name().equals("com.palantir.javapoet")))
        .as("requires JavaPoet (only the classes directory, not the jar)").isEqualTo(!PACKAGED);
  }

  @Test
  void generatesIntoANamedModuleFromTheProcessorModulePath(@TempDir Path dir) throws IOException {
    Path src = dir.resolve("src");
    Files.createDirectories(src.resolve("demo"));
    Files.writeString(src.resolve("module-info.java"), "module demo { requires org.ndprim; }\n");
    Files.writeString(src.resolve("demo/TinyScalar.java"), TINY_SCALAR);
    Path out = dir.resolve("out");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    List<String> args = List.of(
        "--module-path", RUNTIME.toString(),
        "--processor-module-path", processorModulePath(),
        "-Xlint:all", "-Werror", "-d", out.toString(),
        src.resolve("module-info.java").toString(), src.resolve("demo/TinyScalar.java").toString());
    int status = javac.run(null, diagnostics, diagnostics, args.toArray(String[]::new));
    assertThat(status).as(diagnostics.toString()).isZero();
    try (var files = Files.list(out.resolve("demo"))) {
      assertThat(files.map(p -> p.getFileName().toString()).collect(Collectors.toList()))
          .contains("TinyNdArray.class", "TinyArrayNdArray.class", "TinyBufferNdArray.class",
              "TinyChunkedNdArray.class");
    }
  }

  /** The packaged jar alone, or the classes directory with JavaPoet's jar. */
  private static String processorModulePath() {
    if (PACKAGED) {
      return PROCESSOR.toString();
    }
    try {
      return PROCESSOR + File.pathSeparator
          + location(Class.forName("com.palantir.javapoet.TypeSpec"));
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("JavaPoet is not beside the processor's classes", e);
    }
  }

  private static Path location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
