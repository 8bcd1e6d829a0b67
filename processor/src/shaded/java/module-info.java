// The descriptor of the published jar, which holds JavaPoet relocated into
// org.ndprim.processor.shaded.javapoet (see pom.xml): src/main/java/module-info.java without
// "requires com.palantir.javapoet". Compiled in prepare-package against target/classes.
@SuppressWarnings("requires-automatic")
module org.ndprim.processor {
  requires java.compiler;
  requires static com.google.auto.service;

  provides javax.annotation.processing.Processor with org.ndprim.processor.NdprimProcessor;
}
