package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.RuntimeNames.AXIS_LINES;
import static org.ndprim.processor.write.RuntimeNames.RUN_CURSOR;
import static org.ndprim.processor.write.RuntimeNames.SCRATCH;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Segment;
import org.ndprim.processor.write.Walks.Side;

/**
 * {@code sum()} and {@code sum(axis)}. Integral sums wrap in a {@code long}, so any order gives
 * the same result: four accumulators per run, and one multiplication for a broadcast run (stride
 * 0), the only kind that may hold more elements than an {@code int} counts. Floating-point sums follow NumPy's
 * {@code pairwise_sum} ({@code numpy/_core/src/umath/loops_utils.h.src}) in the logical type's
 * precision: a run of at most 128 elements ({@code PW_BLOCKSIZE}) is summed with eight
 * accumulators, combined as {@code ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))}, and the
 * last {@code n % 8} elements are added one by one (fewer than 8 elements: one by one from
 * {@code -0.0}); a longer run is split at {@code n / 2} rounded down to a multiple of 8. The sum
 * starts from NumPy's identity {@code 0.0} and adds each run's pairwise sum, so a C-contiguous
 * array of any rank, and any view of one run (a 1-D strided view), sums to {@code np.sum} bit for
 * bit. Per-axis sums reduce each line pairwise when the axis is the one NumPy's iterator makes the
 * inner loop (the smallest stride), else add the lines element by element in order, as NumPy's
 * outer reduction does.
 */
final class Sums {
  /** NumPy's {@code PW_BLOCKSIZE}. */
  private static final int BLOCK = 128;

  private Sums() {}

  /** The implementations over {@code storage} and their helpers. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    List<MethodSpec> out = new ArrayList<>();
    if (!model.sumsPairwise()) {
      out.add(integralSum(model, storage));
      out.add(integralSumIn(model, storage));
      out.add(integralSumAxis(model, storage));
      out.add(integralRun(model, storage));
      return out;
    }
    out.add(floatingSum(model, storage));
    out.add(floatingSumAxis(model, storage));
    out.add(pairwise(model));
    out.addAll(leaves(model, storage));
    if (model.isComplex()) {
      out.add(sequential(model, storage));
    }
    return out;
  }

  // ------------------------------------------------------------------------------- integral

  /** {@code acc = sumRun(acc, <segment, >index, stride, count);}. */
  private static CodeBlock addSegment(Segment seg, Walks.Count count) {
    return CodeBlock.of("acc = sumRun(acc, $L$L, $L, $L);\n", seg.helperArguments(), seg.index(),
        seg.stride(), count.expr());
  }

  private static MethodSpec integralSum(ScalarModel model, Storage storage) {
    return override("sum", TypeName.LONG)
        .beginControlFlow("if ($T.splits(size()))", Reductions.REDUCE)
        .addStatement("return $T.wrappingSum(layout, this::sumIn)", Reductions.REDUCE)
        .endControlFlow()
        .addStatement("return sumIn(layout)")
        .build();
  }

  /** The one-thread wrapping sum over a layout of this storage, {@code Reduce.WrappingSum}. */
  private static MethodSpec integralSumIn(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = helper("sumIn", TypeName.LONG)
        .addJavadoc("The wrapping sum of the elements of {@code layout}, on this thread.\n")
        .addParameter(RuntimeNames.LAYOUT, "layout");
    if (!storage.chunked()) {
      // A row view (elements(0), get(i)) is one run: no cursor, straight to the run's loop.
      m.beginControlFlow("if (layout.isSingleRun())")
          .addStatement("return sumRun(0, (int) layout.offset(), (int) layout.runStride(),"
              + " layout.size())")
          .endControlFlow();
    }
    return m
        .addStatement("long acc = 0")
        .addCode(Walks.forEachSegment(List.of(Side.self(model, storage)),
            (segs, count) -> addSegment(segs.get(0), count)))
        .addStatement("return acc")
        .build();
  }

