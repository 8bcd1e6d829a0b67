package org.ndprim.processor.write;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.BuiltIns;
import org.ndprim.processor.model.Primitive;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Ufuncs;

/**
 * Writes {@code <Name>Loops}, the ufunc kernels of one scalar type that computes in its own
 * storage: one static method per (ufunc, type) over Java arrays, NumPy's inner loops. The model
 * supplies the element expressions (its logical conversions); this writer supplies the loop
 * shapes: a contiguous loop the JIT vectorises, NumPy's scalar-operand loops for cheap binary
 * operations, and a strided loop. Storage never reaches a kernel: the runtime's ufunc driver
 * hands it Java arrays, its own or buffered blocks. Pure: no javac state.
 *
 * <p>A type computes natively when its kind is bool, integer or complex, or floating with
 * storage equal to logical type; float16, bfloat16 and other converting types compute through
 * the type of their logical primitive, which the driver casts blocks to.
 */
public final class LoopsWriter {
  private static final ClassName BLOCK = ClassName.get("org.ndprim.ufunc", "Block");
  private static final ClassName KERNEL = ClassName.get("org.ndprim.ufunc", "Kernel");
  private static final ClassName LOOPS = ClassName.get("org.ndprim.ufunc", "Loops");
  private static final String INT_MATH = "org.ndprim.ufunc.IntMath";
  private static final String FLOAT_MATH = "org.ndprim.ufunc.FloatMath";

  private LoopsWriter() {}

  /** {@return whether the type gets native loops (see the class comment)} */
  public static boolean hasLoops(ScalarModel model) {
    char kind = model.kind();
    if (model.isComplex()) {
      return kind == 'c' && model.stored().isFloatingPoint();
    }
    return switch (kind) {
      case 'b' -> model.stored() == Primitive.BOOLEAN;
      case 'i', 'u' -> !model.stored().isFloatingPoint() && model.stored() != Primitive.BOOLEAN
          && !model.logical().isFloatingPoint();
      case 'f' -> !model.converts() && model.stored().isFloatingPoint();
      default -> false;
    };
  }

  /**
   * {@return the supertype of the generated array interface: the hand-written interface of
   * NumPy's ufuncs for the type's kind ({@code FloatingOps<DoubleNdArray>}), or {@code NdArray}
   * for a type NumPy computes nothing with (a {@code char}, a kind-{@code 'V'} type over an
   * integer)}
   */
  public static TypeName opsInterface(ScalarModel model) {
    String ops = null;
    char kind = model.kind();
    if (model.isComplex()) {
      ops = kind == 'c' ? "ComplexOps" : null;
    } else if (kind == 'b' && model.stored() == Primitive.BOOLEAN) {
      ops = "LogicalOps";
    } else if ((kind == 'i' || kind == 'u') && hasLoops(model)
        && model.stored() != Primitive.CHAR) {
      ops = "IntegerOps";
    } else if (kind == 'f' || (kind == 'V' && model.logical().isFloatingPoint())) {
      ops = "FloatingOps";
    }
    return ops == null ? ClassName.get("org.ndprim", "NdArray")
        : ParameterizedTypeName.get(ClassName.get("org.ndprim", ops), model.arrayInterface());
  }

  /** {@return the class name of the type's loops} */
  public static ClassName loopsClass(ScalarModel model) {
    return ClassName.get(model.spec().packageName(), model.name() + "Loops");
  }

  /**
   * Writes the loops class.
   *
   * @param model a type for which {@link #hasLoops} holds
   * @return the package-private class {@code <Name>Loops implements Loops}
   */
  public static TypeSpec write(ScalarModel model) {
    Map<String, String> kernels = model.isComplex() ? complexKernels(model) : kernels(model);
    TypeSpec.Builder type = TypeSpec.classBuilder(loopsClass(model))
        .addModifiers(Modifier.FINAL)
        .addSuperinterface(LOOPS)
        .addJavadoc("The ufunc kernels of {@code $L} ($L ufuncs), NumPy's inner loops over Java"
            + " arrays.\n", model.dtype(), kernels.size());
    if (!model.ufuncMethods().isEmpty()) {
      type.addJavadoc("\n<p>Declared by {@code $L} itself ({@code @NdScalar.Ufunc}): $L.\n",
          model.specSourceName(), String.join(", ", model.ufuncMethods().entrySet().stream()
              .map(u -> "{@code " + u.getKey() + "} ({@code " + u.getValue() + "})").toList()));
    }
    CodeBlock.Builder lookup = CodeBlock.builder().beginControlFlow("return switch (ufunc)");
    for (Map.Entry<String, String> k : kernels.entrySet()) {
      String method = javaName(k.getKey());
      lookup.addStatement("case $S -> $L::$L", k.getKey(), loopsClass(model).simpleName(), method);
      type.addMethod(MethodSpec.methodBuilder(method)
          .addModifiers(Modifier.STATIC)
          .addParameter(BLOCK, "k")
          .addCode("$L", k.getValue())
          .build());
    }
    lookup.addStatement("default -> null").endControlFlow("");
    type.addMethod(MethodSpec.methodBuilder("kernel")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(String.class, "ufunc")
        .returns(KERNEL)
        .addCode(lookup.build())
        .build());
    if (model.castsRuns()) {
      type.addJavadoc("\n<p>With its direct casts of a run into {@code float32} and {@code float64}.\n");
      type.addMethod(MethodSpec.methodBuilder("castsRuns")
          .addAnnotation(Override.class)
          .addModifiers(Modifier.PUBLIC)
          .returns(TypeName.BOOLEAN)
          .addStatement("return true")
          .build());
      type.addMethod(castRun(model, Primitive.FLOAT));
      type.addMethod(castRun(model, Primitive.DOUBLE));
    }
    return type.build();
  }

