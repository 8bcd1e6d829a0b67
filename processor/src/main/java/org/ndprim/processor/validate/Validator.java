package org.ndprim.processor.validate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.lang.model.SourceVersion;
import org.ndprim.processor.DiagnosticCode;
import org.ndprim.processor.Reporter;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.read.Attribute;
import org.ndprim.processor.read.OperationMethod;
import org.ndprim.processor.read.ScalarSpec;
import org.ndprim.processor.read.Site;
import org.ndprim.processor.read.TypeRef;

/**
 * Checks specs and reports every problem at the most precise place. A spec with any error is not
 * generated; javac's own errors (unresolved values) make a spec invalid without an ndprim message.
 */
public final class Validator {
  /** NumPy descriptor: byte order, kind, item size in bytes. */
  private static final Pattern DTYPE = Pattern.compile("([<>|=])([biufc])([1-9][0-9]{0,2})");

  private static final String PRIMITIVES =
      "boolean.class, byte.class, short.class, char.class, int.class, long.class, float.class or"
          + " double.class";

  private final Reporter reporter;
  /** Names generated in earlier rounds: "package.Name" to the qualified spec class. */
  private final Map<String, String> generatedNames = new LinkedHashMap<>();

  /**
   * Creates a validator that remembers generated names across rounds.
   *
   * @param reporter where diagnostics go
   */
  public Validator(Reporter reporter) {
    this.reporter = reporter;
  }

  /**
   * Validates one round's specs.
   *
   * @param specs the round's specs, in a deterministic order
   * @return the valid specs, in the same order; their names are remembered for later rounds
   */
  public List<ScalarSpec> validate(List<ScalarSpec> specs) {
    Map<String, List<ScalarSpec>> byName = specs.stream()
        .filter(s -> s.name().resolved())
        .collect(Collectors.groupingBy(Validator::nameKey, LinkedHashMap::new, Collectors.toList()));
    List<ScalarSpec> valid = new ArrayList<>();
    for (ScalarSpec spec : specs) {
      boolean ok = validate(spec);
      if (spec.name().resolved()) {
        ok &= unique(spec, byName.get(nameKey(spec)));
      }
      if (ok) {
        valid.add(spec);
      }
    }
    for (ScalarSpec spec : valid) {
      generatedNames.put(nameKey(spec), spec.qualifiedName());
    }
    return valid;
  }

  private static String nameKey(ScalarSpec spec) {
    return spec.packageName() + "." + spec.name().value();
  }

  /** Checks one spec on its own; returns whether it is valid. */
  private boolean validate(ScalarSpec spec) {
    Check check = new Check();
    checkClass(spec, check);
    checkName(spec, check);
    Optional<Primitive> storage = checkStorage(spec, check);
    Optional<Primitive> logical = checkLogical(spec, storage, check);
    checkDtype(spec, storage, check);
    checkOperations(spec, storage, logical, check);
    return check.ok;
  }

  private void checkClass(ScalarSpec spec, Check check) {
    String cls = spec.className();
    if (spec.kind() != ScalarSpec.ClassKind.CLASS) {
      check.error(DiagnosticCode.NotAClass, spec.element(),
          "@NdScalar is on " + spec.kind().word() + " " + cls + " but must be on a class",
          "Declare " + cls + " as a class (conventionally final) holding only static methods");
    } else if (spec.innerClass()) {
      check.error(DiagnosticCode.NotAClass, spec.element(),
          "@NdScalar is on inner class " + cls + " but generated code needs a top-level or static"
              + " nested class",
          "Declare " + cls + " static, or move it to the top level");
    } else if (spec.privateClass()) {
      check.error(DiagnosticCode.NotAClass, spec.element(),
          "@NdScalar class " + cls + " is private (or nested in a private class), so the generated"
              + " types in its package cannot call it",
          "Make " + cls + " and its enclosing classes at least package-private");
    }
  }

