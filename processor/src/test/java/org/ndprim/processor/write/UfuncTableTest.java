package org.ndprim.processor.write;

import static org.assertj.core.api.Assertions.assertThat;

import com.palantir.javapoet.ClassName;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Ufuncs;

/**
 * The table of declarable ufuncs ({@link Ufuncs}) and the integer kernels {@link LoopsWriter}
 * writes name the same ufuncs, and a declared ufunc replaces exactly its own kernel's expression.
 */
class UfuncTableTest {
  private static final ClassName SPEC = ClassName.get("p", "GrayScalar");

  private static ScalarModel gray(Map<String, String> declared) {
    return new ScalarModel(SPEC, "Gray", "|u1", Primitive.BYTE, Primitive.INT,
        Set.of(Operation.TO_LOGICAL, Operation.TO_STORAGE), 1, declared);
  }

  private static Set<String> kernels(String loops) {
    Set<String> names = new LinkedHashSet<>();
    Matcher m = Pattern.compile("case \"(\\w+)\" ->").matcher(loops);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void everyIntegerKernelButWhereIsDeclarable() {
    for (Primitive p : new Primitive[] {Primitive.BYTE, Primitive.SHORT, Primitive.INT,
        Primitive.LONG}) {
      for (String dtype : new String[] {"<i" + p.bytes(), "<u" + p.bytes()}) {
        ScalarModel m = ScalarModel.plain(SPEC, "T", dtype, p);
        assertThat(Ufuncs.declarable(m.kind(), p, p, 1)).isTrue();
        Set<String> names = kernels(LoopsWriter.write(m).toString());
        names.remove("where");
        assertThat(names).as(dtype).containsExactlyInAnyOrderElementsOf(Ufuncs.integerNames());
      }
    }
    assertThat(Ufuncs.NAMES).containsAll(Ufuncs.integerNames()).contains("true_divide", "where");
  }

  @Test
  void aDeclaredUfuncReplacesOnlyItsOwnKernel() {
    String plain = LoopsWriter.write(gray(Map.of())).toString();
    String declared = LoopsWriter.write(gray(Map.of("add", "sat", "greater", "brighter")))
        .toString();
    assertThat(plain).doesNotContain("GrayScalar.sat(").doesNotContain("GrayScalar.brighter(");
    assertThat(declared)
        .contains("o[i] = p.GrayScalar.toStorage(p.GrayScalar.sat(p.GrayScalar.toLogical(x),"
            + " p.GrayScalar.toLogical(y)));")
        .contains("o[i] = p.GrayScalar.brighter(p.GrayScalar.toLogical(x),"
            + " p.GrayScalar.toLogical(y));")
        .contains("{@code add} ({@code sat}), {@code greater} ({@code brighter})");
    // fmax is not maximum's, greater_equal not greater's: each ufunc is declared on its own
    assertThat(declared.split("GrayScalar.brighter\\(", -1)).hasSize(kernelLoops() + 1);
  }

  /** The element loops of a cheap binary kernel: five contiguous, two scalar-operand, strided. */
  private static int kernelLoops() {
    return 8;
  }
}
