package org.ndprim.processor.model;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import java.util.Optional;
import javax.lang.model.element.Modifier;

/**
 * Storage in one Java array of the storage primitive, field {@code data}: one segment, indexed by
 * {@code int}. Every element offset of a layout over it is below its length, so offsets narrow to
 * {@code int} exactly; the accessors index through {@code Layout.storageIndex}, {@code int}
 * arithmetic after the checks, which the JIT treats like a hand-written index expression.
 */
final class ArrayStorage extends Storage {
  private static final String DATA = "data";

  @Override
  public String kind() {
    return "Array";
  }

  @Override
  public String describe(ScalarModel model) {
    return "a {@code " + array(model) + "}";
  }

  @Override
  public String details(ScalarModel model) {
    return "Element offsets are indices into the array, {@code int}; element access goes through"
        + "\n{@code Layout.storageIndex}, which checks the coordinates and computes the index in"
        + "\n{@code int} arithmetic.";
  }

  private static ArrayTypeName array(ScalarModel model) {
    return ArrayTypeName.of(model.storageType());
  }

  @Override
  public List<FieldSpec> fields(ScalarModel model) {
    return List.of(FieldSpec.builder(array(model), DATA, Modifier.FINAL)
        .build());
  }

  @Override
  public ParameterSpec parameter(ScalarModel model) {
    return ParameterSpec.builder(array(model), DATA).build();
  }

  @Override
  public CodeBlock initialize(ScalarModel model) {
    return CodeBlock.of("this.$N = $N;\n", DATA, DATA);
  }

  @Override
  public Optional<CodeBlock> forcesReadOnly() {
    return Optional.empty();
  }

  @Override
  public Optional<CodeBlock> swapped() {
    return Optional.empty();
  }

  @Override
  public CodeBlock typeFactory(ScalarModel model) {
    return CodeBlock.of("(storage, layout) ->$Wnew $T(($T) storage, layout, false)",
        implementation(model), array(model));
  }

  @Override
  public CodeBlock storageObject(String owner) {
    return owner.equals("this") ? CodeBlock.of("$N", DATA) : CodeBlock.of("$N.$N", owner, DATA);
  }

  @Override
  public Optional<CodeBlock> copyOfRange(ScalarModel model, CodeBlock from, CodeBlock to) {
    return Optional.of(CodeBlock.of("$T.copyOfRange($N, $L, $L)", java.util.Arrays.class, DATA,
        from, to));
  }

  @Override
  public List<MethodSpec> helpers(ScalarModel model) {
    return List.of();
  }

  @Override
  public Optional<CodeBlock> allocate(ScalarModel model, CodeBlock size) {
    return Optional.of(CodeBlock.of("new $T[$L]", model.storageType(), size));
  }

  @Override
  public TypeName indexType() {
    return TypeName.INT;
  }

  @Override
  public CodeBlock coordinateIndex(CodeBlock args) {
    return CodeBlock.of("layout.storageIndex($L)", args);
  }

  @Override
  public CodeBlock index(CodeBlock offset) {
    String text = offset.toString();
    return text.matches("[\\w.]+(\\(\\))?") ? CodeBlock.of("(int) $L", offset)
        : CodeBlock.of("(int) ($L)", offset);
  }

  @Override
  public CodeBlock loadAt(ScalarModel model, String owner, CodeBlock index) {
    return CodeBlock.of("$L[$L]", field(owner), index);
  }

  @Override
  public CodeBlock storeAt(ScalarModel model, CodeBlock index, CodeBlock value) {
    return CodeBlock.of("$N[$L] = $L;\n", DATA, index, value);
  }

  private static CodeBlock field(String owner) {
    return owner.equals("this") ? CodeBlock.of(DATA) : CodeBlock.of("$N.$N", owner, DATA);
  }

  @Override
  public TypeName segmentType(ScalarModel model) {
    return array(model);
  }

  @Override
  public boolean chunked() {
    return false;
  }

  @Override
  public CodeBlock segmentOf(String owner, CodeBlock offset) {
    return field(owner);
  }

  @Override
  public CodeBlock segmentAt(String owner, CodeBlock chunk) {
    return field(owner);
  }

  @Override
  public Optional<CodeBlock> memory(String owner) {
    return Optional.empty();
  }

  @Override
  public Optional<ParameterSpec> segmentParameter(ScalarModel model) {
    return Optional.empty();
  }

  @Override
  public CodeBlock load(ScalarModel model, CodeBlock segment, CodeBlock index) {
    return CodeBlock.of("$L[$L]", segment, index);
  }

  @Override
  public CodeBlock store(ScalarModel model, CodeBlock segment, CodeBlock index, CodeBlock value) {
    return CodeBlock.of("$L[$L] = $L;\n", segment, index, value);
  }

  @Override
  boolean segmentsAreArrays() {
    return true;
  }
}
