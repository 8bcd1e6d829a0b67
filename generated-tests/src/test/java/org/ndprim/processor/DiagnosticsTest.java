package org.ndprim.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * One compile-testing case per {@link DiagnosticCode}, each asserting the message, the file and
 * the line; {@link #everyCodeHasACase()} fails when a code is added without one. Sources are
 * written line by line so the expected line numbers can be read off the listing.
 */
class DiagnosticsTest {

  private static JavaFileObject source(String qualifiedName, String... lines) {
    return JavaFileObjects.forSourceLines(qualifiedName, lines);
  }

  /** A spec class in package {@code test} whose annotation lists one attribute per line (3-6). */
  private static JavaFileObject spec(String className, String name, String storage,
      String logical, String dtype, String... body) {
    String[] head = {
      "package test;",                                      // 1
      "import org.ndprim.NdScalar;",                        // 2
      "@NdScalar(",                                         // 3
      "    name = " + name + ",",                           // 4
      "    storage = " + storage + ",",                     // 5
      "    logical = " + logical + ",",                     // 6
      "    dtype = " + dtype + ")",                         // 7
      "final class " + className + " {",                    // 8
    };
    String[] lines = Arrays.copyOf(head, head.length + body.length + 1);
    System.arraycopy(body, 0, lines, head.length, body.length);  // body starts on line 9
    lines[lines.length - 1] = "}";
    return source("test." + className, lines);
  }

  private static final int NAME_LINE = 4;
  private static final int STORAGE_LINE = 5;
  private static final int LOGICAL_LINE = 6;
  private static final int DTYPE_LINE = 7;
  private static final int CLASS_LINE = 8;
  private static final int BODY_LINE = 9;

  private RecordingProcessor processor = new RecordingProcessor(new NdprimProcessor());

  private Compilation compile(JavaFileObject... sources) {
    return Compilations.withClasspath(Compiler.javac().withProcessors(processor)).compile(sources);
  }

  /** Invalid specs generate nothing; compile-testing hides generated files of failed builds. */
  private void assertNothingGenerated(Compilation c) {
    assertThat(processor.createdSourceFiles()).isEmpty();
  }

  @Test
  void everyCodeHasACase() {
    Set<DiagnosticCode> covered = EnumSet.noneOf(DiagnosticCode.class);
    for (Method m : DiagnosticsTest.class.getDeclaredMethods()) {
      Covers covers = m.getAnnotation(Covers.class);
      if (covers != null) {
        covered.add(covers.value());
      }
    }
    assertThat(EnumSet.complementOf(EnumSet.copyOf(covered)))
        .as("diagnostic codes without a compile-testing case")
        .isEmpty();
  }

  @Test
  void validSpecCompilesCleanlyAndGeneratesEveryType() {
    Compilation c = compile(spec("Int16Scalar", "\"Int16\"", "short.class", "void.class",
        "\"<i2\""));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.Int16NdArray").contentsAsUtf8String()
        .contains("public interface Int16NdArray extends IntegerOps<Int16NdArray>");
    // a user's integer type computes natively: its kernels are generated beside it
    assertThat(c).generatedSourceFile("test.Int16Loops").contentsAsUtf8String()
        .contains("final class Int16Loops implements Loops");
    assertThat(c).generatedSourceFile("test.Int16ArrayNdArray").contentsAsUtf8String()
        .contains("public final class Int16ArrayNdArray extends StridedNdArray<Int16NdArray>"
            + " implements Int16NdArray");
    for (String kind : List.of("Buffer", "Chunked")) {
      assertThat(c).generatedSourceFile("test.Int16" + kind + "NdArray").contentsAsUtf8String()
          .contains("public final class Int16" + kind + "NdArray extends"
              + " StridedNdArray<Int16NdArray> implements Int16NdArray");
    }
  }

  @Test
  @Covers(DiagnosticCode.NotAClass)
  void interfaceIsNotAClass() {
    JavaFileObject file = source("test.HalfScalar",
        "package test;",
        "import org.ndprim.NdScalar;",
        "@NdScalar(name = \"Half\", storage = short.class, dtype = \"<i2\")",
        "interface HalfScalar {}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/NotAClass] @NdScalar is on interface HalfScalar but"
        + " must be on a class. Declare HalfScalar as a class").inFile(file).onLine(4);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.NotAClass)
  void enumRecordAndAnnotationAreNotClasses() {
    JavaFileObject file = source("test.Kinds",
        "package test;",
        "import org.ndprim.NdScalar;",
        "final class Kinds {",
        "  @NdScalar(name = \"A\", storage = short.class, dtype = \"<i2\")",
        "  enum AScalar {}",
        "  @NdScalar(name = \"B\", storage = short.class, dtype = \"<i2\")",
        "  record BScalar() {}",
        "  @NdScalar(name = \"C\", storage = short.class, dtype = \"<i2\")",
        "  @interface CScalar {}",
        "}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/NotAClass] @NdScalar is on enum Kinds.AScalar")
        .inFile(file).onLine(5);
    assertThat(c).hadErrorContaining("[ndprim/NotAClass] @NdScalar is on record Kinds.BScalar")
        .inFile(file).onLine(7);
    assertThat(c).hadErrorContaining(
        "[ndprim/NotAClass] @NdScalar is on annotation interface Kinds.CScalar")
        .inFile(file).onLine(9);
    assertThat(c).hadErrorCount(3);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.NotAClass)
  void innerAndPrivateClassesAreRejected() {
    JavaFileObject file = source("test.Outer",
        "package test;",
        "import org.ndprim.NdScalar;",
        "final class Outer {",
        "  @NdScalar(name = \"A\", storage = short.class, dtype = \"<i2\")",
        "  final class AScalar {}",
        "  @NdScalar(name = \"B\", storage = short.class, dtype = \"<i2\")",
        "  private static final class BScalar {}",
        "  @NdScalar(name = \"C\", storage = short.class, dtype = \"<i2\")",
        "  static final class CScalar {}",
        "}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/NotAClass] @NdScalar is on inner class Outer.AScalar"
        + " but generated code needs a top-level or static nested class. Declare Outer.AScalar"
        + " static, or move it to the top level.").inFile(file).onLine(5);
    assertThat(c).hadErrorContaining("[ndprim/NotAClass] @NdScalar class Outer.BScalar is private")
        .inFile(file).onLine(7);
    assertThat(c).hadErrorCount(2);
    // The static nested spec is fine and is generated in the package.
    assertThat(processor.createdSourceFiles()).containsExactly("test.CNdArray",
        "test.CArrayNdArray", "test.CBufferNdArray", "test.CChunkedNdArray",
        "test.CUnaryOperator", "test.CBinaryOperator", "test.CPredicate", "test.CConsumer",
        "test.CIndexedConsumer", "test.CLoops");
  }

  @Test
  @Covers(DiagnosticCode.InvalidName)
  void nameMustBeAnUpperCaseIdentifier() {
    JavaFileObject file = spec("LowerScalar", "\"lower\"", "short.class", "void.class", "\"<i2\"");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/InvalidName] name \"lower\" is not a Java identifier"
        + " starting with an upper-case letter. Use a name such as \"Float16\"")
        .inFile(file).onLine(NAME_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.InvalidName)
  void nameMustNotBeAKeywordOrContainSymbols() {
    JavaFileObject keyword = spec("AScalar", "\"A-B\"", "short.class", "void.class", "\"<i2\"");
    JavaFileObject clash = spec("FooNdArray", "\"Foo\"", "short.class", "void.class", "\"<i2\"");
    Compilation c = compile(keyword, clash);
    assertThat(c).hadErrorContaining("[ndprim/InvalidName] name \"A-B\"")
        .inFile(keyword).onLine(NAME_LINE);
    assertThat(c).hadErrorContaining("[ndprim/InvalidName] name \"Foo\" makes a generated type named"
        + " like the spec class FooNdArray. Rename the spec class, e.g. to FooScalar.")
        .inFile(clash).onLine(NAME_LINE);
  }

  @Test
  @Covers(DiagnosticCode.StorageNotPrimitive)
  void storageMustBePrimitive() {
    JavaFileObject file = spec("StrScalar", "\"Str\"", "String.class", "void.class", "\"<i2\"");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/StorageNotPrimitive] storage = java.lang.String.class"
        + " is not a primitive type. Use one of boolean.class, byte.class, short.class,"
        + " char.class, int.class, long.class, float.class or double.class.")
        .inFile(file).onLine(STORAGE_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.StorageNotPrimitive)
  void storageMustNotBeVoidOrAnArray() {
    JavaFileObject v = spec("VScalar", "\"V\"", "void.class", "void.class", "\"<i2\"");
    JavaFileObject a = spec("AScalar", "\"A\"", "short[].class", "void.class", "\"<i2\"");
    Compilation c = compile(v, a);
    assertThat(c).hadErrorContaining("[ndprim/StorageNotPrimitive] storage = void.class")
        .inFile(v).onLine(STORAGE_LINE);
    assertThat(c).hadErrorContaining("[ndprim/StorageNotPrimitive] storage = short[].class")
        .inFile(a).onLine(STORAGE_LINE);
    assertThat(c).hadErrorCount(2);
  }

  @Test
  @Covers(DiagnosticCode.LogicalNotPrimitive)
  void logicalMustBePrimitiveOrVoid() {
    JavaFileObject file = spec("BoxScalar", "\"Box\"", "int.class", "Integer.class", "\"<i4\"");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/LogicalNotPrimitive] logical = java.lang.Integer.class"
        + " is not a primitive type. Use one of boolean.class")
        .inFile(file).onLine(LOGICAL_LINE);
    assertThat(c).hadErrorContaining("or leave logical out to use the storage type.");
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.BadDtype)
  void dtypeMustBeANumpyDescriptor() {
    JavaFileObject file = spec("NoOrderScalar", "\"NoOrder\"", "short.class", "void.class",
        "\"i2\"");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/BadDtype] dtype \"i2\" is not a NumPy descriptor of"
        + " the form [<>|=][biufcV]<item size>. Write byte order, kind and item size in bytes, e.g."
        + " \"<f2\", \"<i4\" or \"|b1\".").inFile(file).onLine(DTYPE_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.BadDtype)
  void dtypeMustHaveAnItemSizeNumpyAcceptsForItsKind() {
    // numpy.dtype refuses all three, so np.load could not read what such a type writes.
    for (String[] bad : new String[][] {{"short.class", "\"<b2\"", "kind 'b' (boolean) has item"
        + " size 1. Use one of \"<b1\""}, {"byte.class", "\"<f1\"", "kind 'f' (floating point)"
        + " has item sizes 2, 4, 8 or 16. Use one of \"<f2\", \"<f4\", \"<f8\" or \"<f16\""},
        {"int.class", "\"<c4\"", "kind 'c' (complex) has item sizes 8, 16 or 32"}}) {
      processor = new RecordingProcessor(new NdprimProcessor());
      JavaFileObject file = spec("OddScalar", "\"Odd\"", bad[0], "void.class", bad[1]);
      Compilation c = compile(file);
      assertThat(c).hadErrorContaining("[ndprim/BadDtype] dtype " + bad[1] + " is not one NumPy"
          + " accepts: " + bad[2]).inFile(file).onLine(DTYPE_LINE);
      assertThat(c).hadErrorCount(1);
      assertNothingGenerated(c);
    }
  }

  @Test
  @Covers(DiagnosticCode.BadDtype)
  void anUnresolvedDtypeConstantGivesJavacsErrorOnly() {
    JavaFileObject file = spec("ConstScalar", "\"Const\"", "short.class", "void.class",
        "NO_SUCH_CONSTANT");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("NO_SUCH_CONSTANT").inFile(file).onLine(DTYPE_LINE);
    assertThat(c).hadErrorCount(1);
    assertThat(c.errors()).allSatisfy(
        e -> assertThat(e.getMessage(null)).doesNotContain("[ndprim/"));
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.BuiltInName)
  void aSpecInOrgNdprimMayNotReplaceABuiltIn() {
    JavaFileObject file = source("org.ndprim.MyIntScalar",
        "package org.ndprim;",
        "@NdScalar(name = \"Int\", storage = int.class, dtype = \"<i4\")",
        "final class MyIntScalar {}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/BuiltInName] name \"Int\" in package org.ndprim"
        + " would replace the built-in IntNdArray of org.ndprim.IntScalar. Choose another name, or"
        + " declare MyIntScalar in a package of your own.").inFile(file).onLine(2);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.BadSlots)
  void slotsAreForComplexTypes() {
    JavaFileObject file = source("test.PairScalar",
        "package test;",
        "import org.ndprim.NdScalar;",
        "@NdScalar(name = \"Pair\", storage = int.class, slots = 2, dtype = \"<i8\")",
        "final class PairScalar {}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/BadSlots] slots = 2 is for complex types, but dtype"
        + " \"<i8\" is of kind 'i'. Use a complex dtype (\"<c8\" over float.class, \"<c16\" over"
        + " double.class), or leave slots out.").inFile(file).onLine(3);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
    processor = new RecordingProcessor(new NdprimProcessor());
    JavaFileObject complex = source("test.CScalar",
        "package test;",
        "import org.ndprim.NdScalar;",
        "@NdScalar(name = \"C\", storage = float.class, dtype = \"<c8\")",
        "final class CScalar {}");
    Compilation c2 = compile(complex);
    assertThat(c2).hadErrorContaining("[ndprim/BadSlots] dtype \"<c8\" is complex, which needs"
        + " slots = 2 (a real and an imaginary part). Add slots = 2.").inFile(complex).onLine(3);
    assertThat(c2).hadErrorCount(1);
  }

  @Test
  void aUserComplexTypeGeneratesItsInterfaceAndPartsImplementation() {
    JavaFileObject complex = source("test.Z64Scalar",
        "package test;",
        "import org.ndprim.NdScalar;",
        "@NdScalar(name = \"Z64\", storage = float.class, slots = 2, dtype = \"<c8\")",
        "final class Z64Scalar {}");
    Compilation c = compile(complex);
    assertThat(c).succeededWithoutWarnings();
    assertThat(processor.createdSourceFiles())
        .containsExactlyInAnyOrder("test.Z64NdArray", "test.Z64PartsNdArray", "test.Z64Loops");
  }

  @Test
  void twoSpecsMayNotGenerateTypesOfTheSameName() {
    JavaFileObject foo = spec("FooScalar", "\"Foo\"", "int.class", "void.class", "\"<i4\"");
    JavaFileObject fooArray = spec("FooArrayScalar", "\"FooArray\"", "int.class", "void.class",
        "\"<i4\"");
    Compilation c = compile(foo, fooArray);
    assertThat(c).hadErrorContaining("[ndprim/DuplicateName] name \"Foo\" generates"
        + " test.FooArrayNdArray, which test.FooArrayScalar (name \"FooArray\") also generates."
        + " Rename one of the specs so that no generated type names collide.").inFile(foo)
        .onLine(NAME_LINE);
    assertThat(c).hadErrorContaining("[ndprim/DuplicateName] name \"FooArray\" generates"
        + " test.FooArrayNdArray, which test.FooScalar (name \"Foo\") also generates.")
        .inFile(fooArray).onLine(NAME_LINE);
    assertThat(c).hadErrorCount(2);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.DtypeSizeMismatch)
  void dtypeItemSizeMustMatchStorage() {
    JavaFileObject file = spec("WideScalar", "\"Wide\"", "short.class", "void.class", "\"<i4\"");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/DtypeSizeMismatch] dtype \"<i4\" has item size 4 but"
        + " storage short has 2 bytes. Use an item size of 2, e.g. \"<i2\", or a storage type of 4"
        + " bytes.").inFile(file).onLine(DTYPE_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.MissingConversion)
  void conversionsAreRequiredWhenLogicalDiffers() {
    JavaFileObject file = spec("HalfScalar", "\"Half\"", "short.class", "float.class", "\"<f2\"",
        "  static float toLogical(short bits) { return bits; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/MissingConversion] logical float differs from storage"
        + " short but HalfScalar has no toStorage. Add static short toStorage(float value) to"
        + " HalfScalar.").inFile(file).onLine(LOGICAL_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.ConversionNotNeeded)
  void conversionsAreIgnoredWhenLogicalEqualsStorage() {
    JavaFileObject file = spec("PlainScalar", "\"Plain\"", "short.class", "short.class", "\"<i2\"",
        "  static short toLogical(short bits) { return bits; }");
    Compilation c = compile(file);
    assertThat(c).succeeded();
    assertThat(c).hadWarningContaining("[ndprim/ConversionNotNeeded] toLogical is ignored because"
        + " logical and storage are both short. Remove toLogical, or set logical to the type it"
        + " converts to.").inFile(file).onLine(BODY_LINE);
    for (String impl : List.of("test.PlainArrayNdArray", "test.PlainBufferNdArray",
        "test.PlainChunkedNdArray")) {
      assertThat(c).generatedSourceFile(impl).contentsAsUtf8String().doesNotContain("toLogical(");
    }
  }

  @Test
  @Covers(DiagnosticCode.BadOperationSignature)
  void operationMethodsMustBeStaticWithExactTypes() {
    JavaFileObject file = spec("HalfScalar", "\"Half\"", "short.class", "float.class", "\"<f2\"",
        "  float toLogical(short bits) { return bits; }",                       // 9
        "  static short toStorage(double value) { return 0; }",                 // 10
        "  private static boolean equal(float a, float b) { return a == b; }",  // 11
        "  static long hash(float value) { return 0; }",                        // 12
        "  static String format(float v) throws java.io.IOException { return \"\"; }");  // 13
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method toLogical is"
        + " not static. Declare it as static float toLogical(short bits).")
        .inFile(file).onLine(BODY_LINE);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method toStorage"
        + " takes (double) instead of (float). Declare it as static short toStorage(float value).")
        .inFile(file).onLine(BODY_LINE + 1);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method equal is"
        + " private. Declare it as static boolean equal(float a, float b).")
        .inFile(file).onLine(BODY_LINE + 2);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method hash returns"
        + " long instead of int. Declare it as static int hash(float value).")
        .inFile(file).onLine(BODY_LINE + 3);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method format throws"
        + " checked java.io.IOException. Declare it as static String format(float value).")
        .inFile(file).onLine(BODY_LINE + 4);
    assertThat(c).hadErrorCount(5);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.EqualWithoutHash)
  void equalNeedsHash() {
    JavaFileObject file = spec("EqScalar", "\"Eq\"", "double.class", "void.class", "\"<f8\"",
        "  static boolean equal(double a, double b) { return a == b; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/EqualWithoutHash] EqScalar declares equal without"
        + " hash, so equals and hashCode of the generated arrays would disagree. Declare both"
        + " equal and hash, consistent with each other, or neither.")
        .inFile(file).onLine(BODY_LINE);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.DuplicateName)
  void namesAreUniquePerPackage() {
    JavaFileObject first = spec("OneScalar", "\"Same\"", "int.class", "void.class", "\"<i4\"");
    JavaFileObject second = spec("TwoScalar", "\"Same\"", "long.class", "void.class", "\"<i8\"");
    Compilation c = compile(first, second);
    assertThat(c).hadErrorContaining("[ndprim/DuplicateName] name \"Same\" is also declared by"
        + " test.TwoScalar in package test. Give each @NdScalar in a package its own name.")
        .inFile(first).onLine(NAME_LINE);
    assertThat(c).hadErrorContaining("[ndprim/DuplicateName] name \"Same\" is also declared by"
        + " test.OneScalar in package test.").inFile(second).onLine(NAME_LINE);
    assertThat(c).hadErrorCount(2);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.CannotWrite)
  void existingTypeOfTheGeneratedNameIsReported() {
    JavaFileObject spec = spec("TakenScalar", "\"Taken\"", "int.class", "void.class", "\"<i4\"");
    JavaFileObject existing = source("test.TakenNdArray",
        "package test;",
        "public interface TakenNdArray {}");
    Compilation c = compile(spec, existing);
    assertThat(c).hadErrorContaining("[ndprim/CannotWrite] could not write the types generated"
        + " from TakenScalar: ").inFile(spec).onLine(CLASS_LINE);
    assertThat(c).hadErrorContaining("Remove or rename the existing type of that name.");
  }

  @Test
  @Covers(DiagnosticCode.Internal)
  void unexpectedExceptionIsAnErrorAtTheSpecWithTheStackTrace() {
    JavaFileObject file = spec("BoomScalar", "\"Boom\"", "int.class", "void.class", "\"<i4\"");
    processor = new RecordingProcessor(new NdprimProcessor(model -> {
      throw new IllegalStateException("boom in " + model.name());
    }));
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/Internal] ndprim failed on this spec with"
        + " java.lang.IllegalStateException: boom in Boom. This is a bug in ndprim: please report"
        + " it with the stack trace below.").inFile(file).onLine(CLASS_LINE);
    assertThat(c).hadErrorContaining("at org.ndprim.processor.DiagnosticsTest");
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  /** A Gray8-like spec (byte storage, int logical, uint8) with its conversions on lines 9-10. */
  private static JavaFileObject gray(String... ufuncLines) {
    String[] body = new String[2 + ufuncLines.length];
    body[0] = "  static int toLogical(byte b) { return b & 0xFF; }";              // 9
    body[1] = "  static byte toStorage(int v) { return (byte) v; }";              // 10
    System.arraycopy(ufuncLines, 0, body, 2, ufuncLines.length);                  // 11...
    return spec("GrayScalar", "\"Gray\"", "byte.class", "int.class", "\"|u1\"", body);
  }

  private static final int UFUNC_LINE = BODY_LINE + 2;

  @Test
  void declaredUfuncsAreCalledByTheGeneratedLoops() {
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"add\") static int sat(int x, int y) { return Math.min(255, x + y); }",
        "  @NdScalar.Ufunc(\"less\") static boolean before(int x, int y) { return x > y; }",
        "  @NdScalar.Ufunc(\"invert\") static int inv(int x) { return 255 - x; }");
    // -Xlint:all: the processor claims @NdScalar.Ufunc, so -Xlint:processing stays quiet
    Compilation c = Compilations.withClasspath(Compiler.javac().withProcessors(processor)
        .withOptions("-Xlint:all")).compile(file);
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("test.GrayLoops").contentsAsUtf8String()
        .contains("o[i] = test.GrayScalar.toStorage(test.GrayScalar.sat("
            + "test.GrayScalar.toLogical(x), test.GrayScalar.toLogical(y)));");
    assertThat(c).generatedSourceFile("test.GrayLoops").contentsAsUtf8String()
        .contains("o[i] = test.GrayScalar.before(test.GrayScalar.toLogical(x),"
            + " test.GrayScalar.toLogical(y));");
    assertThat(c).generatedSourceFile("test.GrayLoops").contentsAsUtf8String()
        .contains("o[i] = test.GrayScalar.toStorage(test.GrayScalar.inv("
            + "test.GrayScalar.toLogical(x)));");
    // undeclared ufuncs keep the computation in the logical type
    assertThat(c).generatedSourceFile("test.GrayLoops").contentsAsUtf8String()
        .contains("o[i] = test.GrayScalar.toStorage(test.GrayScalar.toLogical(x)"
            + " - test.GrayScalar.toLogical(y));");
  }

  @Test
  @Covers(DiagnosticCode.UnknownUfunc)
  void aDeclaredUfuncMustBeOneNdprimHasUnderNumpysName() {
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"plus\") static int plus(int x, int y) { return x + y; }",
        "  @NdScalar.Ufunc(\"floorDivide\") static int fd(int x, int y) { return x / y; }",
        "  @NdScalar.Ufunc(\"divide\") static int div(int x, int y) { return x / y; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/UnknownUfunc] @NdScalar.Ufunc(\"plus\") on plus"
        + " names no ufunc ndprim has. Use NumPy's name of a ufunc, as Ufunc.name() gives it,"
        + " e.g. \"add\", \"floor_divide\" or \"less_equal\".")
        .inFile(file).onLine(UFUNC_LINE);
    assertThat(c).hadErrorContaining("[ndprim/UnknownUfunc] @NdScalar.Ufunc(\"floorDivide\") on"
        + " fd names no ufunc ndprim has. Use NumPy's name \"floor_divide\".")
        .inFile(file).onLine(UFUNC_LINE + 1);
    assertThat(c).hadErrorContaining("[ndprim/UnknownUfunc] @NdScalar.Ufunc(\"divide\") on div"
        + " names no ufunc ndprim has. Use NumPy's name \"true_divide\".")
        .inFile(file).onLine(UFUNC_LINE + 2);
    assertThat(c).hadErrorCount(3);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.UfuncNotDeclarable)
  void aFloatingLogicalTypeDeclaresNoUfunc() {
    JavaFileObject file = spec("HalfScalar", "\"Half\"", "short.class", "float.class", "\"<f2\"",
        "  static float toLogical(short bits) { return bits; }",                          // 9
        "  static short toStorage(float value) { return (short) value; }",                // 10
        "  @NdScalar.Ufunc(\"bitwise_and\") static float and(float x, float y) { return x; }",
        "  @NdScalar.Ufunc(\"add\") static float add(float x, float y) { return x + y; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNotDeclarable] @NdScalar.Ufunc(\"bitwise_and\")"
        + " on and: HalfScalar cannot declare ufuncs, because a type of logical float, storage"
        + " short and dtype \"<f2\" computes its ufuncs in the loops of a built-in type, which"
        + " call no method of the spec; a floating-point logical type has no bitwise_and at all."
        + " Remove @NdScalar.Ufunc; only a type whose storage and logical types are integers and"
        + " whose dtype is of kind 'i' or 'u' declares ufuncs.").inFile(file).onLine(UFUNC_LINE);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNotDeclarable] @NdScalar.Ufunc(\"add\") on"
        + " add: HalfScalar cannot declare ufuncs, because a type of logical float, storage short"
        + " and dtype \"<f2\" computes its ufuncs in the loops of a built-in type, which call no"
        + " method of the spec. Remove @NdScalar.Ufunc;").inFile(file).onLine(UFUNC_LINE + 1);
    assertThat(c).hadErrorCount(2);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.UfuncNotDeclarable)
  void anIntegerTypeDeclaresOnlyTheUfuncsItComputesItself() {
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"sqrt\") static int root(int x) { return x; }",
        "  @NdScalar.Ufunc(\"where\") static int pick(int x, int y) { return x; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNotDeclarable] @NdScalar.Ufunc(\"sqrt\") on"
        + " root: NumPy computes sqrt of an integer type in a floating-point type, so GrayScalar"
        + " cannot declare it. Remove it, or declare one of the ufuncs of an integer type: add,"
        + " subtract, multiply, floor_divide, remainder, power, maximum, minimum, fmax, fmin,"
        + " bitwise_and, bitwise_or, bitwise_xor, left_shift, right_shift, negative, positive,"
        + " absolute, sign, square, reciprocal, conjugate, invert, floor, ceil, trunc, equal,"
        + " not_equal, less, less_equal, greater, greater_equal, logical_and, logical_or,"
        + " logical_xor, logical_not, isnan, isinf, isfinite.").inFile(file).onLine(UFUNC_LINE);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNotDeclarable] @NdScalar.Ufunc(\"where\") on"
        + " pick: where selects elements and computes none, so GrayScalar cannot declare it.")
        .inFile(file).onLine(UFUNC_LINE + 1);
    assertThat(c).hadErrorCount(2);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.UfuncNotDeclarable)
  void aUfuncMethodOutsideASpecIsAnError() {
    JavaFileObject file = source("test.Helpers",
        "package test;",
        "import org.ndprim.NdScalar;",
        "final class Helpers {",
        "  @NdScalar.Ufunc(\"add\") static int add(int x, int y) { return x + y; }",
        "}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNotDeclarable] @NdScalar.Ufunc on add in"
        + " Helpers, which is no @NdScalar class: no generated code calls it. Move the method into"
        + " the @NdScalar class of its type, or remove @NdScalar.Ufunc.").inFile(file).onLine(4);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  @Covers(DiagnosticCode.BadUfuncSignature)
  void aDeclaredUfuncTakesAndReturnsLogicalValues() {
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"add\") static int add(int x) { return x; }",                 // 11
        "  @NdScalar.Ufunc(\"subtract\") static int sub(long x, long y) { return 0; }",    // 12
        "  @NdScalar.Ufunc(\"multiply\") static long mul(int x, int y) { return 0; }",     // 13
        "  @NdScalar.Ufunc(\"less\") static int less(int x, int y) { return 0; }",         // 14
        "  @NdScalar.Ufunc(\"negative\") int neg(int x) { return x; }",                    // 15
        "  @NdScalar.Ufunc(\"positive\") private static int pos(int x) { return x; }",     // 16
        "  @NdScalar.Ufunc(\"square\") static int sq(int x) throws Exception { return x; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"add\") method"
        + " add takes (int) instead of (int, int). Declare it as static int add(int x, int y).")
        .inFile(file).onLine(UFUNC_LINE);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"subtract\")"
        + " method sub takes (long, long) instead of (int, int). Declare it as static int"
        + " sub(int x, int y).").inFile(file).onLine(UFUNC_LINE + 1);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"multiply\")"
        + " method mul returns long instead of int. Declare it as static int mul(int x, int y).")
        .inFile(file).onLine(UFUNC_LINE + 2);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"less\") method"
        + " less returns int instead of boolean (ufunc less gives a boolean array). Declare it as"
        + " static boolean less(int x, int y).").inFile(file).onLine(UFUNC_LINE + 3);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"negative\")"
        + " method neg is not static. Declare it as static int neg(int x).")
        .inFile(file).onLine(UFUNC_LINE + 4);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"positive\")"
        + " method pos is private. Declare it as static int pos(int x).")
        .inFile(file).onLine(UFUNC_LINE + 5);
    assertThat(c).hadErrorContaining("[ndprim/BadUfuncSignature] @NdScalar.Ufunc(\"square\")"
        + " method sq throws checked java.lang.Exception. Declare it as static int sq(int x).")
        .inFile(file).onLine(UFUNC_LINE + 6);
    assertThat(c).hadErrorCount(7);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.DuplicateUfunc)
  void aUfuncIsDeclaredOnce() {
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"add\") static int sat(int x, int y) { return x + y; }",
        "  @NdScalar.Ufunc(\"add\") static int wrap(int x, int y) { return x + y; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/DuplicateUfunc] @NdScalar.Ufunc(\"add\") on wrap"
        + " declares ufunc add again: sat already declares it. Keep one @NdScalar.Ufunc(\"add\")"
        + " method.").inFile(file).onLine(UFUNC_LINE + 1);
    assertThat(c).hadErrorCount(1);
    assertNothingGenerated(c);
  }

  @Test
  @Covers(DiagnosticCode.UfuncNamedLikeOperation)
  void aUfuncMethodIsNotNamedLikeASpecOperation() {
    // "equal" would also be the element equality of equals() and hashCode(), "compare" the order
    JavaFileObject file = gray(
        "  @NdScalar.Ufunc(\"equal\") static boolean equal(int x, int y) { return x == y; }",
        "  @NdScalar.Ufunc(\"maximum\") static int compare(int x, int y) { return x; }",
        "  static int hash(int x) { return x; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNamedLikeOperation] @NdScalar.Ufunc(\"equal\")"
        + " on equal: equal is the name of a spec operation, which the method would also be (equal"
        + " of every element, beside ufunc equal). Rename the method, e.g. equalUfunc; spec"
        + " operations are found by name.").inFile(file).onLine(UFUNC_LINE);
    assertThat(c).hadErrorContaining("[ndprim/UfuncNamedLikeOperation] @NdScalar.Ufunc(\"maximum\")"
        + " on compare: compare is the name of a spec operation").inFile(file)
        .onLine(UFUNC_LINE + 1);
    assertNothingGenerated(c);
  }

  @Test
  void everyProblemOfOneSpecIsReported() {
    JavaFileObject file = spec("BadScalar", "\"bad\"", "String.class", "Object.class", "\"x\"",
        "  int hash(Object value) { return 0; }");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/InvalidName]").inFile(file).onLine(NAME_LINE);
    assertThat(c).hadErrorContaining("[ndprim/StorageNotPrimitive]").inFile(file)
        .onLine(STORAGE_LINE);
    assertThat(c).hadErrorContaining("[ndprim/LogicalNotPrimitive]").inFile(file)
        .onLine(LOGICAL_LINE);
    assertThat(c).hadErrorContaining("[ndprim/BadDtype]").inFile(file).onLine(DTYPE_LINE);
    assertThat(c).hadErrorContaining("[ndprim/BadOperationSignature] operation method hash is not"
        + " static. Declare it as static, not private, without type parameters or checked"
        + " exceptions.").inFile(file).onLine(BODY_LINE);
    assertThat(c).hadErrorContaining("[ndprim/EqualWithoutHash] BadScalar declares hash without"
        + " equal").inFile(file).onLine(BODY_LINE);
    assertThat(c).hadErrorCount(6);
    assertNothingGenerated(c);
  }

  @Test
  void defaultedLogicalIsReportedAtTheAnnotation() {
    JavaFileObject file = source("test.BitsScalar",
        "package test;",
        "import org.ndprim.NdScalar;",
        "@NdScalar(name = \"Bits\", storage = short.class, dtype = \"<i2\")",
        "final class BitsScalar {",
        "  static boolean equal(short a, short b) { return a == b; }",
        "}");
    Compilation c = compile(file);
    assertThat(c).hadErrorContaining("[ndprim/EqualWithoutHash]").inFile(file).onLine(5);
    assertThat(c).hadErrorCount(1);
  }

  @Test
  void unresolvedValuesAreLeftToJavac() {
    JavaFileObject file = spec("MissingScalar", "\"Missing\"", "NoSuchType.class", "void.class",
        "\"<i2\"");
    Compilation c = compile(file);
    assertThat(c).failed();
    assertThat(c).hadErrorContaining("NoSuchType").inFile(file).onLine(STORAGE_LINE);
    assertThat(c.errors()).allSatisfy(
        e -> assertThat(e.getMessage(null)).doesNotContain("[ndprim/"));
    assertNothingGenerated(c);
  }
}