  private void checkName(ScalarSpec spec, Check check) {
    Attribute<String> name = spec.name();
    if (!name.resolved()) {
      check.unresolved();
      return;
    }
    String n = name.value();
    String simpleName = spec.simpleNames().get(spec.simpleNames().size() - 1);
    if (!SourceVersion.isIdentifier(n) || SourceVersion.isKeyword(n) || n.contains("$")
        || !Character.isUpperCase(n.codePointAt(0))) {
      check.error(DiagnosticCode.InvalidName, name.site(),
          "name \"" + n + "\" is not a Java identifier starting with an upper-case letter",
          "Use a name such as \"Float16\"; it prefixes the generated types Float16NdArray,"
              + " Float16ArrayNdArray, ...");
    } else if (generatedSuffixes().stream().anyMatch(suffix -> simpleName.equals(n + suffix))) {
      check.error(DiagnosticCode.InvalidName, name.site(),
          "name \"" + n + "\" makes a generated type named like the spec class " + spec.className(),
          "Rename the spec class, e.g. to " + n + "Scalar");
    }
  }

  /** The suffixes of every type a spec may generate: {@code NdArray}, ..., {@code IndexedConsumer}. */
  private static List<String> generatedSuffixes() {
    List<String> suffixes = new ArrayList<>(List.of("NdArray"));
    for (Storage storage : Storage.ALL) {
      suffixes.add(storage.kind() + "NdArray");
    }
    for (FunctionKind kind : FunctionKind.values()) {
      suffixes.add(kind.suffix());
    }
    return suffixes;
  }

  private Optional<Primitive> checkStorage(ScalarSpec spec, Check check) {
    Attribute<TypeRef> storage = spec.storage();
    if (!storage.resolved()) {
      check.unresolved();
      return Optional.empty();
    }
    Optional<Primitive> p = primitive(storage.value());
    if (p.isEmpty()) {
      check.error(DiagnosticCode.StorageNotPrimitive, storage.site(),
          "storage = " + storage.value() + ".class is not a primitive type",
          "Use one of " + PRIMITIVES);
    }
    return p;
  }

  private Optional<Primitive> checkLogical(
      ScalarSpec spec, Optional<Primitive> storage, Check check) {
    Attribute<TypeRef> logical = spec.logical();
    if (!logical.resolved()) {
      check.unresolved();
      return Optional.empty();
    }
    if (logical.value().kind() == TypeRef.Kind.VOID) {
      return storage;
    }
    Optional<Primitive> p = primitive(logical.value());
    if (p.isEmpty()) {
      check.error(DiagnosticCode.LogicalNotPrimitive, logical.site(),
          "logical = " + logical.value() + ".class is not a primitive type",
          "Use one of " + PRIMITIVES + ", or leave logical out to use the storage type");
    }
    return p;
  }

  private void checkDtype(ScalarSpec spec, Optional<Primitive> storage, Check check) {
    Attribute<String> dtype = spec.dtype();
    if (!dtype.resolved()) {
      check.unresolved();
      return;
    }
    Matcher m = DTYPE.matcher(dtype.value());
    if (!m.matches()) {
      check.error(DiagnosticCode.BadDtype, dtype.site(),
          "dtype \"" + dtype.value() + "\" is not a NumPy descriptor of the form"
              + " [<>|=][biufc]<item size>",
          "Write byte order, kind and item size in bytes, e.g. \"<f2\", \"<i4\" or \"|b1\"");
      return;
    }
    int size = Integer.parseInt(m.group(3));
    if (storage.isPresent() && size != storage.get().bytes()) {
      Primitive s = storage.get();
      check.error(DiagnosticCode.DtypeSizeMismatch, dtype.site(),
          "dtype \"" + dtype.value() + "\" has item size " + size + " but storage " + s.keyword()
              + " has " + s.bytes() + (s.bytes() == 1 ? " byte" : " bytes"),
          "Use an item size of " + s.bytes() + ", e.g. \"" + m.group(1) + m.group(2) + s.bytes()
              + "\", or a storage type of " + size + (size == 1 ? " byte" : " bytes"));
    }
  }