  /**
   * {@code castRun(Object from, int at, float[] to, int into, int n)}: one loop converting each
   * element's logical value ({@link ScalarModel#runCastValue}); uint8 into {@code float32} first
   * tries the runtime's {@code LaneKernel} (Vector API lanes on JDK 22+, where C2 leaves the
   * {@code & 0xFF} loop scalar; {@code ON} is a static final the JIT folds, false on JDK 17).
   */
  private static MethodSpec castRun(ScalarModel model, Primitive target) {
    MethodSpec.Builder m = MethodSpec.methodBuilder("castRun")
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(Object.class, "from")
        .addParameter(TypeName.INT, "at")
        .addParameter(com.palantir.javapoet.ArrayTypeName.of(target.type()), "to")
        .addParameter(TypeName.INT, "into")
        .addParameter(TypeName.INT, "n")
        .addStatement("$T s = ($T) from", model.storageArray(), model.storageArray());
    if (target == Primitive.FLOAT && model.isBuiltIn() && model.dtype().equals("|u1")) {
      // int8 is left to C2, which vectorises its loop: the lanes ran it no faster (JDK 25)
      m.beginControlFlow("if (LaneKernel.ON && n >= LaneKernel.MIN)")
          .addStatement("LaneKernel.castUnsignedBytes(s, at, to, into, n)")
          .addStatement("return")
          .endControlFlow();
    }
    return m.beginControlFlow("for (int i = 0; i < n; i++)")
        .addStatement("to[into + i] = $L",
            model.runCastValue(target, model.toLogical(CodeBlock.of("s[at + i]"))))
        .endControlFlow()
        .build();
  }

  private static String javaName(String ufunc) {
    StringBuilder b = new StringBuilder();
    boolean up = false;
    for (char c : ufunc.toCharArray()) {
      if (c == '_') {
        up = true;
      } else {
        b.append(up ? Character.toUpperCase(c) : c);
        up = false;
      }
    }
    return b.toString();
  }

  // ---------------------------------------------------------------- real types

  /** What an element expression of a real type computes to. */
  private enum Out { SAME, BOOL }

  private record Expr(int arity, Out out, String text, boolean cheap) {}

  private static Map<String, String> kernels(ScalarModel m) {
    Map<String, Expr> exprs = expressions(m);
    Map<String, String> kernels = new LinkedHashMap<>();
    String t = m.stored().type().toString();
    for (Map.Entry<String, Expr> e : exprs.entrySet()) {
      Expr x = e.getValue();
      String o = x.out == Out.BOOL ? "boolean" : t;
      kernels.put(e.getKey(), x.arity == 1
          ? unary(t, o, x.text, x.cheap)
          : binary(t, o, x.text, x.cheap, laneKernel(m, e.getKey(), x.text)));
    }
    kernels.put("where", where(t, 1));
    return kernels;
  }

