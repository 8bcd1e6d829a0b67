package com.example.fixedpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.ndprim.NdArray;

/** The runtime is a real named module, and this consumer one beside it. */
class ModulesTest {
  @Test
  void runtimeAndConsumerAreNamedModules() {
    assertEquals("org.ndprim", NdArray.class.getModule().getName());
    assertEquals("com.example.fixedpoint", FixedNdArray.class.getModule().getName());
    assertTrue(FixedNdArray.class.getModule().canRead(NdArray.class.getModule()));
  }

  @Test
  void runtimeExportsItsApiAndTheSupportPackagesForGeneratedCode() {
    ModuleDescriptor runtime = NdArray.class.getModule().getDescriptor();
    assertTrue(!runtime.isAutomatic() && !runtime.isOpen(), runtime.toString());
    Set<String> exported = runtime.exports().stream()
        .peek(e -> assertTrue(!e.isQualified(), e.toString()))
        .map(ModuleDescriptor.Exports::source)
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(Set.of("org.ndprim", "org.ndprim.io", "org.ndprim.layout", "org.ndprim.storage",
        "org.ndprim.text", "org.ndprim.interop", "org.ndprim.ufunc", "org.ndprim.linalg"),
        exported);
    // Every package of the jar is exported but org.ndprim.internal (access between ndprim's own
    // packages): nothing generated code could need is hidden.
    Set<String> all = new TreeSet<>(exported);
    all.add("org.ndprim.internal");
    assertEquals(runtime.packages(), all);
  }

  @Test
  void javaCompilerIsACompileTimeDependencyOnly() {
    ModuleDescriptor.Requires compiler = NdArray.class.getModule().getDescriptor().requires().stream()
        .filter(r -> r.name().equals("java.compiler"))
        .findFirst()
        .orElseThrow();
    assertEquals(Set.of(ModuleDescriptor.Requires.Modifier.STATIC,
        ModuleDescriptor.Requires.Modifier.TRANSITIVE), compiler.modifiers());
  }
}
