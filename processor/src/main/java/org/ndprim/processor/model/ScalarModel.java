package org.ndprim.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.EnumSet;
import java.util.Set;

/**
 * Everything type-specific about one generated scalar type. Writers ask this record (names,
 * types, and the code for conversion, equality, hash and format) and never look at the primitive
 * kind themselves.
 *
 * @param spec the annotated spec class, e.g. {@code org.ndprim.ShortScalar}
 * @param name the type name prefix, e.g. {@code Short} or {@code Float16}
 * @param dtype the NumPy descriptor as declared, e.g. {@code <i2}
 * @param storage the primitive in the backing Java array
 * @param logical the primitive the accessors take and return
 * @param userOperations the operations the spec class declares itself (others use defaults)
 */
public record ScalarModel(
    ClassName spec,
    String name,
    String dtype,
    Primitive storage,
    Primitive logical,
    Set<Operation> userOperations) {

  /** Creates the record with an immutable copy of {@code userOperations}. */
  public ScalarModel {
    userOperations = userOperations.isEmpty()
        ? Set.of()
        : Set.copyOf(EnumSet.copyOf(userOperations));
  }

  /** A built-in-like model: logical equals storage and every operation is a default. */
  public static ScalarModel plain(ClassName spec, String name, String dtype, Primitive type) {
    return new ScalarModel(spec, name, dtype, type, type, Set.of());
  }

  /** Returns the generated interface, {@code <name>NdArray}, in the spec's package. */
  public ClassName arrayInterface() {
    return ClassName.get(spec.packageName(), name + "NdArray");
  }

  /** Returns the generated array-backed class, {@code <name>DenseNdArray}. */
  public ClassName denseClass() {
    return ClassName.get(spec.packageName(), name + "DenseNdArray");
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
    return storage.type();
  }

  /** Returns the logical primitive type. */
  public TypeName logicalType() {
    return logical.type();
  }

  /** Returns {@code s[]}. */
  public ArrayTypeName storageArray() {
    return ArrayTypeName.of(storage.type());
  }

  /** Returns {@code x[]}. */
  public ArrayTypeName logicalArray() {
    return ArrayTypeName.of(logical.type());
  }

  /** Returns the box of the logical type, what {@code getObject} returns. */
  public ClassName boxedLogical() {
    return logical.box();
  }

  /** Returns the item size in bytes: the size of the storage primitive. */
  public int itemSize() {
    return storage.bytes();
  }

  /** Returns whether storage and logical types differ, so values go through conversions. */
  public boolean converts() {
    return storage != logical;
  }

  /** Returns the storage zero literal: the value of every element of a fresh array. */
  public CodeBlock storageZero() {
    return storage.zero();
  }

  /** Returns the code converting a storage expression to its logical value. */
  public CodeBlock toLogical(CodeBlock storageValue) {
    return converts() ? call(Operation.TO_LOGICAL, storageValue) : storageValue;
  }

  /** Returns the code converting a logical expression to its storage value. */
  public CodeBlock toStorage(CodeBlock logicalValue) {
    return converts() ? call(Operation.TO_STORAGE, logicalValue) : logicalValue;
  }

  /** Returns a boolean expression: whether two logical values are equal. */
  public CodeBlock equal(CodeBlock a, CodeBlock b) {
    return userOperations.contains(Operation.EQUAL)
        ? CodeBlock.of("$T.$N($L, $L)", spec, Operation.EQUAL.methodName(), a, b)
        : logical.equal(a, b);
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

  /** Returns Javadoc text naming the element type, e.g. {@code {@code float} values stored as ...}. */
  public String elementsDoc() {
    String values = "{@code " + logical.keyword() + "} values";
    return converts() ? values + " stored as {@code " + storage.keyword() + "}" : values;
  }

  /** Returns Javadoc text saying how elements compare. */
  public String equalityDoc() {
    if (userOperations.contains(Operation.EQUAL)) {
      return "as {@code " + specSourceName() + ".equal}";
    }
    if (logical.isFloatingPoint()) {
      return "as {@link " + logical.box().simpleName() + "#equals}:\nNaN equals NaN and "
          + "{@code -0.0} differs from {@code 0.0}";
    }
    return "with {@code ==}";
  }

  private CodeBlock call(Operation op, CodeBlock argument) {
    return CodeBlock.of("$T.$N($L)", spec, op.methodName(), argument);
  }
}