  /** The element expressions over storage values {@code x} and {@code y}. */
  private static Map<String, Expr> expressions(ScalarModel m) {
    Map<String, Expr> e = new LinkedHashMap<>();
    char kind = m.kind();
    Primitive p = m.stored();
    String t = p.type().toString();
    if (kind == 'b') {
      bin(e, "add", "x | y");
      bin(e, "multiply", "x & y");
      for (String c : List.of("equal", "not_equal", "less", "less_equal", "greater",
          "greater_equal")) {
        e.put(c, new Expr(2, Out.BOOL, boolCompare(c), true));
      }
      bin(e, "maximum", "x | y");
      bin(e, "minimum", "x & y");
      bin(e, "fmax", "x | y");
      bin(e, "fmin", "x & y");
      bin(e, "logical_and", "x & y");
      bin(e, "logical_or", "x | y");
      bin(e, "logical_xor", "x ^ y");
      un(e, "logical_not", "!x");
      bin(e, "bitwise_and", "x & y");
      bin(e, "bitwise_or", "x | y");
      bin(e, "bitwise_xor", "x ^ y");
      un(e, "invert", "!x");
      un(e, "absolute", "x");
      for (String f : List.of("floor", "ceil", "trunc")) {
        un(e, f, "x");
      }
      e.put("isnan", new Expr(1, Out.BOOL, "false", true));
      e.put("isinf", new Expr(1, Out.BOOL, "false", true));
      e.put("isfinite", new Expr(1, Out.BOOL, "true", true));
      return e;
    }
    if (kind == 'f') {
      String box = p == Primitive.DOUBLE ? "Double" : "Float";
      String cast = p == Primitive.DOUBLE ? "" : "(float) ";
      bin(e, "add", "x + y");
      bin(e, "subtract", "x - y");
      bin(e, "multiply", "x * y");
      bin(e, "true_divide", "x / y");
      bin(e, "floor_divide", FLOAT_MATH + ".floorDivide(x, y)");
      bin(e, "remainder", FLOAT_MATH + ".remainder(x, y)");
      e.put("power", new Expr(2, Out.SAME, FLOAT_MATH + ".power(x, y)", false));
      un(e, "negative", "-x");
      un(e, "positive", "x");
      un(e, "absolute", "Math.abs(x)");
      un(e, "sign", FLOAT_MATH + ".sign(x)");
      un(e, "square", "x * x");
      un(e, "reciprocal", "1 / x");
      un(e, "conjugate", "x");
      compare(e, "x", "y");
      logical(e);
      e.put("isnan", new Expr(1, Out.BOOL, "x != x", true));
      e.put("isinf", new Expr(1, Out.BOOL, box + ".isInfinite(x)", true));
      e.put("isfinite", new Expr(1, Out.BOOL, box + ".isFinite(x)", true));
      for (String f : List.of("maximum", "minimum", "fmax", "fmin")) {
        bin(e, f, FLOAT_MATH + "." + javaName(f) + "(x, y)");
      }
      e.put("sqrt", new Expr(1, Out.SAME, cast + "Math.sqrt(x)", true));
      for (String[] f : new String[][] {{"cbrt", "cbrt"}, {"exp", "exp"}, {"expm1", "expm1"},
          {"log", "log"}, {"log10", "log10"}, {"log1p", "log1p"}, {"sin", "sin"}, {"cos", "cos"},
          {"tan", "tan"}, {"arcsin", "asin"}, {"arccos", "acos"}, {"arctan", "atan"},
          {"sinh", "sinh"}, {"cosh", "cosh"}, {"tanh", "tanh"}}) {
        e.put(f[0], new Expr(1, Out.SAME, cast + "StrictMath." + f[1] + "(x)", false));
      }
      e.put("exp2", new Expr(1, Out.SAME, FLOAT_MATH + ".exp2(x)", false));
      e.put("log2", new Expr(1, Out.SAME, FLOAT_MATH + ".log2(x)", false));
      e.put("arctan2", new Expr(2, Out.SAME, cast + "StrictMath.atan2(x, y)", false));
      e.put("hypot", new Expr(2, Out.SAME, cast + "StrictMath.hypot(x, y)", false));
      e.put("floor", new Expr(1, Out.SAME, cast + "Math.floor(x)", true));
      e.put("ceil", new Expr(1, Out.SAME, cast + "Math.ceil(x)", true));
      e.put("rint", new Expr(1, Out.SAME, cast + "Math.rint(x)", true));
      e.put("trunc", new Expr(1, Out.SAME, FLOAT_MATH + ".trunc(x)", true));
      return e;
    }
    // integers: x and y are storage values; xl and yl their exact logical values, of type lt
    boolean u64 = kind == 'u' && p == Primitive.LONG;
    String xl = m.toLogical(CodeBlock.of("x")).toString();
    String yl = m.toLogical(CodeBlock.of("y")).toString();
    String lt = m.logical().type().toString();
    boolean narrowStorage = p == Primitive.BYTE || p == Primitive.SHORT || p == Primitive.CHAR;
    // what arithmetic on logical values gives: int for types up to int, else long
    String arith = lt.equals("long") ? "long" : "int";
    String longNarrow = p == Primitive.LONG ? "" : "(" + t + ") ";
    int bits = 8 * p.bytes();
    // the storage of an integer type is the low bits of its logical value (two's complement), so
    // narrowing stores an exact result wrapped as NumPy's C types wrap (the spec's toStorage
    // would refuse a value out of range)
    // A user-declared integer type stores results through its spec (Gray8 saturates); the
    // built-ins' specs refuse values out of range, where NumPy's C types wrap.
    boolean ownStore = m.converts() && !BuiltIns.specOf(m.name())
        .map(q -> q.equals(m.spec().canonicalName())).orElse(false);
    java.util.function.BiFunction<String, String, String> storeFrom = (v, type) -> ownStore
        ? m.toStorage(CodeBlock.of("$L", narrowTo(lt, type, v))).toString()
        : narrowTo(t, type, v);
    java.util.function.Function<String, String> store = v -> storeFrom.apply(v, arith);
    java.util.function.Function<String, String> toBig = v -> lt.equals(arith) ? v
        : "(" + arith + ") " + v;
    bin(e, "add", store.apply(xl + " + " + yl));
    bin(e, "subtract", store.apply(xl + " - " + yl));
    bin(e, "multiply", store.apply(xl + " * " + yl));
    if (u64) {
      bin(e, "floor_divide", INT_MATH + ".divideUnsigned(x, y)");
      bin(e, "remainder", INT_MATH + ".remainderUnsigned(x, y)");
      e.put("power", new Expr(2, Out.SAME, INT_MATH + ".powerUnsigned(x, y)", false));
    } else {
      bin(e, "floor_divide", store.apply(INT_MATH + ".floorDivide(" + toBig.apply(xl) + ", "
          + toBig.apply(yl) + ")"));
      bin(e, "remainder", store.apply(INT_MATH + ".remainder(" + toBig.apply(xl) + ", "
          + toBig.apply(yl) + ")"));
      e.put("power", new Expr(2, Out.SAME,
          storeFrom.apply(INT_MATH + ".power(" + xl + ", " + yl + ")", "long"), false));
    }
    boolean signed = kind == 'i';
    un(e, "negative", store.apply("-" + xl));
    un(e, "positive", "x");
    un(e, "absolute", signed ? store.apply("Math.abs(" + xl + ")") : "x");
    un(e, "sign", signed ? store.apply((arith.equals("long") ? "Long" : "Integer") + ".signum("
        + xl + ")") : storeFrom.apply(xl + " != 0 ? 1 : 0", "int"));
    un(e, "square", store.apply(xl + " * " + xl));
    un(e, "reciprocal", storeFrom.apply(INT_MATH + ".reciprocal(" + xl + ", " + bits + ", "
        + signed + ")", "long"));
    un(e, "conjugate", "x");
    if (u64) {
      for (String[] c : new String[][] {{"equal", "x == y"}, {"not_equal", "x != y"},
          {"less", "Long.compareUnsigned(x, y) < 0"},
          {"less_equal", "Long.compareUnsigned(x, y) <= 0"},
          {"greater", "Long.compareUnsigned(x, y) > 0"},
          {"greater_equal", "Long.compareUnsigned(x, y) >= 0"}}) {
        e.put(c[0], new Expr(2, Out.BOOL, c[1], true));
      }
      bin(e, "maximum", "Long.compareUnsigned(x, y) >= 0 ? x : y");
      bin(e, "minimum", "Long.compareUnsigned(x, y) <= 0 ? x : y");
    } else {
      compare(e, xl, yl);
      bin(e, "maximum", xl + " >= " + yl + " ? x : y");
      bin(e, "minimum", xl + " <= " + yl + " ? x : y");
    }
    e.put("fmax", e.get("maximum"));
    e.put("fmin", e.get("minimum"));
    logical(e);
    e.put("isnan", new Expr(1, Out.BOOL, "false", true));
    e.put("isinf", new Expr(1, Out.BOOL, "false", true));
    e.put("isfinite", new Expr(1, Out.BOOL, "true", true));
    String bitNarrow = narrowStorage ? "(" + t + ") " : "";
    bin(e, "bitwise_and", bitNarrow + "(x & y)");
    bin(e, "bitwise_or", bitNarrow + "(x | y)");
    bin(e, "bitwise_xor", bitNarrow + "(x ^ y)");
    un(e, "invert", bitNarrow + "(~x)");
    // shifts take the logical values widened to long (a uint64 count as its bits)
    String wide = lt.equals("long") ? xl : "(long) " + xl;
    String count = lt.equals("long") ? yl : "(long) " + yl;
    e.put("left_shift", new Expr(2, Out.SAME, longNarrow + INT_MATH + ".shiftLeft(" + wide
        + ", " + count + ", " + bits + ")", true));
    e.put("right_shift", new Expr(2, Out.SAME, longNarrow + INT_MATH + ".shiftRight(" + wide
        + ", " + count + ", " + bits + ", " + signed + ")", true));
    for (String f : List.of("floor", "ceil", "trunc")) {
      un(e, f, "x");
    }
    // the spec's own ufuncs (@NdScalar.Ufunc) replace the computation in the logical type: one
    // call per element on the logical values, a logical result stored through the spec
    for (String f : Ufuncs.integerNames()) {
      Ufuncs.Signature sig = Ufuncs.integer(f).orElseThrow();
      CodeBlock[] args = sig.arity() == 1 ? new CodeBlock[] {CodeBlock.of("$L", xl)}
          : new CodeBlock[] {CodeBlock.of("$L", xl), CodeBlock.of("$L", yl)};
      boolean cheap = e.get(f).cheap();
      m.declaredUfunc(f, args).ifPresent(call -> e.put(f, new Expr(sig.arity(),
          sig.predicate() ? Out.BOOL : Out.SAME,
          sig.predicate() ? call.toString() : storeFrom.apply(call.toString(), lt), cheap)));
    }
    return e;
  }

