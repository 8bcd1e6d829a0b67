package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.declared;
import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.RuntimeNames.BUFFERED_SUM;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Side;

/**
 * {@code mean()} for numeric types, as NumPy's {@code np.mean} ({@code numpy/_core/_methods.py}
 * {@code _mean}): the sum in NumPy's accumulator dtype divided by the element count. Integer types
 * accumulate in {@code float64} and {@code float16} in {@code float32}: NumPy's iterator casts
 * the elements into buffers of 8192 and adds each buffer's pairwise sum, which the runtime's
 * {@code BufferedSum} does with the values a per-segment helper ({@code bufferRun}) writes into its
 * buffer. The other floating-point types divide their own {@code sum()}, as NumPy sums them in
 * their own dtype.
 */
final class Means {
  private Means() {}

  /** The declaration in {@code <name>NdArray}, with its Javadoc. */
  static List<MethodSpec> declarations(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isNumeric()) {
      out.add(declared("mean", model.meanType())
          .addJavadoc("Returns the arithmetic mean of the elements, as NumPy's {@code mean()}: the"
              + " sum divided by\n{@code size()}, in {@code $L}. $L NaN for an empty array (where"
              + " NumPy also warns \"Mean of empty\nslice\").\n\n@return the mean\n",
              model.meanType(), doc(model))
          .build());
    }
    return out;
  }

  private static String doc(ScalarModel model) {
    if (model.meanAccumulator() == null && model.kind() == 'V') {
      return "The sum is {@link #sum()}'s: pairwise in {@code float}, not rounded to this type."
          + "\n<b>Difference from ml_dtypes</b>, whose {@code np.mean} divides its sequential sum"
          + " in the\ndtype and rounds the mean to the dtype.";
    }
    if (model.meanAccumulator() == null) {
      return "The sum is {@link #sum()}'s: pairwise in this precision, so a C-contiguous array"
          + "\nof any rank (in either byte order) has {@code np.mean}'s result bit for bit.";
    }
    String accumulator = model.meanAccumulator().toString();
    return "As NumPy, the sum is accumulated in {@code " + accumulator + "}"
        + (model.sumsPairwise() ? ", and the mean\nrounded to this type" : "")
        + ": the elements, in C order, are\nconverted to {@code " + accumulator + "} in buffers"
        + " of 8192, each buffer's pairwise sum added to the\ntotal, so a C-contiguous array of"
        + " any rank has {@code np.mean}'s result bit for bit. Other\nviews are read in C order;"
        + " NumPy's iterator may read them in memory order, so the last bits\nmay differ.";
  }

  /** The implementation over {@code storage} and its per-segment helper. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    List<MethodSpec> out = new ArrayList<>();
    if (!model.isNumeric()) {
      return out;
    }
    TypeName acc = model.meanAccumulator();
    if (acc == null) {
      out.add(override("mean", model.meanType())
          .addStatement("return sum() / ($T) size()", model.meanType())
          .build());
      if (sumsSwappedInBuffers(model, storage)) {
        boolean inFloat = model.sumType().equals(TypeName.FLOAT);
        out.add(helper("sumInBuffers", model.sumType())
            .addJavadoc("{@code sum()} of storage in the other byte order, as NumPy sums it: the"
                + " elements swapped into\nbuffers of 8192, each buffer's pairwise sum added to"
                + " the total.\n")
            .addCode(fillBuffers(model, storage, inFloat))
            .addStatement("return acc.$N()", inFloat ? "floatTotal" : "doubleTotal")
            .build());
        out.add(bufferRun(model, storage, inFloat));
      }
      return out;
    }
    boolean inFloat = acc.equals(TypeName.FLOAT);
    CodeBlock total = CodeBlock.of("acc.$N() / ($T) size()", inFloat ? "floatTotal" : "doubleTotal",
        acc);
    out.add(override("mean", model.meanType())
        .addCode(fillBuffers(model, storage, inFloat))
        .addStatement("return $L", model.sumsPairwise() ? model.roundSum(total) : total)
        .build());
    out.add(bufferRun(model, storage, inFloat));
    return out;
  }

  /**
   * Whether {@code sum()} over {@code storage} takes NumPy's buffered path when the storage is in
   * the other byte order ({@link ScalarModel#sumsSwappedInBuffers}, over storage that may be).
   */
  static boolean sumsSwappedInBuffers(ScalarModel model, Storage storage) {
    return model.isNumeric() && model.sumsSwappedInBuffers() && storage.swapped().isPresent();
  }

  /** {@code BufferedSum acc = ...;} and the walk writing every element into its buffers. */
  private static CodeBlock fillBuffers(ScalarModel model, Storage storage, boolean inFloat) {
    return CodeBlock.builder()
        .addStatement("$T acc = $T.$N(size())", BUFFERED_SUM, BUFFERED_SUM,
            inFloat ? "ofFloats" : "ofDoubles")
        .add(Walks.forEachSegment(List.of(Side.self(model, storage)),
            (segs, count) -> CodeBlock.of("bufferRun(acc, $L$L, $L, $L);\n",
                segs.get(0).helperArguments(), segs.get(0).index(), segs.get(0).stride(),
                count.expr())))
        .build();
  }

  /** Writes {@code n} elements, converted to the accumulator, into the sum's buffer. */
  private static MethodSpec bufferRun(ScalarModel model, Storage storage, boolean inFloat) {
    MethodSpec.Builder m = helper("bufferRun", TypeName.VOID)
        .addJavadoc("Writes the {@code n} elements at indices {@code o, o + st, ...} of a segment,"
            + " converted to\nthe accumulator, into {@code acc}'s buffer, in order.\n")
        .addParameter(BUFFERED_SUM, "acc");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    CodeBlock value = model.accumulatorValue(Walks.helperElement(model, storage, CodeBlock.of("p"))
        .value());
    return m.addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n")
        .addStatement("$T[] b = acc.$N()", inFloat ? TypeName.FLOAT : TypeName.DOUBLE,
            inFloat ? "floats" : "doubles")
        .addStatement("int p = o")
        .beginControlFlow("for (long left = n; left > 0; )")
        .addStatement("int f = acc.filled()")
        .addStatement("int take = (int) Math.min(left, b.length - f)")
        .beginControlFlow("for (int q = f; q < f + take; q++, p += st)")
        .addStatement("b[q] = $L", value)
        .endControlFlow()
        .addStatement("acc.advance(take)")
        .addStatement("left -= take")
        .endControlFlow()
        .build();
  }
}
