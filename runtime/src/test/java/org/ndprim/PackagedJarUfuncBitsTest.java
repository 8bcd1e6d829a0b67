package org.ndprim;

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
 * Runs {@link UfuncBits} on the packaged runtime jar (system property {@code ndprim.runtime.jar},
 * set by the {@code packaged-jar} executions of runtime/pom.xml) in two child JVMs of this JDK,
 * without and with {@code --add-modules jdk.incubator.vector}, and compares every case's bits:
 * each child's result must equal a plain Java loop's in every element, and the two children's
 * and this JVM's digests must be the same. On JDK 22+ the second child must compute in vector
 * lanes (the jar's {@code META-INF/versions/22} {@link LaneKernel}). The cases include
 * {@code astype(float32)} of {@code uint8} and {@code int8}.
 */
@EnabledIfSystemProperty(named = "ndprim.expect.kernel", matches = ".+",
    disabledReason = "run by runtime/pom.xml's packaged-jar executions, on the jar")
class PackagedJarUfuncBitsTest {

  @Test
  void ufuncsHaveTheSameBitsWithAndWithoutTheVectorApi() throws Exception {
    String jar = System.getProperty("ndprim.runtime.jar");
    assertThat(jar).as("run by the packaged-jar executions only").isNotBlank();
    assertThat(Path.of(jar)).isRegularFile();
    String classpath = jar + java.io.File.pathSeparator + System.getProperty("ndprim.test.classes");
    List<String> plain = run(classpath, List.of("-Dndprim.parallelism=1"));
    List<String> vector = run(classpath, List.of("--add-modules", "jdk.incubator.vector"));
    assertThat(plain.get(0)).isEqualTo("scalar");
    assertThat(vector.get(0))
        .isEqualTo(Runtime.version().feature() >= 22 ? "vector" : "scalar");
    List<String> here = UfuncBits.lines();
    assertThat(here).hasSize(400 * 38 + 400 * 2).allMatch(l -> l.endsWith(" 0"), "no element differs");
    assertThat(plain.subList(1, plain.size())).isEqualTo(here);
    assertThat(vector.subList(1, vector.size())).isEqualTo(here);
  }

  private static List<String> run(String classpath, List<String> options)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.addAll(Arrays.asList("-cp", classpath, UfuncBits.class.getName()));
    Path err = Files.createTempFile("ufuncbits", ".err");
    try {
      Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("%s: %s", command, Files.readString(err)).isZero();
      return List.of(out.split("\n"));
    } finally {
      Files.deleteIfExists(err);
    }
  }
}