  private static final List<String> WIDTHS = List.of("byte", "short", "char", "int", "long");

  /** {@code v}, of Java type {@code type}, cast to {@code target} where that narrows it. */
  private static String narrowTo(String target, String type, String v) {
    boolean widens = target.equals(type) || (WIDTHS.indexOf(target) > WIDTHS.indexOf(type)
        && !target.equals("char") && !type.equals("char"))
        || (target.equals("int") || target.equals("long")) && type.equals("char");
    return widens ? v : "(" + target + ") (" + v + ")";
  }

  private static void bin(Map<String, Expr> e, String name, String text) {
    e.put(name, new Expr(2, Out.SAME, text, true));
  }

  private static void un(Map<String, Expr> e, String name, String text) {
    e.put(name, new Expr(1, Out.SAME, text, true));
  }

  /** NumPy's logical ufuncs of a number: true where it is not zero (NaN is true). */
  private static void logical(Map<String, Expr> e) {
    e.put("logical_and", new Expr(2, Out.BOOL, "x != 0 && y != 0", true));
    e.put("logical_or", new Expr(2, Out.BOOL, "x != 0 || y != 0", true));
    e.put("logical_xor", new Expr(2, Out.BOOL, "(x != 0) != (y != 0)", true));
    e.put("logical_not", new Expr(1, Out.BOOL, "x == 0", true));
  }