  private void checkOperations(
      ScalarSpec spec, Optional<Primitive> storage, Optional<Primitive> logical, Check check) {
    boolean typesKnown = storage.isPresent() && logical.isPresent();
    boolean converts = typesKnown && storage.get() != logical.get();
    for (OperationMethod method : spec.operations()) {
      Operation op = Operation.forMethodName(method.name()).orElseThrow();
      if (op.isConversion() && typesKnown && !converts) {
        check.error(DiagnosticCode.ConversionNotNeeded, method.site(),
            method.name() + " is ignored because logical and storage are both "
                + storage.get().keyword(),
            "Remove " + method.name() + ", or set logical to the type it converts to");
        continue;
      }
      checkSignature(method, op, storage, logical, check);
    }
    if (converts) {
      for (Operation op : List.of(Operation.TO_LOGICAL, Operation.TO_STORAGE)) {
        if (declared(spec, op).isEmpty()) {
          check.error(DiagnosticCode.MissingConversion, spec.logical().site(),
              "logical " + logical.get().keyword() + " differs from storage "
                  + storage.get().keyword() + " but " + spec.className() + " has no "
                  + op.methodName(),
              "Add " + op.declaration(storage.get(), logical.get()) + " to " + spec.className());
        }
      }
    }
    Optional<OperationMethod> equal = declared(spec, Operation.EQUAL);
    Optional<OperationMethod> hash = declared(spec, Operation.HASH);
    if (equal.isPresent() != hash.isPresent()) {
      OperationMethod given = equal.orElseGet(hash::orElseThrow);
      String missing = equal.isPresent() ? "hash" : "equal";
      check.error(DiagnosticCode.EqualWithoutHash, given.site(),
          spec.className() + " declares " + given.name() + " without " + missing
              + ", so equals and hashCode of the generated arrays would disagree",
          "Declare both equal and hash, consistent with each other, or neither");
    }
  }

  private static Optional<OperationMethod> declared(ScalarSpec spec, Operation op) {
    return spec.operations().stream().filter(m -> m.name().equals(op.methodName())).findFirst();
  }

  private void checkSignature(
      OperationMethod method,
      Operation op,
      Optional<Primitive> storage,
      Optional<Primitive> logical,
      Check check) {
    List<String> faults = new ArrayList<>();
    if (!method.isStatic()) {
      faults.add("is not static");
    }
    if (method.isPrivate()) {
      faults.add("is private");
    }
    if (method.isGeneric()) {
      faults.add("declares type parameters");
    }
    if (!method.checkedExceptions().isEmpty()) {
      faults.add("throws checked " + String.join(", ", method.checkedExceptions()));
    }
    boolean typesKnown = storage.isPresent() && logical.isPresent();
    if (typesKnown) {
      List<String> expected = op.parameters().stream()
          .map(slot -> slot.typeName(storage.get(), logical.get()))
          .collect(Collectors.toList());
      List<String> actual = method.parameters().stream().map(TypeRef::name)
          .collect(Collectors.toList());
      if (!expected.equals(actual)) {
        faults.add("takes (" + String.join(", ", actual) + ") instead of ("
            + String.join(", ", expected) + ")");
      }
      String returns = op.returns().typeName(storage.get(), logical.get());
      if (!method.returnType().is(returns)) {
        faults.add("returns " + method.returnType() + " instead of " + returns);
      }
    }
    if (faults.isEmpty()) {
      return;
    }
    String shape = typesKnown
        ? op.declaration(storage.get(), logical.get())
        : "static, not private, without type parameters or checked exceptions";
    check.error(DiagnosticCode.BadOperationSignature, method.site(),
        "operation method " + method.name() + " " + String.join(" and ", faults),
        "Declare it as " + shape);
  }

  private boolean unique(ScalarSpec spec, List<ScalarSpec> sameName) {
    String earlier = generatedNames.get(nameKey(spec));
    List<String> others = new ArrayList<>();
    if (earlier != null) {
      others.add(earlier);
    }
    for (ScalarSpec other : sameName) {
      if (other != spec) {
        others.add(other.qualifiedName());
      }
    }
    if (others.isEmpty()) {
      return true;
    }
    String pkg = spec.packageName().isEmpty() ? "the unnamed package" : "package " + spec.packageName();
    reporter.report(DiagnosticCode.DuplicateName, spec.name().site(),
        "name \"" + spec.name().value() + "\" is also declared by " + String.join(", ", others)
            + " in " + pkg,
        "Give each @NdScalar in a package its own name");
    return false;
  }

  private static Optional<Primitive> primitive(TypeRef ref) {
    return ref.kind() == TypeRef.Kind.PRIMITIVE ? Primitive.forKeyword(ref.name()) : Optional.empty();
  }

  /** Collects one spec's verdict while reporting. */
  private final class Check {
    boolean ok = true;

    void error(DiagnosticCode code, Site site, String problem, String fix) {
      reporter.report(code, site, problem, fix);
      if (code.kind() == javax.tools.Diagnostic.Kind.ERROR) {
        ok = false;
      }
    }

    void unresolved() {
      ok = false;
    }
  }
}
