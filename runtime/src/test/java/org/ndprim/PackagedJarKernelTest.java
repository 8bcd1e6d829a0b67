package org.ndprim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Run by the {@code packaged-jar} executions of runtime/pom.xml: the classes under test come from
 * the packaged jar, and the sum kernel is the one that JDK and flag give (system property
 * {@code ndprim.expect.kernel}): {@code vector} on JDK 22+ with
 * {@code --add-modules jdk.incubator.vector}, else {@code scalar}.
 */
@EnabledIfSystemProperty(named = "ndprim.expect.kernel", matches = ".+",
    disabledReason = "run by runtime/pom.xml's packaged-jar executions, on the jar")
class PackagedJarKernelTest {

  @Test
  void theJarsKernelForThisJdkAndFlagIsInUse() {
    String location = SumKernel.class.getProtectionDomain().getCodeSource().getLocation()
        .toString();
    assertThat(location).endsWith(".jar");
    String expected = System.getProperty("ndprim.expect.kernel");
    assertThat(expected).isIn("scalar", "vector");
    assertThat(SumKernel.name()).isEqualTo(expected);
    assertThat(LaneKernel.name()).isEqualTo(expected);
  }
}