  private static void compare(Map<String, Expr> e, String x, String y) {
    e.put("equal", new Expr(2, Out.BOOL, x + " == " + y, true));
    e.put("not_equal", new Expr(2, Out.BOOL, x + " != " + y, true));
    e.put("less", new Expr(2, Out.BOOL, x + " < " + y, true));
    e.put("less_equal", new Expr(2, Out.BOOL, x + " <= " + y, true));
    e.put("greater", new Expr(2, Out.BOOL, x + " > " + y, true));
    e.put("greater_equal", new Expr(2, Out.BOOL, x + " >= " + y, true));
  }

  private static String boolCompare(String c) {
    return switch (c) {
      case "equal" -> "x == y";
      case "not_equal" -> "x != y";
      case "less" -> "!x & y";
      case "less_equal" -> "!x | y";
      case "greater" -> "x & !y";
      default -> "x | !y";
    };
  }

  private static final Map<String, String> LANE_OPS = Map.ofEntries(
      Map.entry("add", "+"), Map.entry("subtract", "-"), Map.entry("multiply", "*"),
      Map.entry("true_divide", "/"), Map.entry("equal", "=="), Map.entry("not_equal", "!="),
      Map.entry("less", "<"), Map.entry("less_equal", "<="), Map.entry("greater", ">"),
      Map.entry("greater_equal", ">="));

  /**
   * {@return the method of the runtime's {@code org.ndprim.LaneKernel} that computes this ufunc
   * of this type on a contiguous row ({@code float64}, {@code float32}, {@code int32},
   * {@code int64}: {@code + - * /} and the comparisons, in Vector API lanes on JDK 22+ with
   * {@code jdk.incubator.vector}), or null}
   */
  private static String laneKernel(ScalarModel m, String ufunc, String expr) {
    Primitive p = m.stored();
    boolean type = m.kind() == 'f' && !m.converts() && (p == Primitive.DOUBLE
        || p == Primitive.FLOAT) || m.kind() == 'i' && (p == Primitive.INT || p == Primitive.LONG);
    String op = LANE_OPS.get(ufunc);
    if (!type || op == null || !expr.equals("x " + op + " y") || !m.isBuiltIn()
        || ufunc.equals("true_divide") && m.kind() != 'f') {
      return null;
    }
    return ufunc.equals("true_divide") ? "divide" : javaName(ufunc);
  }

