package org.ndprim.processor;

import com.google.testing.compile.Compiler;
import java.io.File;
import java.net.URISyntaxException;
import java.util.List;
import org.ndprim.NdScalar;

/** Compiler set-ups shared by the processor tests. */
final class Compilations {
  /** The runtime classes (jar or directory), the only classpath a spec compilation needs. */
  static final List<File> RUNTIME_CLASSPATH = List.of(location(NdScalar.class));

  private Compilations() {}

  /** javac with the ndprim processor and the runtime on the classpath. */
  static Compiler ndprim() {
    return ndprim(new NdprimProcessor());
  }

  /** javac with the given processor instance and the runtime on the classpath. */
  static Compiler ndprim(NdprimProcessor processor) {
    return withClasspath(Compiler.javac().withProcessors(processor));
  }

  /** The compiler with the runtime as its classpath. */
  static Compiler withClasspath(Compiler compiler) {
    return compiler.withClasspath(RUNTIME_CLASSPATH);
  }

  private static File location(Class<?> type) {
    try {
      return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
