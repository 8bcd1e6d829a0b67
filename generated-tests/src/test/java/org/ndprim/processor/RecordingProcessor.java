package org.ndprim.processor;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Runs a processor with a {@link Filer} that records the names of the source files it creates:
 * compile-testing hides generated files once a compilation fails, and the tests must show that
 * an invalid spec generates nothing.
 */
final class RecordingProcessor extends AbstractProcessor {
  private final NdprimProcessor delegate;
  private final List<String> created = new ArrayList<>();

  RecordingProcessor(NdprimProcessor delegate) {
    this.delegate = delegate;
  }

  /** Returns the qualified names of the source files created so far. */
  List<String> createdSourceFiles() {
    return List.copyOf(created);
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    Filer filer = env.getFiler();
    Filer recording = proxy(Filer.class, (proxy, method, args) -> {
      if (method.getName().equals("createSourceFile")) {
        created.add(args[0].toString());
      }
      return invoke(filer, method, args);
    });
    delegate.init(proxy(ProcessingEnvironment.class, (proxy, method, args) ->
        method.getName().equals("getFiler") ? recording : invoke(env, method, args)));
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return delegate.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return delegate.getSupportedSourceVersion();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
    return delegate.process(annotations, roundEnv);
  }

  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }

  private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
