package org.ndprim.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.ndprim.Ufunc;
import org.ndprim.processor.model.Ufuncs;

/**
 * The processor names the runtime's ufuncs without loading the runtime: its table
 * ({@link Ufuncs#NAMES}, which {@code @NdScalar.Ufunc} names are checked against) must be
 * exactly the names of {@link Ufunc}'s constants, and {@code where}.
 */
class UfuncNamesTest {
  @Test
  void theProcessorKnowsExactlyTheRuntimesUfuncs() throws IllegalAccessException {
    Set<String> runtime = new TreeSet<>(Set.of("where"));
    for (Field f : Ufunc.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == Ufunc.class) {
        runtime.add(((Ufunc) f.get(null)).name());
      }
    }
    assertThat(Ufuncs.NAMES).containsExactlyElementsOf(runtime);
  }
}
