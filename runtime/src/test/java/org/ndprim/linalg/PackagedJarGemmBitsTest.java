package org.ndprim.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Runs {@link GemmBits} on the packaged runtime jar (system property {@code ndprim.runtime.jar},
 * set by the {@code packaged-jar} executions of runtime/pom.xml) in two child JVMs of this JDK,
 * without {@code --add-modules jdk.incubator.vector} on one thread, and with it on four, and
 * compares the bits of every product with each other and with this JVM's. On JDK 22+ the second
 * child must multiply in vector lanes (the jar's {@code META-INF/versions/22}); the kernel in
 * this JVM is the one its execution expects ({@code ndprim.expect.kernel}).
 */
@EnabledIfSystemProperty(named = "ndprim.expect.kernel", matches = ".+",
    disabledReason = "run by runtime/pom.xml's packaged-jar executions, on the jar")
class PackagedJarGemmBitsTest {

  @Test
  void productsHaveTheSameBitsWithAndWithoutTheVectorApi() throws Exception {
    assertThat(GemmKernel.class.getProtectionDomain().getCodeSource().getLocation().toString())
        .endsWith(".jar");
    assertThat(GemmKernel.name()).isEqualTo(System.getProperty("ndprim.expect.kernel"));
    String jar = System.getProperty("ndprim.runtime.jar");
    assertThat(Path.of(jar)).isRegularFile();
    String classpath = jar + java.io.File.pathSeparator + System.getProperty("ndprim.test.classes");
    List<String> plain = run(classpath, List.of(), "one");
    List<String> vector = run(classpath, List.of("--add-modules", "jdk.incubator.vector"),
        "parallel");
    assertThat(plain.get(0)).isEqualTo("scalar");
    assertThat(vector.get(0))
        .isEqualTo(Runtime.version().feature() >= 22 ? "vector" : "scalar");
    List<String> here = GemmBits.lines();
    assertThat(plain.subList(1, plain.size())).hasSize(8).isEqualTo(here);
    assertThat(vector.subList(1, vector.size())).isEqualTo(here);
  }

  private static List<String> run(String classpath, List<String> options, String mode)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(Arrays.asList("-cp", classpath, GemmBits.class.getName(), mode));
    Path err = Files.createTempFile("gemmbits", ".err");
    try {
      Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("%s: %s", command, Files.readString(err)).isZero();
      return List.of(out.split("\n"));
    } finally {
      Files.deleteIfExists(err);
    }
  }
}