  /**
   * A binary kernel: NumPy's contiguous and scalar-operand fast loops, then the strided one;
   * with {@code lane}, a row the runtime's {@code LaneKernel} handles goes there first.
   */
  private static String binary(String t, String o, String expr, boolean cheap, String lane) {
    StringBuilder b = new StringBuilder();
    b.append(t).append("[] a = (").append(t).append("[]) k.a;\n")
        .append(t).append("[] b = (").append(t).append("[]) k.b;\n")
        .append(o).append("[] o = (").append(o).append("[]) k.o;\n")
        .append("int n = k.count, as = k.as, bs = k.bs, os = k.os;\n")
        .append("for (int r = k.rows, ai = k.ai, bi = k.bi, oi = k.oi; r > 0;"
            + " r--, ai += k.ar, bi += k.br, oi += k.or) {\n");
    if (lane != null) {
      // LaneKernel.ON is a static final the JIT folds: false on JDK 17, and on JDK 22+ without
      // jdk.incubator.vector, where this test costs nothing
      b.append("  if (LaneKernel.ON && n >= LaneKernel.MIN && os == 1\n")
          .append("      && LaneKernel.").append(lane).append("(a, ai, as, b, bi, bs, o, oi, n)) {\n")
          .append("    continue;\n  }\n");
    }
    // C2 (JDK 17) vectorises these loops only where every array is indexed by the same i
    // (fresh arrays, a += b in place, the driver's gathered tiles, all from index 0); the other
    // contiguous forms index the output by i and each input by its distance from it, which ran
    // a += row in place at 0.41 against 0.51 ns per element for three offsets (thread CPU time,
    // L1-resident, 2-core EPYC), both scalar
    b.append("  if (as == 1 && bs == 1 && os == 1 && ai == oi && bi == oi) {\n")
        .append("    for (int i = oi, e = oi + n; i < e; i++) {\n")
        .append("      ").append(t).append(" x = a[i], y = b[i];\n")
        .append("      o[i] = ").append(expr).append(";\n    }\n")
        .append("  } else if (as == 1 && bs == 1 && os == 1 && ai == oi) {\n")
        .append("    for (int i = oi, e = oi + n, d = bi - oi; i < e; i++) {\n")
        .append("      ").append(t).append(" x = a[i], y = b[i + d];\n")
        .append("      o[i] = ").append(expr).append(";\n    }\n")
        .append("  } else if (as == 1 && bs == 1 && os == 1 && bi == oi) {\n")
        .append("    for (int i = oi, e = oi + n, d = ai - oi; i < e; i++) {\n")
        .append("      ").append(t).append(" x = a[i + d], y = b[i];\n")
        .append("      o[i] = ").append(expr).append(";\n    }\n")
        .append("  } else if (as == 1 && bs == 1 && os == 1 && ai == bi) {\n")
        .append("    for (int i = oi, e = oi + n, d = ai - oi; i < e; i++) {\n")
        .append("      ").append(t).append(" x = a[i + d], y = b[i + d];\n")
        .append("      o[i] = ").append(expr).append(";\n    }\n")
        .append("  } else if (as == 1 && bs == 1 && os == 1) {\n")
        .append("    for (int i = 0; i < n; i++) {\n")
        .append("      ").append(t).append(" x = a[ai + i], y = b[bi + i];\n")
        .append("      o[oi + i] = ").append(expr).append(";\n    }\n");
    if (cheap) {
      b.append("  } else if (as == 1 && bs == 0 && os == 1) {\n")
          .append("    ").append(t).append(" y = b[bi];\n")
          .append("    for (int i = oi, e = oi + n, d = ai - oi; i < e; i++) {\n")
          .append("      ").append(t).append(" x = a[i + d];\n")
          .append("      o[i] = ").append(expr).append(";\n    }\n")
          .append("  } else if (as == 0 && bs == 1 && os == 1) {\n")
          .append("    ").append(t).append(" x = a[ai];\n")
          .append("    for (int i = oi, e = oi + n, d = bi - oi; i < e; i++) {\n")
          .append("      ").append(t).append(" y = b[i + d];\n")
          .append("      o[i] = ").append(expr).append(";\n    }\n");
    }
    b.append("  } else {\n")
        .append("    for (int i = 0; i < n; i++) {\n")
        .append("      ").append(t).append(" x = a[ai + i * as], y = b[bi + i * bs];\n")
        .append("      o[oi + i * os] = ").append(expr).append(";\n    }\n  }\n}\n");
    return b.toString();
  }

  /** A unary kernel: a contiguous loop and a strided one. */
  private static String unary(String t, String o, String expr, boolean cheap) {
    return t + "[] a = (" + t + "[]) k.a;\n"
        + o + "[] o = (" + o + "[]) k.o;\n"
        + "int n = k.count, as = k.as, os = k.os;\n"
        + "for (int r = k.rows, ai = k.ai, oi = k.oi; r > 0; r--, ai += k.ar, oi += k.or) {\n"
        + "  if (as == 1 && os == 1 && ai == oi) {\n"
        + "    for (int i = oi, e = oi + n; i < e; i++) {\n"
        + "      " + t + " x = a[i];\n"
        + "      o[i] = " + expr + ";\n    }\n"
        + "  } else if (as == 1 && os == 1) {\n"
        + "    for (int i = oi, e = oi + n, d = ai - oi; i < e; i++) {\n"
        + "      " + t + " x = a[i + d];\n"
        + "      o[i] = " + expr + ";\n    }\n"
        + "  } else {\n"
        + "    for (int i = 0; i < n; i++) {\n"
        + "      " + t + " x = a[ai + i * as];\n"
        + "      o[oi + i * os] = " + expr + ";\n    }\n  }\n}\n";
  }

