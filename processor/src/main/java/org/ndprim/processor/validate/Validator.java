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
import org.ndprim.processor.model.BuiltIns;
import org.ndprim.processor.model.FunctionKind;
import org.ndprim.processor.model.Operation;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.model.Ufuncs;
import org.ndprim.processor.read.Attribute;
import org.ndprim.processor.read.OperationMethod;
import org.ndprim.processor.read.ScalarSpec;
import org.ndprim.processor.read.SpecReader;
import org.ndprim.processor.read.Site;
import org.ndprim.processor.read.TypeRef;
import org.ndprim.processor.read.UfuncMethod;

/**
 * Checks specs and reports every problem at the most precise place. A spec with any error is not
 * generated; javac's own errors (unresolved values) make a spec invalid without an ndprim message.
 */
public final class Validator {
  /** NumPy descriptor: byte order, kind, item size in bytes. */
  private static final Pattern DTYPE = Pattern.compile("([<>|=])([biufcV])([1-9][0-9]{0,4})");

  /** The item sizes {@code numpy.dtype} accepts per kind (numpy 2.x); {@code V} takes any. */
  private static final Map<Character, List<Integer>> SIZES = Map.of(
      'b', List.of(1), 'i', List.of(1, 2, 4, 8), 'u', List.of(1, 2, 4, 8),
      'f', List.of(2, 4, 8, 16), 'c', List.of(8, 16, 32));

  /** The kinds' names in messages. */
  private static final Map<Character, String> KINDS = Map.of(
      'b', "boolean", 'i', "signed integer", 'u', "unsigned integer", 'f', "floating point",
      'c', "complex", 'V', "void");

  private static final String PRIMITIVES =
      "boolean.class, byte.class, short.class, char.class, int.class, long.class, float.class or"
          + " double.class";

