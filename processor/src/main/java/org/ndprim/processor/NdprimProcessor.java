package org.ndprim.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import org.ndprim.processor.emit.Emitter;
import org.ndprim.processor.model.ModelFactory;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.read.ScalarSpec;
import org.ndprim.processor.read.Site;
import org.ndprim.processor.read.SpecReader;
import org.ndprim.processor.validate.Validator;
import org.ndprim.processor.write.ArrayInterfaceWriter;
import org.ndprim.processor.write.ComplexWriters;
import org.ndprim.processor.write.FunctionalWriters;
import org.ndprim.processor.write.ImplementationWriter;
import org.ndprim.processor.write.LoopsWriter;

/**
 * Generates {@code <name>NdArray}, its implementations over each storage ({@code <name>ArrayNdArray},
 * {@code <name>BufferNdArray}, {@code <name>ChunkedNdArray}) and the functional interfaces the
 * JDK lacks for the logical type ({@code <name>UnaryOperator}, ..., {@code <name>IndexedConsumer})
 * from each {@code @org.ndprim.NdScalar} class: read, validate, model, write, emit. Problems are reported
 * as {@code [ndprim/<Code>]} diagnostics (see {@link DiagnosticCode}); an exception inside ndprim
 * becomes one {@code Internal} error at the spec, never a crash.
 */
@AutoService(Processor.class)
public final class NdprimProcessor extends AbstractProcessor {
  private static final String GENERATED = "javax.annotation.processing.Generated";

  private final Consumer<ScalarModel> modelHook;
  private SpecReader reader;
  private Validator validator;
  private Emitter emitter;
  private Messager messager;

  /** Creates the processor; javac calls this through the service loader. */
  public NdprimProcessor() {
    this(model -> {});
  }

  /** Test seam: {@code modelHook} sees every model before it is written and may throw. */
  NdprimProcessor(Consumer<ScalarModel> modelHook) {
    this.modelHook = modelHook;
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    messager = env.getMessager();
    reader = new SpecReader(env.getElementUtils(), env.getTypeUtils());
    validator = new Validator(this::report);
    emitter = new Emitter(env.getFiler());
  }

  /**
   * Returns {@code @NdScalar}, {@code @NdScalar.Ufunc} (a method annotated so outside an
   * {@code @NdScalar} class is an error), and {@code @Generated}: the generated files carry it,
   * and unless some processor claims it javac's {@code -Xlint:processing} warns about it in the
   * next round, which breaks users' {@code -Xlint:all -Werror} builds. Claiming it takes nothing
   * away: it is a source-retention marker with no processor of its own.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(SpecReader.ANNOTATION, SpecReader.UFUNC_ANNOTATION, GENERATED);
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
    TypeElement annotation = processingEnv.getElementUtils().getTypeElement(SpecReader.ANNOTATION);
    if (annotation == null) {
      return false;
    }
    TypeElement ufunc = processingEnv.getElementUtils()
        .getTypeElement(SpecReader.UFUNC_ANNOTATION);
    if (ufunc != null) {
      for (Element method : roundEnv.getElementsAnnotatedWith(ufunc)) {
        Element owner = method.getEnclosingElement();
        if (owner.getAnnotationMirrors().stream().noneMatch(a -> a.getAnnotationType().asElement()
            .equals(annotation))) {
          report(DiagnosticCode.UfuncNotDeclarable, Site.of(method),
              "@NdScalar.Ufunc on " + method.getSimpleName() + " in " + owner.getSimpleName()
                  + ", which is no @NdScalar class: no generated code calls it",
              "Move the method into the @NdScalar class of its type, or remove @NdScalar.Ufunc");
        }
      }
    }
    List<ScalarSpec> specs = new ArrayList<>();
    for (TypeElement type : ElementFilter.typesIn(roundEnv.getElementsAnnotatedWith(annotation))) {
      try {
        specs.add(reader.read(type));
      } catch (RuntimeException | Error e) {
        internal(type, e);
      }
    }
    List<ScalarSpec> valid;
    try {
      valid = validator.validate(specs);
    } catch (RuntimeException | Error e) {
      specs.forEach(spec -> internal(spec.element().element(), e));
      return false;
    }
    for (ScalarSpec spec : valid) {
      generate(spec);
    }
    // Claim both annotations: no other processor has business with them, and claimed annotations
    // keep -Xlint:processing quiet.
    return true;
  }

  private void generate(ScalarSpec spec) {
    Element origin = spec.element().element();
    try {
      ScalarModel model = ModelFactory.build(spec);
      modelHook.accept(model);
      List<TypeSpec> types = new ArrayList<>();
      if (model.isComplex()) {
        types.add(ComplexWriters.writeInterface(model));
        types.add(ComplexWriters.writeImplementation(model));
      } else {
        types.add(ArrayInterfaceWriter.write(model));
        for (Storage storage : Storage.ALL) {
          types.add(ImplementationWriter.write(model, storage));
        }
        types.addAll(FunctionalWriters.writeAll(model));
      }
      if (LoopsWriter.hasLoops(model)) {
        types.add(LoopsWriter.write(model));
      }
      emitter.emit(model, types, origin);
    } catch (IOException e) {
      report(DiagnosticCode.CannotWrite, spec.element(),
          "could not write the types generated from " + spec.className() + ": " + e.getMessage(),
          "Remove or rename the existing type of that name");
    } catch (RuntimeException | Error e) {
      internal(origin, e);
    }
  }

  private void report(DiagnosticCode code, Site site, String problem, String fix) {
    messager.printMessage(code.kind(), code.message(problem, fix), site.element(),
        site.annotation(), site.value());
  }

  private void internal(Element element, Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    DiagnosticCode code = DiagnosticCode.Internal;
    messager.printMessage(code.kind(),
        code.message("ndprim failed on this spec with " + e,
            "This is a bug in ndprim: please report it with the stack trace below")
            + "\n" + trace,
        element);
  }
}