  /** {@code where(a, b, c)}: the condition {@code a}, values {@code b} and {@code c}. */
  private static String where(String t, int slots) {
    String copy = slots == 1
        ? "      o[oi + i * os] = a[ai + i * as] ? b[bi + i * bs] : c[ci + i * cs];\n"
        : "      if (a[ai + i * as]) {\n"
            + "        o[oi + i * os] = b[bi + i * bs];\n"
            + "        o[oi + i * os + 1] = b[bi + i * bs + 1];\n"
            + "      } else {\n"
            + "        o[oi + i * os] = c[ci + i * cs];\n"
            + "        o[oi + i * os + 1] = c[ci + i * cs + 1];\n"
            + "      }\n";
    return "boolean[] a = (boolean[]) k.a;\n"
        + t + "[] b = (" + t + "[]) k.b;\n"
        + t + "[] c = (" + t + "[]) k.c;\n"
        + t + "[] o = (" + t + "[]) k.o;\n"
        + "int n = k.count, as = k.as, bs = k.bs, cs = k.cs, os = k.os;\n"
        + "for (int r = k.rows, ai = k.ai, bi = k.bi, ci = k.ci, oi = k.oi; r > 0;"
        + " r--, ai += k.ar, bi += k.br, ci += k.cr, oi += k.or) {\n"
        + "    for (int i = 0; i < n; i++) {\n"
        + copy
        + "    }\n}\n";
  }

  // ---------------------------------------------------------------- complex types

  private static Map<String, String> complexKernels(ScalarModel m) {
    String t = m.stored().type().toString();
    Map<String, String> k = new LinkedHashMap<>();
    String one = m.stored() == Primitive.DOUBLE ? "1.0" : "1.0f";
    k.put("add", complexBinary(t, "double re = xr + yr, im = xi + yi;"));
    k.put("subtract", complexBinary(t, "double re = xr - yr, im = xi - yi;"));
    k.put("multiply", complexBinary(t, "double re = xr * yr - xi * yi, im = xr * yi + xi * yr;"));
    // NumPy's complex division (loops.c.src, @TYPE@_divide): Smith's method, 0/0 as inf/nan
    k.put("true_divide", complexBinary(t, ""
        + "double re, im;\n"
        + t + " ar = Math.abs(yr), ai2 = Math.abs(yi);\n"
        + "if (ar >= ai2) {\n"
        + "  if (ar == 0 && ai2 == 0) {\n"
        + "    re = xr / ar;\n    im = xi / ar;\n"
        + "  } else {\n"
        + "    " + t + " rat = yi / yr;\n"
        + "    " + t + " scl = " + one + " / (yr + yi * rat);\n"
        + "    re = (xr + xi * rat) * scl;\n"
        + "    im = (xi - xr * rat) * scl;\n"
        + "  }\n"
        + "} else {\n"
        + "  " + t + " rat = yr / yi;\n"
        + "  " + t + " scl = " + one + " / (yi + yr * rat);\n"
        + "  re = (xr * rat + xi) * scl;\n"
        + "  im = (xi * rat - xr) * scl;\n"
        + "}"));
    k.put("negative", complexUnary(t, t, "o[oi + i * os] = -xr;\no[oi + i * os + 1] = -xi;"));
    k.put("positive", complexUnary(t, t, "o[oi + i * os] = xr;\no[oi + i * os + 1] = xi;"));
    k.put("conjugate", complexUnary(t, t, "o[oi + i * os] = xr;\no[oi + i * os + 1] = -xi;"));
    k.put("square", complexUnary(t, t, "o[oi + i * os] = xr * xr - xi * xi;\n"
        + "o[oi + i * os + 1] = xr * xi + xi * xr;"));
    k.put("absolute", complexUnary(t, t, "o[oi + i * os] = "
        + (t.equals("double") ? "" : "(float) ") + "StrictMath.hypot(xr, xi);"));
    k.put("isnan", complexUnary(t, "boolean", "o[oi + i * os] = xr != xr || xi != xi;"));
    k.put("isinf", complexUnary(t, "boolean",
        "o[oi + i * os] = Double.isInfinite(xr) || Double.isInfinite(xi);"));
    k.put("isfinite", complexUnary(t, "boolean",
        "o[oi + i * os] = Double.isFinite(xr) && Double.isFinite(xi);"));
    k.put("equal", complexCompare(t, "xr == yr && xi == yi"));
    k.put("not_equal", complexCompare(t, "xr != yr || xi != yi"));
    // NumPy's lexicographic order of complex numbers (loops.c.src, CLT, CLE, CGT, CGE)
    String parts = "xi == xi && yi == yi";
    k.put("less", complexCompare(t, "xr < yr && " + parts + " || xr == yr && xi < yi"));
    k.put("less_equal", complexCompare(t, "xr < yr && " + parts + " || xr == yr && xi <= yi"));
    k.put("greater", complexCompare(t, "xr > yr && " + parts + " || xr == yr && xi > yi"));
    k.put("greater_equal", complexCompare(t,
        "xr > yr && " + parts + " || xr == yr && xi >= yi"));
    // maximum/minimum: the first if it has a NaN part, else the larger (smaller), the second if
    // equal; fmax/fmin: the first unless the second has no NaN part and is larger (smaller)
    String ge = "(xr > yr && " + parts + " || xr == yr && xi >= yi)";
    String le = "(xr < yr && " + parts + " || xr == yr && xi <= yi)";
    String nanX = "xr != xr || xi != xi";
    String nanY = "yr != yr || yi != yi";
    k.put("maximum", complexBinary(t, "boolean first = " + nanX + " || " + ge + ";\n"
        + "double re = first ? xr : yr, im = first ? xi : yi;"));
    k.put("minimum", complexBinary(t, "boolean first = " + nanX + " || " + le + ";\n"
        + "double re = first ? xr : yr, im = first ? xi : yi;"));
    k.put("fmax", complexBinary(t, "boolean first = " + nanY + " || " + ge + ";\n"
        + "double re = first ? xr : yr, im = first ? xi : yi;"));
    k.put("fmin", complexBinary(t, "boolean first = " + nanY + " || " + le + ";\n"
        + "double re = first ? xr : yr, im = first ? xi : yi;"));
    String nz = "(xr != 0 || xi != 0)";
    String nzY = "(yr != 0 || yi != 0)";
    k.put("logical_and", complexCompare(t, nz + " && " + nzY));
    k.put("logical_or", complexCompare(t, nz + " || " + nzY));
    k.put("logical_xor", complexCompare(t, nz + " != " + nzY));
    k.put("logical_not", complexUnary(t, "boolean", "o[oi + i * os] = xr == 0 && xi == 0;"));
    // NumPy's complex reciprocal (loops.c.src, @TYPE@_reciprocal): Smith's method
    k.put("reciprocal", complexUnary(t, t, ""
        + "if (Math.abs(xi) <= Math.abs(xr)) {\n"
        + "  " + t + " q = xi / xr;\n"
        + "  " + t + " d = xr + xi * q;\n"
        + "  o[oi + i * os] = 1 / d;\n"
        + "  o[oi + i * os + 1] = -q / d;\n"
        + "} else {\n"
        + "  " + t + " q = xr / xi;\n"
        + "  " + t + " d = xr * q + xi;\n"
        + "  o[oi + i * os] = q / d;\n"
        + "  o[oi + i * os + 1] = -1 / d;\n"
        + "}"));
    String cast = t.equals("double") ? "" : "(float) ";
    k.put("rint", complexUnary(t, t, "o[oi + i * os] = " + cast + "Math.rint(xr);\n"
        + "o[oi + i * os + 1] = " + cast + "Math.rint(xi);"));
    k.put("where", where(t, 2));
    return k;
  }

