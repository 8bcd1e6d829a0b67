/**
 * The ndprim annotation processor: generates the typed arrays ({@code <name>NdArray} and its
 * implementations) from each {@code @org.ndprim.NdScalar} spec.
 *
 * <p>Put it on the annotation-processor path ({@code -processorpath}, Maven's
 * {@code annotationProcessorPaths}, Gradle's {@code annotationProcessor}); javac finds it through
 * {@code META-INF/services} there, or through this module's {@code provides} on a processor module
 * path ({@code --processor-module-path}).
 *
 * <p>It exports no package: code that uses the generated arrays requires the runtime module,
 * {@code org.ndprim}. Its javadoc documents the package {@code org.ndprim.processor} all the
 * same, for {@code DiagnosticCode}, the codes of its {@code [ndprim/<Code>]} messages; the
 * pipeline's packages (read, validate, model, write, emit) are internal.
 */
// JavaPoet and AutoService's annotations are automatic modules (Automatic-Module-Name in their
// manifests); neither ships a module-info.
@SuppressWarnings("requires-automatic")
module org.ndprim.processor {
  requires java.compiler;
  requires com.palantir.javapoet;
  requires static com.google.auto.service;

  provides javax.annotation.processing.Processor with org.ndprim.processor.NdprimProcessor;
}
