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
        attr(name), attr(storage), attr(logical), attr(dtype), attr(1), List.of(ops), NOWHERE,
        NOWHERE);
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
    for (String good : List.of("<i2", ">i2", "|i2", "=u2", "<f2", "|V2", "<V2")) {
      reported.clear();
      assertThat(validator.validate(List.of(spec("S", "N" + good.hashCode(), SHORT, VOID, good))))
          .as(good).hasSize(1);
    }
    // The grammar, then kinds and item sizes numpy.dtype refuses (np.load cannot read them).
    for (String bad : List.of("", "i2", "<x2", "<i", "<i0", "<i02", "<<i2", "<i2 ", "<I2",
        "<b2", "<c2", "<f1", "<i3", "<u16")) {
      reported.clear();
      assertThat(validator.validate(List.of(spec("S", "Bad", SHORT, VOID, bad)))).as(bad).isEmpty();
      assertThat(reported).as(bad).containsExactly(DiagnosticCode.BadDtype);
    }
  }

  @Test
  void itemSizeIsStorageTimesSlots() {
    assertThat(validator.validate(List.of(spec("S", "A", FLOAT, VOID, "<c8")))).isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.BadSlots);  // complex needs slots = 2
    reported.clear();
    ScalarSpec complex = withSlots(spec("C", "C64", FLOAT, VOID, "<c8"), 2);
    assertThat(validator.validate(List.of(complex))).containsExactly(complex);
    assertThat(reported).isEmpty();
    assertThat(validator.validate(List.of(withSlots(spec("D", "D", FLOAT, VOID, "<c16"), 2))))
        .isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.DtypeSizeMismatch);
  }

  @Test
  void slotsAreOneOrTwoAndTwoOnlyForComplex() {
    for (int slots : List.of(0, 3, -1)) {
      reported.clear();
      assertThat(validator.validate(List.of(withSlots(spec("S", "X", SHORT, VOID, "<i2"), slots))))
          .isEmpty();
      assertThat(reported).as("%s", slots).containsExactly(DiagnosticCode.BadSlots);
    }
    reported.clear();
    assertThat(validator.validate(List.of(withSlots(spec("S", "Y", FLOAT, VOID, "<f8"), 2))))
        .isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.BadSlots);
    reported.clear();
    TypeRef shortRef = SHORT;
    assertThat(validator.validate(List.of(withSlots(spec("S", "Z", shortRef, VOID, "<c4"), 2))))
        .isEmpty();
    assertThat(reported).containsExactlyInAnyOrder(DiagnosticCode.BadDtype,
        DiagnosticCode.BadSlots);  // <c4 is no dtype, and short parts are no complex
    reported.clear();
    assertThat(validator.validate(List.of(withSlots(spec("S", "W", FLOAT, VOID, "<c8",
        op("hash", new TypeRef("int", TypeRef.Kind.PRIMITIVE), FLOAT)), 2)))).isEmpty();
    assertThat(reported).contains(DiagnosticCode.BadSlots);
  }

  @Test
  void builtInNamesAreTakenInTheirPackage() {
    ScalarSpec mine = new ScalarSpec("org.ndprim", List.of("MyInt"), ScalarSpec.ClassKind.CLASS,
        false, false, attr("Int"), attr(SHORT), attr(VOID), attr("<i2"), attr(1), List.of(),
        NOWHERE, NOWHERE);
    assertThat(validator.validate(List.of(mine))).isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.BuiltInName);
    reported.clear();
    ScalarSpec builtIn = new ScalarSpec("org.ndprim", List.of("IntScalar"),
        ScalarSpec.ClassKind.CLASS, false, false, attr("Int"), attr(SHORT), attr(VOID),
        attr("<i2"), attr(1), List.of(), NOWHERE, NOWHERE);
    assertThat(validator.validate(List.of(builtIn))).containsExactly(builtIn);
    assertThat(reported).isEmpty();
  }

  @Test
  void generatedTypesOfTwoSpecsMayNotCollide() {
    ScalarSpec foo = spec("A", "Foo", SHORT, VOID, "<i2");
    ScalarSpec fooArray = spec("B", "FooArray", SHORT, VOID, "<i2");
    assertThat(validator.validate(List.of(foo, fooArray))).isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.DuplicateName,
        DiagnosticCode.DuplicateName);
    reported.clear();
    assertThat(validator.validate(List.of(spec("C", "Bar", SHORT, VOID, "<i2")))).hasSize(1);
    assertThat(validator.validate(List.of(spec("D", "BarChunked", SHORT, VOID, "<i2"))))
        .isEmpty();
    assertThat(reported).containsExactly(DiagnosticCode.DuplicateName);
  }

  private static ScalarSpec withSlots(ScalarSpec s, int slots) {
    return new ScalarSpec(s.packageName(), s.simpleNames(), s.kind(), s.innerClass(),
        s.privateClass(), s.name(), s.storage(), s.logical(), s.dtype(), attr(slots),
        s.operations(), s.element(), s.annotation());
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
