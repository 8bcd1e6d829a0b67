package org.ndprim.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Everything type-specific about one generated scalar type. Writers ask this record (names,
 * types, and the code for conversion, equality, hash and format) and never look at the primitive
 * kind themselves.
 *
 * @param spec the annotated spec class, e.g. {@code org.ndprim.ShortScalar}
 * @param name the type name prefix, e.g. {@code Short} or {@code Float16}
 * @param dtype the NumPy descriptor as declared, e.g. {@code <i2}
 * @param stored the primitive the storage holds, whatever the storage ({@link Storage})
 * @param logical the primitive the accessors take and return
 * @param userOperations the operations the spec class declares itself (others use defaults)
 * @param slots storage values per scalar: 1, or 2 for a complex type (real, imaginary)
 * @param ufuncMethods the ufuncs the spec class implements itself ({@code @NdScalar.Ufunc}):
 *     NumPy's name of the ufunc to the name of the spec's static method
 */
public record ScalarModel(
    ClassName spec,
    String name,
    String dtype,
    Primitive stored,
    Primitive logical,
    Set<Operation> userOperations,
    int slots,
    java.util.Map<String, String> ufuncMethods) {

  private static final ClassName UNSIGNED = ClassName.get("org.ndprim", "Unsigned");
  private static final ClassName FLOAT_FORMAT = ClassName.get("org.ndprim.text", "FloatFormat");
  private static final ClassName ND_FORMAT = ClassName.get("org.ndprim.text", "NdFormat");

  /** Creates the record with immutable copies of {@code userOperations} and {@code ufuncMethods}. */
  public ScalarModel {
    userOperations = userOperations.isEmpty()
        ? Set.of()
        : Set.copyOf(EnumSet.copyOf(userOperations));
    ufuncMethods = java.util.Collections.unmodifiableMap(
        new java.util.TreeMap<>(ufuncMethods));
  }

  /** A model whose spec declares no ufuncs. */
  public ScalarModel(ClassName spec, String name, String dtype, Primitive stored,
      Primitive logical, Set<Operation> userOperations, int slots) {
    this(spec, name, dtype, stored, logical, userOperations, slots, java.util.Map.of());
  }

  /** A model of one storage value per scalar. */
  public ScalarModel(ClassName spec, String name, String dtype, Primitive stored,
      Primitive logical, Set<Operation> userOperations) {
    this(spec, name, dtype, stored, logical, userOperations, 1);
  }

  /**
   * Returns NumPy's kind letter of the dtype ({@code b i u f c V}), which decides the NumPy
   * semantics that the Java types alone do not: unsigned sums, complex parts, how elements print.
   */
  public char kind() {
    int i = "<>|=".indexOf(dtype.charAt(0)) >= 0 ? 1 : 0;
    return dtype.charAt(i);
  }

  /** Returns whether this is a complex type: two parts per scalar ({@code slots == 2}). */
  public boolean isComplex() {
    return slots == 2;
  }

  /**
   * Returns the built-in array type of a complex type's parts, {@code FloatNdArray} or
   * {@code DoubleNdArray}: what {@code real()} and {@code imag()} return.
   */
  public ClassName partArray() {
    return ClassName.get("org.ndprim", stored.title() + "NdArray");
  }

  /** Returns the typed getter of the parts' type, {@code getFloat} or {@code getDouble}. */
  public String partGetter() {
    return "get" + stored.title();
  }

  /** Returns the typed setter of the parts' type, {@code setFloat} or {@code setDouble}. */
  public String partSetter() {
    return "set" + stored.title();
  }

  /** A built-in-like model: logical equals storage and every operation is a default. */
  public static ScalarModel plain(ClassName spec, String name, String dtype, Primitive type) {
    return new ScalarModel(spec, name, dtype, type, type, Set.of());
  }

  /** Returns the generated interface, {@code <name>NdArray}, in the spec's package. */
  public ClassName arrayInterface() {
    return ClassName.get(spec.packageName(), name + "NdArray");
  }

  /** Returns the generated implementation over {@code storage}, e.g. {@code ShortArrayNdArray}. */
  public ClassName implementation(Storage storage) {
    return storage.implementation(this);
  }

  /** Returns the spec class as source names it, e.g. {@code ShortScalar} or {@code Outer.Inner}. */
  public String specSourceName() {
    return String.join(".", spec.simpleNames());
  }

  /** Returns the accessor suffix: {@code getShort}, {@code setFloat16}. */
  public String getter() {
    return "get" + name;
  }

  /** Returns the name of the typed setter. */
  public String setter() {
    return "set" + name;
  }

  /** Returns the storage primitive type. */
  public TypeName storageType() {
    return stored.type();
  }

  /** Returns the logical primitive type. */
  public TypeName logicalType() {
    return logical.type();
  }

  /** Returns {@code s[]}. */
  public ArrayTypeName storageArray() {
    return ArrayTypeName.of(stored.type());
  }

  /** Returns {@code x[]}. */
  public ArrayTypeName logicalArray() {
    return ArrayTypeName.of(logical.type());
  }

  /** Returns the box of the logical type, what {@code getObject} returns. */
  public ClassName boxedLogical() {
    return logical.box();
  }

  /** Returns the item size in bytes: the size of the storage primitive times the slots. */
  public int itemSize() {
    return stored.bytes() * slots;
  }

  /**
   * Returns whether this is one of ndprim's built-in types (generated into {@code org.ndprim},
   * where the runtime's package-private kernels, such as {@code LaneKernel}, can be called).
   */
  public boolean isBuiltIn() {
    return spec.packageName().equals(BuiltIns.PACKAGE) && BuiltIns.names().contains(name);
  }

  /** Returns whether storage and logical types differ, so values go through conversions. */
  public boolean converts() {
    return stored != logical;
  }

  /** Returns the storage zero literal: the value of every element of a fresh array. */
  public CodeBlock storageZero() {
    return stored.zero();
  }

  /** Returns the code converting a storage expression to its logical value. */
  public CodeBlock toLogical(CodeBlock storageValue) {
    return converts() ? call(Operation.TO_LOGICAL, storageValue) : storageValue;
  }

  /** Returns the code converting a logical expression to its storage value. */
  public CodeBlock toStorage(CodeBlock logicalValue) {
    return converts() ? call(Operation.TO_STORAGE, logicalValue) : logicalValue;
  }

  /**
   * {@return the call of the spec's own implementation of a ufunc on logical values
   * ({@code Gray8Scalar.add(a, b)}), of the logical type or {@code boolean} as
   * {@link Ufuncs#integer} says, or empty when the spec declares none}
   *
   * @param ufunc NumPy's name of the ufunc
   * @param logicalValues one logical expression per input
   */
  public java.util.Optional<CodeBlock> declaredUfunc(String ufunc, CodeBlock... logicalValues) {
    String method = ufuncMethods.get(ufunc);
    if (method == null) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(CodeBlock.of("$T.$N($L)", spec, method,
        CodeBlock.join(List.of(logicalValues), ", ")));
  }

  /** Returns a boolean expression: whether two logical values are equal. */
  public CodeBlock equal(CodeBlock a, CodeBlock b) {
    return userOperations.contains(Operation.EQUAL)
        ? CodeBlock.of("$T.$N($L, $L)", spec, Operation.EQUAL.methodName(), a, b)
        : logical.equal(a, b);
  }

  /** Returns a boolean expression: whether two logical values differ, the negation of {@link #equal}. */
  public CodeBlock notEqual(CodeBlock a, CodeBlock b) {
    return userOperations.contains(Operation.EQUAL)
        ? CodeBlock.of("!$T.$N($L, $L)", spec, Operation.EQUAL.methodName(), a, b)
        : logical.notEqual(a, b);
  }

  /** Returns an int expression: the hash of a logical value, consistent with {@link #equal}. */
  public CodeBlock hash(CodeBlock value) {
    return userOperations.contains(Operation.HASH) ? call(Operation.HASH, value) : logical.hash(value);
  }

  /** Returns a String expression: one logical value as {@code toString} shows it. */
  public CodeBlock format(CodeBlock value) {
    return userOperations.contains(Operation.FORMAT)
        ? call(Operation.FORMAT, value)
        : logical.format(value);
  }

  /**
   * Returns the NumPy floating-point format elements print in ({@code BINARY16},
   * {@code BINARY32}, {@code BINARY64} of the runtime's {@code FloatFormat}), when the type is a
   * NumPy float ({@code f} kind, or complex parts) without a {@code format} of its own; else
   * empty.
   */
  public java.util.Optional<CodeBlock> floatFormat() {
    int bits = isComplex() ? stored.bytes() * 8 : itemSize() * 8;
    boolean numpyFloat = isComplex()
        || kind() == 'f' && logical.isFloatingPoint() && !userOperations.contains(Operation.FORMAT);
    if (!numpyFloat || (bits != 16 && bits != 32 && bits != 64)) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(CodeBlock.of("$T.BINARY$L", FLOAT_FORMAT, bits));
  }

  /**
   * Returns the expression of {@code toString}: NumPy's {@code str()} of the elements, chosen by
   * the dtype's kind as NumPy chooses its element format. NumPy floats ({@link #floatFormat})
   * print through one per-array {@code FloatingFormat}; a dtype NumPy does not know ({@code V},
   * such as ml_dtypes' bfloat16) prints each element's {@link #format} text unpadded, as NumPy
   * prints such dtypes; everything else (booleans, integers, a type with its own {@code format})
   * right-aligns the element texts as NumPy pads them.
   *
   * @param layout the layout expression
   * @param element the logical value of the element at the storage offset named {@code offset}
   */
  public CodeBlock arrayText(CodeBlock layout, CodeBlock element) {
    java.util.Optional<CodeBlock> floats = floatFormat();
    if (floats.isPresent()) {
      return CodeBlock.of("$T.formatFloats($L, offset ->$W$L, $L)", ND_FORMAT, layout, element,
          floats.get());
    }
    String method = kind() == 'V' ? "formatUnaligned" : "format";
    return CodeBlock.of("$T.$N($L, offset ->$W$L)", ND_FORMAT, method, layout, format(element));
  }

  /** Returns Javadoc text naming the element type, e.g. {@code {@code float} values stored as ...}. */
  public String elementsDoc() {
    String values = "{@code " + logical.keyword() + "} values";
    return converts() ? values + " stored as {@code " + stored.keyword() + "}" : values;
  }

  /** Returns Javadoc text saying how elements compare. */
  public String equalityDoc() {
    if (userOperations.contains(Operation.EQUAL)) {
      return "as {@code " + specSourceName() + ".equal}";
    }
    if (isComplex()) {
      return "in both parts as {@link " + stored.box().simpleName() + "#equals}:\nNaN equals NaN"
          + " and {@code -0.0} differs from {@code 0.0}";
    }
    if (logical.isFloatingPoint()) {
      return "as {@link " + logical.box().simpleName() + "#equals}:\nNaN equals NaN and "
          + "{@code -0.0} differs from {@code 0.0}";
    }
    return "with {@code ==}";
  }

  /**
   * Returns the functional interface this type uses for {@code kind}: the JDK's for a logical
   * {@code int}, {@code long} or {@code double} where it has one, else {@code <name><suffix>} in
   * the spec's package (e.g. {@code Float16UnaryOperator} with {@code float applyAsFloat(float)}).
   */
  public FunctionType function(FunctionKind kind) {
    String method = kind.methodName(logical);
    if (kind.inJdk() && logical.hasJdkFunctions()) {
      return new FunctionType(kind,
          ClassName.get("java.util.function", logical.title() + kind.suffix()), method, false);
    }
    return new FunctionType(kind, ClassName.get(spec.packageName(), name + kind.suffix()), method,
        true);
  }

  /** Returns the functional interfaces ndprim generates for this type, in declaration order. */
  public List<FunctionType> generatedFunctions() {
    List<FunctionType> out = new ArrayList<>();
    for (FunctionKind kind : FunctionKind.values()) {
      FunctionType f = function(kind);
      if (f.generated()) {
        out.add(f);
      }
    }
    return out;
  }

  /**
   * Returns whether the type gets the arithmetic reduction {@code sum}: every logical type but
   * {@code boolean}. The extremes ({@code min}, {@code max}, {@code argMin}, {@code argMax}) apply
   * to every type, ordered by {@link #less}.
   */
  public boolean isNumeric() {
    return logical.isNumeric();
  }

  /**
   * Returns a boolean expression: whether logical value {@code a} orders before {@code b}, as
   * NumPy orders the dtype: {@code a < b} for numbers (false when either is NaN; {@code char} is
   * unsigned), {@code !a && b} for {@code boolean} ({@code false < true}).
   */
  public CodeBlock less(CodeBlock a, CodeBlock b) {
    return userOperations.contains(Operation.COMPARE)
        ? CodeBlock.of("$T.$N($L, $L) < 0", spec, Operation.COMPARE.methodName(), a, b)
        : logical.less(a, b);
  }

  /** Returns a boolean expression: whether {@code a} orders after {@code b} (see {@link #less}). */
  public CodeBlock greater(CodeBlock a, CodeBlock b) {
    return userOperations.contains(Operation.COMPARE)
        ? CodeBlock.of("$T.$N($L, $L) > 0", spec, Operation.COMPARE.methodName(), a, b)
        : logical.greater(a, b);
  }

  /**
   * Returns Javadoc text, after "as NumPy's {@code min()}", saying how non-NaN elements order
   * when that is not plain arithmetic: for {@code boolean}, that {@code false} is the smaller.
   */
  public String orderingDoc() {
    if (userOperations.contains(Operation.COMPARE)) {
      return " (ordered by {@code " + specSourceName() + ".compare})";
    }
    return logical == Primitive.BOOLEAN ? " ({@code false} orders before {@code true})" : "";
  }

  /**
   * Returns whether sums are floating point, added in NumPy's pairwise order in the logical
   * type's precision ({@code float} for float32, float16 and bfloat16; {@code double} for
   * float64), else integral and wrapping in a {@code long}.
   */
  public boolean sumsPairwise() {
    return logical.isFloatingPoint();
  }

  /**
   * Returns the type sums accumulate in and return, as NumPy's default accumulators on 64-bit
   * platforms: {@code long} for integral and {@code char} types (the bits of a {@code uint64}
   * for unsigned kinds: it wraps modulo 2^64 either way); for floating point the logical type,
   * as NumPy sums {@code float32} in {@code float32} ({@code float16} in {@code float32}, rounded
   * to {@code float16}: see {@link #roundSum}).
   */
  public TypeName sumType() {
    return sumsPairwise() ? logical.type() : TypeName.LONG;
  }

  /**
   * Returns whether sums are NumPy's {@code uint64} (the dtype's kind is {@code u}): then the
   * {@code long} that {@code sum()} returns holds the bits of the unsigned sum.
   */
  public boolean sumsUnsigned() {
    return kind() == 'u' && !logical.isFloatingPoint();
  }

  /**
   * Returns whether sums are rounded to this very type, as NumPy's sum of a {@code float16} is a
   * {@code float16}: a NumPy float ({@code f} kind) stored in another format than its logical
   * type.
   */
  public boolean sumsInOwnType() {
    return sumsPairwise() && kind() == 'f' && converts();
  }

  /**
   * Returns the code rounding an accumulated sum (of {@link #sumType()}) to this type's values
   * where NumPy keeps sums in the dtype ({@link #sumsInOwnType()}: NumPy's {@code float16}
   * reduction rounds its {@code float32} accumulator to {@code float16} after each inner loop);
   * else the sum itself.
   */
  public CodeBlock roundSum(CodeBlock sum) {
    return sumsInOwnType() ? toLogical(toStorage(sum)) : sum;
  }

  /**
   * Returns the type {@code mean()} returns, as NumPy's {@code np.mean} result dtype: {@code double}
   * (float64) for integral types, else the logical type (a {@code float16} mean is a
   * {@code float16}, held in a {@code float}).
   */
  public TypeName meanType() {
    return sumsPairwise() ? logical.type() : TypeName.DOUBLE;
  }

  /**
   * Returns the accumulator {@code mean()} converts the elements to, as NumPy's {@code _mean}
   * picks {@code dtype}: {@code double} (float64) for integral types, {@code float} (float32) for
   * {@code float16} (a NumPy float of 2 bytes held in a {@code float}); {@code null} where NumPy
   * sums in the array's own dtype, so the mean is {@code sum()} divided by the count.
   */
  public TypeName meanAccumulator() {
    if (!sumsPairwise()) {
      return TypeName.DOUBLE;
    }
    return sumsInOwnType() && logical == Primitive.FLOAT && itemSize() == 2 ? TypeName.FLOAT
        : null;
  }

  /**
   * Returns the code converting a logical value to {@link #meanAccumulator()}: one rounding of
   * the unsigned value for 8-byte unsigned kinds, else Java's widening.
   */
  public CodeBlock accumulatorValue(CodeBlock logicalValue) {
    if (carrier() == Carrier.UNSIGNED_LONG) {
      return CodeBlock.of("$T.toDouble($L)", UNSIGNED, logicalValue);
    }
    return sumsPairwise() ? logicalValue : CodeBlock.of("(double) $L", logicalValue);
  }

  /**
   * Returns whether {@code sum()} of storage in the other byte order than the machine's goes
   * through buffers as NumPy's does: NumPy byte-swaps such data into buffers of 8192 and sums
   * each pairwise, which is not one pairwise sum of the run. For NumPy floats held in their own
   * logical type ({@code float32}, {@code float64}); float16's half loop also rounds per buffer,
   * which is not followed (README lists it).
   */
  public boolean sumsSwappedInBuffers() {
    return sumsPairwise() && !converts() && kind() == 'f';
  }

  /**
   * Returns the built-in array type of per-axis sums, as NumPy's result dtype: {@code UInt64NdArray}
   * for unsigned kinds, {@code LongNdArray} for the other integral ones; for floating point this
   * type itself for a NumPy float stored in another format ({@code Float16NdArray}), else
   * {@code FloatNdArray} or {@code DoubleNdArray} by the logical type.
   */
  public ClassName sumArray() {
    if (sumsUnsigned()) {
      return ClassName.get("org.ndprim", "UInt64NdArray");
    }
    if (sumsInOwnType()) {
      return arrayInterface();
    }
    return ClassName.get("org.ndprim", (sumsPairwise() ? logical.title() : "Long") + "NdArray");
  }

  /** Returns whether logical values can be NaN (floating point). */
  public boolean hasNaN() {
    return logical.isFloatingPoint();
  }

  /** Returns a boolean expression: whether a logical value is NaN; only when {@link #hasNaN()}. */
  public CodeBlock isNaN(CodeBlock value) {
    if (!hasNaN()) {
      throw new IllegalStateException(name + " values cannot be NaN");
    }
    return CodeBlock.of("$T.isNaN($L)", logical.box(), value);
  }

  /**
   * Returns the carrier this type's elements are read into when cast to another type
   * ({@code astype}), as NumPy's casting loops read the dtype: complex parts for complex types,
   * {@code double} for floating point, the bits of a {@code uint64} for 8-byte unsigned kinds, else
   * {@code long} (booleans as 0 and 1).
   */
  public Carrier carrier() {
    if (isComplex()) {
      return Carrier.COMPLEX;
    }
    if (logical.isFloatingPoint()) {
      return Carrier.DOUBLE;
    }
    if (kind() == 'u' && logical == Primitive.LONG) {
      return Carrier.UNSIGNED_LONG;
    }
    return Carrier.LONG;
  }

  /**
   * Returns whether this type, as a cast target, converts a {@code double} holding an integer of
   * at most 32 bits exactly as it converts that integer as a {@code long}: the floating-point and
   * complex types whose casts are Java's own conversions (no {@code fromLong} or
   * {@code fromDouble} of the spec's). Then sources of at most 32 bits may hand doubles over.
   */
  public boolean takesSmallIntegersAsDoubles() {
    return (isComplex() || logical.isFloatingPoint())
        && !userOperations.contains(Operation.FROM_LONG)
        && !userOperations.contains(Operation.FROM_DOUBLE);
  }

  /**
   * Returns whether this type's logical values are integers of at most 32 bits ({@code byte},
   * {@code short}, {@code char}, {@code int}: int8 to int32, uint8, uint16, char), each exact as
   * a {@code double}.
   */
  public boolean isSmallInteger() {
    return !isComplex() && (logical == Primitive.BYTE || logical == Primitive.SHORT
        || logical == Primitive.CHAR || logical == Primitive.INT);
  }

  /**
   * Returns whether this type gets direct casts of a run of its storage array into
   * {@code float32} and {@code float64} (NumPy's contiguous casting loops, in its loops class):
   * one value per element, read into a {@code long} carrier (booleans, integers, {@code char};
   * the bits of a {@code uint64} for uint32's {@code long} logical value), over a storage
   * primitive of at most 4 bytes (bool, int8 to int32, uint8 to uint32, char, and user types
   * over those). Each converts the element's logical value ({@link #toLogical}) once, as
   * {@link #runCastValue} says, to the general cast's value: so a user type whose stored value
   * is not its logical one gets the general cast's values too.
   */
  public boolean castsRuns() {
    return !isComplex() && !logical.isFloatingPoint() && stored.bytes() <= 4;
  }

  /**
   * Returns the code of a logical value as {@code float} or {@code double} in a run cast
   * ({@link #castsRuns()}), the general cast's conversion of its carrier: of 1 and 0 for
   * {@code boolean}; Java's {@code (float) v} for an integer logical type of at most 32 bits,
   * which rounds it as {@code (float) (long) v} (exact in a {@code long}); for a {@code uint64}
   * carrier ({@code long} logical, kind {@code u}) the unsigned conversion, as
   * {@link #fromCarrier} of a float target; else {@code (float) v} of the {@code long}.
   *
   * @param target {@link Primitive#FLOAT} or {@link Primitive#DOUBLE}
   * @param logicalValue the logical value
   */
  public CodeBlock runCastValue(Primitive target, CodeBlock logicalValue) {
    if (logical == Primitive.BOOLEAN) {
      // through the carrier (v ? 1L : 0L): C2 selects the long by a conditional move, where
      // v ? 1f : 0f was a branch, mispredicted on mixed values (2^22 random booleans into
      // float32: 34 ms against 6, JDK 17)
      return CodeBlock.of("($T) $L", target.type(), toCarrier(logicalValue));
    }
    if (carrier() == Carrier.UNSIGNED_LONG) {
      return CodeBlock.of("$T.$N($L)", UNSIGNED,
          target == Primitive.FLOAT ? "toFloat" : "toDouble", logicalValue);
    }
    return CodeBlock.of("($T) $L", target.type(), logicalValue);
  }

  /** Returns the code widening a logical value to {@link #carrier()} (not for complex types). */
  public CodeBlock toCarrier(CodeBlock logicalValue) {
    return logical.widen(logicalValue);
  }

  /**
   * Returns the code of the logical value NumPy's {@code astype} makes of a carrier value: the
   * spec's {@code fromLong} or {@code fromDouble} where it declares them, else Java's conversion
   * (see {@link Primitive#narrow}); an unsigned source converts to floating point with one
   * rounding of its unsigned value; a complex source gives its real part, and "either part
   * nonzero" for {@code boolean}.
   *
   * @param carrier the source's carrier
   * @param value the carrier value; for {@link Carrier#COMPLEX} the real part
   * @param imag the imaginary part for {@link Carrier#COMPLEX}, else ignored (may be null)
   */
  public CodeBlock fromCarrier(Carrier carrier, CodeBlock value, CodeBlock imag) {
    switch (carrier) {
      case LONG:
        return userOperations.contains(Operation.FROM_LONG)
            ? call(Operation.FROM_LONG, value) : logical.narrow(Primitive.LONG, value);
      case UNSIGNED_LONG:
        if (!logical.isFloatingPoint()) {
          return fromCarrier(Carrier.LONG, value, null);
        }
        if (userOperations.contains(Operation.FROM_DOUBLE)) {
          return call(Operation.FROM_DOUBLE, CodeBlock.of("$T.toDouble($L)", UNSIGNED, value));
        }
        return CodeBlock.of("$T.$N($L)", UNSIGNED,
            logical == Primitive.FLOAT ? "toFloat" : "toDouble", value);
      case DOUBLE:
        return userOperations.contains(Operation.FROM_DOUBLE)
            ? call(Operation.FROM_DOUBLE, value) : logical.narrow(Primitive.DOUBLE, value);
      default:
        if (logical == Primitive.BOOLEAN) {
          return CodeBlock.of("$L != 0.0 || $L != 0.0", value, imag);
        }
        return fromCarrier(Carrier.DOUBLE, value, null);
    }
  }

  /**
   * Returns the code of one part of a complex target from a carrier value: {@code (float) v} for
   * {@code complex64}, one rounding (of the unsigned value for {@code uint64} sources).
   */
  public CodeBlock partFromCarrier(Carrier carrier, CodeBlock value) {
    if (carrier == Carrier.UNSIGNED_LONG) {
      return CodeBlock.of("$T.$N($L)", UNSIGNED,
          stored == Primitive.FLOAT ? "toFloat" : "toDouble", value);
    }
    return stored.narrow(carrier == Carrier.LONG ? Primitive.LONG : Primitive.DOUBLE, value);
  }

  private CodeBlock call(Operation op, CodeBlock argument) {
    return CodeBlock.of("$T.$N($L)", spec, op.methodName(), argument);
  }
}