  private static MethodSpec integralSumAxis(ScalarModel model, Storage storage) {
    return override("sum", model.sumArray())
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.reducing(layout, axis)", AXIS_LINES, AXIS_LINES)
        .addCode(outerAxisThroughReduce())
        .addStatement("long[] out = new long[$L]", Members.arraySize("sum",
            CodeBlock.of("r.outputSize()"), CodeBlock.of("r.outputShape()"), TypeName.LONG))
        .addStatement("int w = 0")
        .addCode(Walks.lineCursor(Side.self(model, storage)))
        .beginControlFlow("while (r.next())")
        .addStatement("long acc = 0")
        .addCode(Walks.lineSegments(Side.self(model, storage), CodeBlock.of("r.offset()"),
            CodeBlock.of("r.stride()"), CodeBlock.of("r.length()"),
            (segs, count) -> addSegment(segs.get(0), count)))
        .addStatement("out[w++] = acc")
        .endControlFlow()
        .addStatement("return $T.wrap(r.outputShape(), out)", model.sumArray())
        .build();
  }

  /** {@code a0 += x(at[0]); ... a3 += x(at[3]);}: one step of the four accumulators. */
  private static CodeBlock fourAccumulators(Function<String, CodeBlock> x, String... at) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int i = 0; i < at.length; i++) {
      b.addStatement("a$L += $L", i, x.apply(at[i]));
    }
    return b.build();
  }

  /** Four accumulators: wrapping addition is associative, so the result is that of any order. */
  private static MethodSpec integralRun(ScalarModel model, Storage storage) {
    MethodSpec.Builder m = helper("sumRun", TypeName.LONG)
        .addJavadoc("Returns {@code acc} plus the {@code n} elements at indices {@code o, o + st,"
            + " ...} of a\nsegment, in four accumulators (wrapping addition is associative).\n")
        .addParameter(TypeName.LONG, "acc");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    m.addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n");
    Function<String, CodeBlock> x =
        i -> model.toCarrier(Walks.helperElement(model, storage, CodeBlock.of(i)).value());
    Function<String, CodeBlock> scratch = i -> model.toCarrier(
        model.toLogical(Storage.ARRAY.load(model, CodeBlock.of("t"), CodeBlock.of(i))));
    // Array storage is read directly; a buffer segment through a scratch array, where it has a
    // bulk read (not for types stored as bytes of another width).
    Optional<CodeBlock> bulk = storage == Storage.ARRAY ? Optional.empty()
        : storage.bulkToArray(model,
            Walks.helperElement(model, storage, CodeBlock.of("p")).segment(), CodeBlock.of("p"),
            CodeBlock.of("t"), CodeBlock.of("0"), CodeBlock.of("len"));
    CodeBlock unitStride = bulk.isEmpty()
        ? CodeBlock.builder()
            .add("// One counter, indexed by o + k as plain Java's loop is: with a second counter\n")
            .add("// (p += 4) C2's loop ran W5's row sums 1.1x slower\n")
            .beginControlFlow("for (; k < m - 3; k += 4)")
            .add(fourAccumulators(x, "o + k", "o + k + 1", "o + k + 2", "o + k + 3"))
            .endControlFlow()
            .addStatement("p = o + k")
            .build()
        : CodeBlock.builder()
            .add("// A buffer read element by element stays scalar code; a Java array vectorises:\n")
            .add("// copy in bulk, then sum the copy.\n")
            .addStatement("$T t = $T.$N()", ArrayTypeName.of(model.stored().type()), SCRATCH,
                model.stored().keyword() + "s")
            .beginControlFlow("while (k < m)")
            .addStatement("int len = Math.min(m - k, t.length)")
            .add(bulk.get())
            .addStatement("int q = 0")
            .beginControlFlow("for (; q < len - 3; q += 4)")
            .add(fourAccumulators(scratch, "q", "q + 1", "q + 2", "q + 3"))
            .endControlFlow()
            .beginControlFlow("for (; q < len; q++)")
            .addStatement("a0 += $L", scratch.apply("q"))
            .endControlFlow()
            .addStatement("k += len")
            .addStatement("p += len")
            .endControlFlow()
            .build();
    return m.beginControlFlow("if (st == 0 && n > 0)")
        .addComment("A broadcast run, n times one element: its sum, wrapping as the loops' would,"
            + " in one step. Only such a run holds more than an int's worth of elements in"
            + " int-indexed storage (a Java array, a buffer, a chunk), so the loops below count"
            + " in int.")
        .addStatement("return acc + n * $L", x.apply("o"))
        .endControlFlow()
        .addStatement("long a0 = 0")
        .addStatement("long a1 = 0")
        .addStatement("long a2 = 0")
        .addStatement("long a3 = 0")
        .addComment("int counters: C2 unrolls and range-checks int-counted loops (n is at most"
            + " Integer.MAX_VALUE here)")
        .addStatement("int p = o")
        .addStatement("int m = (int) n")
        .addStatement("int k = 0")
        .beginControlFlow("if (st == 1)")
        .addCode(unitStride)
        .nextControlFlow("else")
        .beginControlFlow("for (; k < m - 3; k += 4, p += 4 * st)")
        .addCode(fourAccumulators(x, "p", "p + st", "p + 2 * st", "p + 3 * st"))
        .endControlFlow()
        .endControlFlow()
        .beginControlFlow("for (; k < m; k++, p += st)")
        .addStatement("a0 += $L", x.apply("p"))
        .endControlFlow()
        .addStatement("return acc + ((a0 + a1) + (a2 + a3))")
        .build();
  }

  // ------------------------------------------------------------------------------- floating

  private static MethodSpec floatingSum(ScalarModel model, Storage storage) {
    TypeName t = model.sumType();
    MethodSpec.Builder m = override("sum", t);
    if (Means.sumsSwappedInBuffers(model, storage)) {
      m.beginControlFlow("if ($L)", storage.swapped().orElseThrow())
          .addComment("NumPy swaps such storage into buffers of 8192 and sums each pairwise")
          .addStatement("return sumInBuffers()")
          .endControlFlow();
    }
    return m
        .addComment("NumPy's identity, then each run's pairwise sum: one run for a contiguous"
            + " array")
        .addStatement("$T acc = 0", t)
        .beginControlFlow("for ($T c = layout.runs(); c.next(); )", RUN_CURSOR)
        .addCode(runSum(model))
        .addStatement("acc = $L", model.roundSum(CodeBlock.of("acc + s")))
        .endControlFlow()
        .addStatement("return acc")
        .build();
  }

  /**
   * {@code s}, the pairwise sum of the run {@code c}: a long run's top nodes split across threads
   * by {@code Reduce.pairwise} (complex sums stay on one thread).
   */
  private static CodeBlock runSum(ScalarModel model) {
    TypeName t = model.sumType();
    CodeBlock one = CodeBlock.of("pairwise(c.offset(), c.stride(), c.length())");
    if (model.isComplex()) {
      return CodeBlock.of("$T s = $L;\n", t, one);
    }
    boolean inFloat = t.equals(TypeName.FLOAT);
    return CodeBlock.of("$T s = $T.splitsRun(c.length())$W? $L$T.pairwise(c.offset(), c.stride(),"
        + " c.length(), $L, this::pairwise)$W: $L;\n", t, Reductions.REDUCE,
        inFloat ? "(float) " : "", Reductions.REDUCE, inFloat, one);
  }

  private static MethodSpec floatingSumAxis(ScalarModel model, Storage storage) {
    TypeName t = model.sumType();
    CodeBlock result = model.sumsInOwnType()
        ? CodeBlock.of("$T.of(r.outputShape(), out)", model.sumArray())
        : CodeBlock.of("$T.wrap(r.outputShape(), out)", model.sumArray());
    CodeBlock pairwise =
        model.roundSum(CodeBlock.of("0 + pairwise(r.offset(), r.stride(), r.length())"));
    MethodSpec.Builder m = override("sum", model.sumArray())
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.reducing(layout, axis)", AXIS_LINES, AXIS_LINES);
    if (!model.isComplex()) {
      m.addCode(outerAxisThroughReduce());
    }
    m.addStatement("$T[] out = new $T[$L]", t, t, Members.arraySize("sum",
            CodeBlock.of("r.outputSize()"), CodeBlock.of("r.outputShape()"), t))
        .addStatement("int w = 0");
    if (model.isComplex()) {
      m.addStatement("boolean inner = r.innermost()")
          .beginControlFlow("while (r.next())")
          .addStatement("out[w++] = inner ? $L$W: sequential(r.offset(), r.stride(), r.length())",
              pairwise)
          .endControlFlow();
    } else {
      m.beginControlFlow("while (r.next())")
          .addStatement("out[w++] = $L", pairwise)
          .endControlFlow();
    }
    return m.addStatement("return $L", result).build();
  }

  /**
   * Sums along an outer axis go to {@code Reduce} (the {@code sum(keepdims, axes)} form): NumPy
   * adds such lines element by element, which {@code Reduce} does a whole row at a time over
   * memory in order, where a walk line by line strides across memory (8 times slower for
   * {@code sum(0)} of a C-order {@code [4096, 256]} float64 array). The same additions in the same
   * order, so the same bits. Complex types, which {@code Reduce} does not take, keep the line walk.
   */
  private static CodeBlock outerAxisThroughReduce() {
    return CodeBlock.builder()
        .beginControlFlow("if (!r.innermost())")
        .addStatement("return sum(false, axis)")
        .endControlFlow()
        .build();
  }

  private static MethodSpec pairwise(ScalarModel model) {
    TypeName t = model.sumType();
    return helper("pairwise", t)
        .addJavadoc("NumPy's {@code pairwise_sum} of the {@code n} elements at layout offsets"
            + " {@code o, o + st, ...}.\n")
        .addParameter(TypeName.LONG, "o")
        .addParameter(TypeName.LONG, "st")
        .addParameter(TypeName.LONG, "n")
        .beginControlFlow("if (n <= $L)", BLOCK)
        .addStatement("return leaf(o, st, (int) n)")
        .endControlFlow()
        .addStatement("long n2 = n / 2")
        .addStatement("n2 -= n2 % 8")
        .addStatement("return pairwise(o, st, n2) + pairwise(o + n2 * st, st, n - n2)")
        .build();
  }

  /**
   * The leaf of the pairwise sum: {@code leaf(o, st, n)} for at most 128 elements. Over chunked
   * memory a leaf within one chunk reads that chunk's buffer; one across a chunk boundary reads
   * element by element.
   */
  private static List<MethodSpec> leaves(ScalarModel model, Storage storage) {
    TypeName t = model.sumType();
    MethodSpec.Builder m = helper("leaf", t)
        .addJavadoc("The pairwise sum of {@code n <= $L} elements at layout offsets {@code o, o +"
            + " st, ...}.\n", BLOCK)
        .addParameter(TypeName.LONG, "o")
        .addParameter(TypeName.LONG, "st")
        .addParameter(TypeName.INT, "n");
    CodeBlock segment;
    if (storage.chunked()) {
      m.beginControlFlow("if ((o >>> shift) != ((o + (n - 1) * st) >>> shift))")
          .addStatement("return leafAcrossChunks(o, st, n)")
          .endControlFlow()
          .addStatement("$T seg = $L", storage.segmentType(model),
              storage.segmentOf("this", CodeBlock.of("o")))
          .addStatement("int p = (int) (o & mask)");
      segment = CodeBlock.of("seg");
    } else {
      m.addStatement("int p = (int) o");
      segment = storage.segmentOf("this", CodeBlock.of("o"));
    }
    Function<String, CodeBlock> x =
        i -> model.toLogical(storage.load(model, segment, CodeBlock.of("$L", i)));
    String segmentArgument = storage.chunked() ? "seg, " : "";
    m.addStatement("int s = (int) st")
        .addComment("Contiguous runs, the common case, in a loop of constant offsets")
        .beginControlFlow("if (s == 1 && n >= 8)")
        .addStatement("return leafUnitStride($Lp, n)", segmentArgument)
        .endControlFlow()
        .addCode(unrolled(model, x, false));
    MethodSpec.Builder unit = helper("leafUnitStride", t)
        .addJavadoc("{@code leaf} over {@code 8 <= n <= $L} consecutive elements from index"
            + " {@code p}.\n", BLOCK);
    storage.segmentParameter(model).map(ps -> unit.addParameter(storage.segmentType(model),
        "seg"));
    unit.addParameter(TypeName.INT, "p")
        .addParameter(TypeName.INT, "n")
        .addCode(unrolled(model, x, true));
    List<MethodSpec> out = new ArrayList<>(List.of(m.build(), unit.build()));
    if (storage.chunked()) {
      out.add(helper("leafAcrossChunks", t)
          .addJavadoc("{@code leaf} for elements in more than one chunk, read one by one.\n")
          .addParameter(TypeName.LONG, "p")
          .addParameter(TypeName.LONG, "s")
          .addParameter(TypeName.INT, "n")
          .addCode(unrolled(model,
              i -> model.toLogical(storage.loadAt(model, "this", CodeBlock.of("$L", i))), false))
          .build());
    }
    return out;
  }

  /** The leaf over stride {@code s}, or (when {@code unit}) over stride 1 spelled as constants. */
  private static CodeBlock unrolled(ScalarModel model, Function<String, CodeBlock> x,
      boolean unit) {
    TypeName t = model.sumType();
    Function<Integer, String> at = r -> r == 0 ? "p" : unit ? "p + " + r : "p + " + r + " * s";
    CodeBlock.Builder b = CodeBlock.builder();
    if (!unit) {
      b.beginControlFlow("if (n < 8)")
          .addStatement("$T res = -0.0$L", t, t.equals(TypeName.FLOAT) ? "f" : "")
          .beginControlFlow("for (int k = 0; k < n; k++, p += s)")
          .addStatement("res += $L", x.apply("p"))
          .endControlFlow()
          .addStatement("return res")
          .endControlFlow();
    }
    for (int r = 0; r < 8; r++) {
      b.addStatement("$T r$L = $L", t, r, x.apply(at.apply(r)));
    }
    String step = unit ? "8" : "8 * s";
    b.addStatement("int full = n - n % 8")
        .addStatement("int i = 8")
        .addStatement("p += $L", step)
        .beginControlFlow("for (; i < full; i += 8, p += $L)", step);
    for (int r = 0; r < 8; r++) {
      b.addStatement("r$L += $L", r, x.apply(at.apply(r)));
    }
    return b.endControlFlow()
        .addStatement("$T res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))", t)
        .beginControlFlow("for (; i < n; i++, p += $L)", unit ? "1" : "s")
        .addStatement("res += $L", x.apply("p"))
        .endControlFlow()
        .addStatement("return res")
        .build();
  }

  /** The element-by-element sum of a line, as NumPy adds lines of an outer reduced axis. */
  private static MethodSpec sequential(ScalarModel model, Storage storage) {
    TypeName t = model.sumType();
    return helper("sequential", t)
        .addJavadoc("The sum of the {@code n} elements at layout offsets {@code o, o + st, ...},"
            + " added in order\n(each partial sum rounded to this type, as NumPy's outer"
            + " reduction keeps it).\n")
        .addParameter(TypeName.LONG, "o")
        .addParameter(TypeName.LONG, "st")
        .addParameter(TypeName.LONG, "n")
        .addStatement("$T acc = 0", t)
        .beginControlFlow("for (long k = 0; k < n; k++, o += st)")
        .addStatement("acc = $L", model.roundSum(CodeBlock.of("acc + $L", model.toLogical(
            storage.loadAt(model, "this", storage.index(CodeBlock.of("o")))))))
        .endControlFlow()
        .addStatement("return acc")
        .build();
  }
}
