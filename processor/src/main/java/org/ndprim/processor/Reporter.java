package org.ndprim.processor;

import org.ndprim.processor.read.Site;

/** Where validation and the processor send diagnostics; the processor backs it with a Messager. */
public interface Reporter {
  /**
   * Reports one diagnostic.
   *
   * @param code the diagnostic code; it decides error or warning
   * @param site the most precise known place: value, then annotation, then element
   * @param problem what is wrong, without the final period
   * @param fix how to fix it, without the final period
   */
  void report(DiagnosticCode code, Site site, String problem, String fix);
}
