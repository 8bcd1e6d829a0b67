package org.ndprim.processor.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.ndprim.processor.DiagnosticCode;
import org.ndprim.processor.read.Attribute;
import org.ndprim.processor.read.OperationMethod;
import org.ndprim.processor.read.ScalarSpec;
import org.ndprim.processor.read.Site;
import org.ndprim.processor.read.TypeRef;

/**
 * Validation on hand-built specs (sites are empty: no javac here). The messages, files and lines
 * are covered with compile-testing in generated-tests; this covers the verdicts and edge rules.
 */
class ValidatorTest {
  private static final Site NOWHERE = new Site(null, null, null);
  private static final TypeRef SHORT = new TypeRef("short", TypeRef.Kind.PRIMITIVE);
  private static final TypeRef FLOAT = new TypeRef("float", TypeRef.Kind.PRIMITIVE);
  private static final TypeRef VOID = new TypeRef("void", TypeRef.Kind.VOID);

  private final List<DiagnosticCode> reported = new ArrayList<>();
  private final Validator validator =
      new Validator((code, site, problem, fix) -> reported.add(code));

  private static <T> Attribute<T> attr(T value) {
    return new Attribute<>(value, NOWHERE);
  }

  private static ScalarSpec spec(String className, String name, TypeRef storage, TypeRef logical,
      String dtype, OperationMethod... ops) {
    return new ScalarSpec("p", List.of(className), ScalarSpec.ClassKind.CLASS, false, false,
        attr(name), attr(storage), attr(logical), attr(dtype), List.of(ops), NOWHERE, NOWHERE);
  }

  private static OperationMethod op(String name, TypeRef returns, TypeRef... params) {
    return new OperationMethod(name, List.of(params), returns, true, false, false, List.of(),
        NOWHERE);
  }

  @Test
  void validSpecsPassSilently() {
    ScalarSpec plain = spec("S", "S16", SHORT, VOID, "<i2");
    ScalarSpec half = spec("H", "Half", SHORT, FLOAT, "<f2",
        op("toLogical", FLOAT, SHORT), op("toStorage", SHORT, FLOAT));
    assertThat(validator.validate(List.of(plain, half))).containsExactly(plain, half);
    assertThat(reported).isEmpty();
  }

  @Test
  void dtypeGrammar() {
    for (String good : List.of("<i2", ">i2", "|i2", "=u2", "<f2", "<c2")) {
      reported.clear();
      assertThat(validator.validate(List.of(spec("S", "N" + good.hashCode(), SHORT, VOID, good))))
          .as(good).hasSize(1);
    }
    for (String bad : List.of("", "i2", "<x2", "<i", "<i0", "<i02", "<<i2", "<i2 ", "<I2")) {
      reported.clear();
      assertThat(validator.validate(List.of(spec("S", "Bad", SHORT, VOID, bad)))).as(bad).isEmpty();
      assertThat(reported).as(bad).containsExactly(DiagnosticCode.BadDtype);
    }
  }

  @Test
  void missingConversionsAreEachReported() {
    assertThat(validator.validate(List.of(spec("H", "Half", SHORT, FLOAT, "<f2")))).isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.MissingConversion,
        DiagnosticCode.MissingConversion);
  }

  @Test
  void warningsDoNotInvalidate() {
    ScalarSpec spec = spec("S", "S16", SHORT, SHORT, "<i2", op("toStorage", SHORT, SHORT));
    assertThat(validator.validate(List.of(spec))).containsExactly(spec);
    assertThat(reported).containsExactly(DiagnosticCode.ConversionNotNeeded);
  }

  @Test
  void unresolvedValuesInvalidateWithoutAnNdprimMessage() {
    ScalarSpec spec = spec("S", "S16", new TypeRef("Nope", TypeRef.Kind.ERROR), VOID, "<i2");
    assertThat(validator.validate(List.of(spec))).isEmpty();
    assertThat(reported).isEmpty();
  }

  @Test
  void namesAreRememberedAcrossRounds() {
    assertThat(validator.validate(List.of(spec("A", "Same", SHORT, VOID, "<i2")))).hasSize(1);
    assertThat(validator.validate(List.of(spec("B", "Same", SHORT, VOID, "<i2")))).isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.DuplicateName);
  }

  @Test
  void invalidNames() {
    for (String bad : List.of("lower", "class", "A$B", "1A", "", "Ünter_")) {
      reported.clear();
      List<ScalarSpec> valid = validator.validate(List.of(spec("S", bad, SHORT, VOID, "<i2")));
      if (bad.equals("Ünter_")) {
        assertThat(valid).as(bad).hasSize(1);  // any upper-case Java identifier is fine
      } else {
        assertThat(reported).as(bad).containsExactly(DiagnosticCode.InvalidName);
      }
    }
  }

  @Test
  void aGeneratedTypeMayNotBeNamedLikeTheSpecClass() {
    for (String clash : List.of("FooNdArray", "FooArrayNdArray", "FooBufferNdArray", "FooChunkedNdArray", "FooUnaryOperator",
        "FooBinaryOperator", "FooPredicate", "FooConsumer", "FooIndexedConsumer")) {
      reported.clear();
      assertThat(validator.validate(List.of(spec(clash, "Foo", SHORT, VOID, "<i2")))).isEmpty();
      assertThat(reported).as(clash).containsExactly(DiagnosticCode.InvalidName);
    }
  }
}