  /** Element {@code i} of operands in slots: real part at the index, imaginary part after it. */
  private static String complexBinary(String t, String compute) {
    String body = t.equals("double") ? compute : compute.replace("double re", t + " re");
    return t + "[] a = (" + t + "[]) k.a;\n"
        + t + "[] b = (" + t + "[]) k.b;\n"
        + t + "[] o = (" + t + "[]) k.o;\n"
        + "int n = k.count, as = k.as, bs = k.bs, os = k.os;\n"
        + "for (int r = k.rows, ai = k.ai, bi = k.bi, oi = k.oi; r > 0;"
        + " r--, ai += k.ar, bi += k.br, oi += k.or) {\n"
        + "  for (int i = 0; i < n; i++) {\n"
        + "    " + t + " xr = a[ai + i * as], xi = a[ai + i * as + 1];\n"
        + "    " + t + " yr = b[bi + i * bs], yi = b[bi + i * bs + 1];\n"
        + indent(body, "    ") + "\n"
        + "    o[oi + i * os] = re;\n"
        + "    o[oi + i * os + 1] = im;\n"
        + "  }\n}\n";
  }

  private static String complexCompare(String t, String expr) {
    return t + "[] a = (" + t + "[]) k.a;\n"
        + t + "[] b = (" + t + "[]) k.b;\n"
        + "boolean[] o = (boolean[]) k.o;\n"
        + "int n = k.count, as = k.as, bs = k.bs, os = k.os;\n"
        + "for (int r = k.rows, ai = k.ai, bi = k.bi, oi = k.oi; r > 0;"
        + " r--, ai += k.ar, bi += k.br, oi += k.or) {\n"
        + "  for (int i = 0; i < n; i++) {\n"
        + "    " + t + " xr = a[ai + i * as], xi = a[ai + i * as + 1];\n"
        + "    " + t + " yr = b[bi + i * bs], yi = b[bi + i * bs + 1];\n"
        + "    o[oi + i * os] = " + expr + ";\n"
        + "  }\n}\n";
  }

  private static String complexUnary(String t, String o, String store) {
    return t + "[] a = (" + t + "[]) k.a;\n"
        + o + "[] o = (" + o + "[]) k.o;\n"
        + "int n = k.count, as = k.as, os = k.os;\n"
        + "for (int r = k.rows, ai = k.ai, oi = k.oi; r > 0; r--, ai += k.ar, oi += k.or) {\n"
        + "  for (int i = 0; i < n; i++) {\n"
        + "    " + t + " xr = a[ai + i * as], xi = a[ai + i * as + 1];\n"
        + indent(store, "    ") + "\n"
        + "  }\n}\n";
  }

  private static String indent(String text, String prefix) {
    List<String> lines = new ArrayList<>();
    for (String line : text.split("\n")) {
      lines.add(prefix + line);
    }
    return String.join("\n", lines);
  }
}
