package org.ndprim.processor;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks the test that covers a diagnostic code; {@link DiagnosticsTest} requires one per code. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@interface Covers {
  /** The code the test asserts, with its text, file and line. */
  DiagnosticCode value();
}