  private final Reporter reporter;
  /** Names generated in earlier rounds: "package.Name" to the qualified spec class. */
  private final Map<String, String> generatedNames = new LinkedHashMap<>();
  /** Types generated in earlier rounds: qualified type name to the qualified spec class. */
  private final Map<String, String> generatedTypes = new LinkedHashMap<>();

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
    Map<String, List<ScalarSpec>> byGeneratedName = new LinkedHashMap<>();
    for (ScalarSpec spec : specs) {
      for (String type : generatedTypes(spec)) {
        byGeneratedName.computeIfAbsent(type, k -> new ArrayList<>()).add(spec);
      }
    }
    List<ScalarSpec> valid = new ArrayList<>();
    for (ScalarSpec spec : specs) {
      boolean ok = validate(spec);
      if (spec.name().resolved()) {
        ok &= unique(spec, byName.get(nameKey(spec)));
        ok &= ok && distinctTypes(spec, byGeneratedName);
      }
      if (ok) {
        valid.add(spec);
      }
    }
    for (ScalarSpec spec : valid) {
      generatedNames.put(nameKey(spec), spec.qualifiedName());
      for (String type : generatedTypes(spec)) {
        generatedTypes.put(type, spec.qualifiedName());
      }
    }
    return valid;
  }

  /** The qualified names of the types a spec with a resolved name generates. */
  private static List<String> generatedTypes(ScalarSpec spec) {
    List<String> out = new ArrayList<>();
    if (!spec.name().resolved()) {
      return out;
    }
    String prefix = spec.packageName().isEmpty() ? "" : spec.packageName() + ".";
    for (String suffix : generatedSuffixes(slotsOf(spec))) {
      out.add(prefix + spec.name().value() + suffix);
    }
    return out;
  }

  private static int slotsOf(ScalarSpec spec) {
    return spec.slots().resolved() ? spec.slots().value() : 1;
  }

  /**
   * Checks that no other spec (of this round or an earlier one) generates a type of the same
   * name as one of this spec's: {@code Foo}'s {@code FooArrayNdArray} and {@code FooArray}'s
   * interface. Specs of the same name are {@link #unique}'s to report.
   */
  private boolean distinctTypes(ScalarSpec spec, Map<String, List<ScalarSpec>> byGeneratedName) {
    for (String type : generatedTypes(spec)) {
      List<String> others = new ArrayList<>();
      String earlier = generatedTypes.get(type);
      if (earlier != null && !earlier.equals(spec.qualifiedName())) {
        others.add(earlier);
      }
      for (ScalarSpec other : byGeneratedName.getOrDefault(type, List.of())) {
        if (other != spec && !other.name().value().equals(spec.name().value())) {
          others.add(other.qualifiedName() + " (name \"" + other.name().value() + "\")");
        }
      }
      if (!others.isEmpty()) {
        reporter.report(DiagnosticCode.DuplicateName, spec.name().site(),
            "name \"" + spec.name().value() + "\" generates " + type + ", which "
                + String.join(" and ", others) + " also generates",
            "Rename one of the specs so that no generated type names collide");
        return false;
      }
    }
    return true;
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
    Optional<Integer> slots = checkSlots(spec, storage, logical, check);
    checkDtype(spec, storage, slots, check);
    checkOperations(spec, storage, logical, check);
    checkUfuncs(spec, storage, logical, slots, check);
    return check.ok;
  }

  /**
   * Checks the spec's own ufuncs ({@code @NdScalar.Ufunc}): a name of a ufunc ndprim has, that
   * the type computes in its own loops, declared once, by a method of the signature the ufunc
   * needs.
   */
  private void checkUfuncs(ScalarSpec spec, Optional<Primitive> storage,
      Optional<Primitive> logical, Optional<Integer> slots, Check check) {
    Map<String, UfuncMethod> seen = new LinkedHashMap<>();
    Optional<Character> kind = Optional.ofNullable(spec.dtype().value())
        .map(DTYPE::matcher).filter(Matcher::matches).map(m -> m.group(2).charAt(0));
    boolean typesKnown = storage.isPresent() && logical.isPresent() && slots.isPresent()
        && kind.isPresent();
    for (UfuncMethod u : spec.ufuncs()) {
      String method = u.method().name();
      String tag = "@NdScalar.Ufunc(\"" + u.ufunc() + "\") on " + method;
      if (u.ufunc() == null) {
        check.unresolved();
        continue;
      }
      if (!Ufuncs.NAMES.contains(u.ufunc())) {
        String snake = u.ufunc().replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .toLowerCase(java.util.Locale.ROOT);
        String suggestion = u.ufunc().equals("divide") ? "true_divide"
            : Ufuncs.NAMES.contains(snake) ? snake : null;
        check.error(DiagnosticCode.UnknownUfunc, u.ufuncSite(),
            tag + " names no ufunc ndprim has",
            suggestion != null ? "Use NumPy's name \"" + suggestion + "\""
                : "Use NumPy's name of a ufunc, as Ufunc.name() gives it, e.g. \"add\","
                    + " \"floor_divide\" or \"less_equal\"");
        continue;
      }
      if (SpecReader.OPERATION_NAMES.contains(method)) {
        check.error(DiagnosticCode.UfuncNamedLikeOperation, u.ufuncSite(),
            tag + ": " + method + " is the name of a spec operation, which the method would also"
                + " be (" + method + " of every element, beside ufunc " + u.ufunc() + ")",
            "Rename the method, e.g. " + method + "Ufunc; spec operations are found by name");
        continue;
      }
      if (!typesKnown) {
        continue;
      }
      Primitive x = logical.get();
      if (!Ufuncs.declarable(kind.get(), storage.get(), x, slots.get())) {
        String never = x.isFloatingPoint() && Ufuncs.INTEGER_ONLY.contains(u.ufunc())
            ? "; a floating-point logical type has no " + u.ufunc() + " at all" : "";
        check.error(DiagnosticCode.UfuncNotDeclarable, u.ufuncSite(),
            tag + ": " + spec.className() + " cannot declare ufuncs, because a type of logical "
                + x.keyword() + ", storage " + storage.get().keyword() + " and dtype \""
                + spec.dtype().value() + "\" computes its ufuncs in the loops of a built-in"
                + " type, which call no method of the spec" + never,
            "Remove @NdScalar.Ufunc; only a type whose storage and logical types are integers"
                + " and whose dtype is of kind 'i' or 'u' declares ufuncs");
        continue;
      }
      Optional<Ufuncs.Signature> signature = Ufuncs.integer(u.ufunc());
      if (signature.isEmpty()) {
        String why = u.ufunc().equals("where") ? "where selects elements and computes none"
            : "NumPy computes " + u.ufunc() + " of an integer type in a floating-point type";
        check.error(DiagnosticCode.UfuncNotDeclarable, u.ufuncSite(),
            tag + ": " + why + ", so " + spec.className() + " cannot declare it",
            "Remove it, or declare one of the ufuncs of an integer type: "
                + String.join(", ", Ufuncs.integerNames()));
        continue;
      }
      UfuncMethod earlier = seen.putIfAbsent(u.ufunc(), u);
      if (earlier != null) {
        check.error(DiagnosticCode.DuplicateUfunc, u.ufuncSite(),
            tag + " declares ufunc " + u.ufunc() + " again: " + earlier.method().name()
                + " already declares it",
            "Keep one @NdScalar.Ufunc(\"" + u.ufunc() + "\") method");
        continue;
      }
      checkUfuncSignature(u, signature.get(), x, check);
    }
  }

  private void checkUfuncSignature(UfuncMethod u, Ufuncs.Signature signature, Primitive logical,
      Check check) {
    OperationMethod method = u.method();
    List<String> faults = modifierFaults(method);
    String x = logical.keyword();
    List<String> expected = signature.arity() == 1 ? List.of(x) : List.of(x, x);
    List<String> actual = method.parameters().stream().map(TypeRef::name)
        .collect(Collectors.toList());
    if (!expected.equals(actual)) {
      faults.add("takes (" + String.join(", ", actual) + ") instead of ("
          + String.join(", ", expected) + ")");
    }
    String returns = signature.predicate() ? "boolean" : x;
    if (!method.returnType().is(returns)) {
      faults.add("returns " + method.returnType() + " instead of " + returns
          + (signature.predicate() ? " (ufunc " + u.ufunc() + " gives a boolean array)" : ""));
    }
    if (faults.isEmpty()) {
      return;
    }
    String params = signature.arity() == 1 ? x + " x" : x + " x, " + x + " y";
    check.error(DiagnosticCode.BadUfuncSignature, method.site(),
        "@NdScalar.Ufunc(\"" + u.ufunc() + "\") method " + method.name() + " "
            + String.join(" and ", faults),
        "Declare it as static " + returns + " " + method.name() + "(" + params + ")");
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
    } else if (generatedSuffixes(slotsOf(spec)).stream()
        .anyMatch(suffix -> simpleName.equals(n + suffix))) {
      check.error(DiagnosticCode.InvalidName, name.site(),
          "name \"" + n + "\" makes a generated type named like the spec class " + spec.className(),
          "Rename the spec class, e.g. to " + n + "Scalar");
    } else if (spec.packageName().equals(BuiltIns.PACKAGE)) {
      Optional<String> builtIn = BuiltIns.specOf(n);
      if (builtIn.isPresent() && !builtIn.get().equals(spec.qualifiedName())) {
        check.error(DiagnosticCode.BuiltInName, name.site(),
            "name \"" + n + "\" in package " + BuiltIns.PACKAGE + " would replace the built-in "
                + n + "NdArray of " + builtIn.get(),
            "Choose another name, or declare " + spec.className() + " in a package of your own");
      }
    }
  }

  /**
   * The suffixes of every type a spec may generate: {@code NdArray}, ..., {@code IndexedConsumer};
   * a complex type ({@code slots = 2}) generates its interface and one implementation over the
   * arrays of its parts.
   */
  private static List<String> generatedSuffixes(int slots) {
    List<String> suffixes = new ArrayList<>(List.of("NdArray"));
    if (slots == 2) {
      suffixes.add(Storage.PARTS_KIND + "NdArray");
      return suffixes;
    }
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

  private void checkDtype(ScalarSpec spec, Optional<Primitive> storage, Optional<Integer> slots,
      Check check) {
    Attribute<String> dtype = spec.dtype();
    if (!dtype.resolved()) {
      check.unresolved();
      return;
    }
    Matcher m = DTYPE.matcher(dtype.value());
    if (!m.matches()) {
      check.error(DiagnosticCode.BadDtype, dtype.site(),
          "dtype \"" + dtype.value() + "\" is not a NumPy descriptor of the form"
              + " [<>|=][biufcV]<item size>",
          "Write byte order, kind and item size in bytes, e.g. \"<f2\", \"<i4\" or \"|b1\"");
      return;
    }
    char kind = m.group(2).charAt(0);
    int size = Integer.parseInt(m.group(3));
    List<Integer> sizes = SIZES.get(kind);
    if (sizes != null && !sizes.contains(size)) {
      check.error(DiagnosticCode.BadDtype, dtype.site(),
          "dtype \"" + dtype.value() + "\" is not one NumPy accepts: kind '" + kind + "' ("
              + KINDS.get(kind) + ") has item size" + (sizes.size() == 1 ? " " : "s ")
              + join(sizes),
          "Use one of " + join(sizes.stream().map(n -> "\"" + m.group(1) + kind + n + "\"")
              .collect(Collectors.toList())));
      return;
    }
    if (storage.isPresent() && slots.isPresent() && size != storage.get().bytes() * slots.get()) {
      Primitive s = storage.get();
      int expected = s.bytes() * slots.get();
      String parts = slots.get() == 1 ? "" : " times " + slots.get() + " slots";
      check.error(DiagnosticCode.DtypeSizeMismatch, dtype.site(),
          "dtype \"" + dtype.value() + "\" has item size " + size + " but storage " + s.keyword()
              + parts + " has " + expected + (expected == 1 ? " byte" : " bytes"),
          "Use an item size of " + expected + ", e.g. \"" + m.group(1) + kind + expected
              + "\", or a storage type of " + size / slots.get()
              + (size / slots.get() == 1 ? " byte" : " bytes"));
    }
  }

  private static String join(List<?> items) {
    List<String> words = items.stream().map(String::valueOf).collect(Collectors.toList());
    if (words.size() == 1) {
      return words.get(0);
    }
    return String.join(", ", words.subList(0, words.size() - 1)) + " or "
        + words.get(words.size() - 1);
  }

  /**
   * Checks {@code slots}: 1, or 2 for a complex type, whose parts are the storage primitive
   * ({@code float} or {@code double}) and which has no logical type or operations of its own.
   */
  private Optional<Integer> checkSlots(ScalarSpec spec, Optional<Primitive> storage,
      Optional<Primitive> logical, Check check) {
    Attribute<Integer> slots = spec.slots();
    if (!slots.resolved()) {
      check.unresolved();
      return Optional.empty();
    }
    int n = slots.value();
    // Only a dtype NumPy accepts says what kind the type is (checkDtype reports the others).
    Optional<Character> kind = Optional.ofNullable(spec.dtype().value())
        .map(DTYPE::matcher).filter(Matcher::matches)
        .filter(m -> Optional.ofNullable(SIZES.get(m.group(2).charAt(0)))
            .map(sizes -> sizes.contains(Integer.parseInt(m.group(3)))).orElse(true))
        .map(m -> m.group(2).charAt(0));
    boolean before = check.ok;
    check.ok = true;
    Optional<Integer> result = checkSlots(spec, storage, logical, n, kind, check);
    // A slots problem makes the item size meaningless: checkDtype then skips the size check.
    boolean consistent = check.ok;
    check.ok &= before;
    return consistent ? result : Optional.empty();
  }

  private Optional<Integer> checkSlots(ScalarSpec spec, Optional<Primitive> storage,
      Optional<Primitive> logical, int n, Optional<Character> kind, Check check) {
    if (n != 1 && n != 2) {
      check.error(DiagnosticCode.BadSlots, spec.slots().site(),
          "slots = " + n + " is not supported: a scalar is 1 storage value, or 2 for a complex"
              + " type",
          "Leave slots out (1), or use slots = 2 with a complex dtype");
      return Optional.empty();
    }
    if (n == 2 && kind.isPresent() && kind.get() != 'c') {
      check.error(DiagnosticCode.BadSlots, spec.slots().site(),
          "slots = 2 is for complex types, but dtype \"" + spec.dtype().value() + "\" is of kind '"
              + kind.get() + "'",
          "Use a complex dtype (\"<c8\" over float.class, \"<c16\" over double.class), or"
              + " leave slots out");
    } else if (n == 1 && kind.isPresent() && kind.get() == 'c') {
      check.error(DiagnosticCode.BadSlots, spec.slots().site(),
          "dtype \"" + spec.dtype().value() + "\" is complex, which needs slots = 2 (a real and an"
              + " imaginary part)",
          "Add slots = 2");
    } else if (n == 2 && storage.isPresent()
        && storage.get() != Primitive.FLOAT && storage.get() != Primitive.DOUBLE) {
      check.error(DiagnosticCode.BadSlots, spec.slots().site(),
          "a complex type's parts are float or double, not " + storage.get().keyword(),
          "Use storage = float.class (\"<c8\") or double.class (\"<c16\")");
    } else if (n == 2 && storage.isPresent() && logical.isPresent()
        && logical.get() != storage.get()) {
      check.error(DiagnosticCode.BadSlots, spec.logical().site(),
          "a complex type's parts are read as its storage type, so logical ("
              + logical.get().keyword() + ") must be left out",
          "Remove logical");
    } else if (n == 2 && !spec.operations().isEmpty()) {
      OperationMethod first = spec.operations().get(0);
      check.error(DiagnosticCode.BadSlots, first.site(),
          "a complex type takes no operations, but " + spec.className() + " declares "
              + first.name(),
          "Remove " + first.name() + "; complex parts compare, hash and print as NumPy's");
    }
    return Optional.of(n);
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
    List<String> faults = modifierFaults(method);
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

  /**
   * What is wrong with a spec method's modifiers: it must be static, not private, not generic and
   * throw no checked exceptions.
   */
  private static List<String> modifierFaults(OperationMethod method) {
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
    return faults;
  }
}
