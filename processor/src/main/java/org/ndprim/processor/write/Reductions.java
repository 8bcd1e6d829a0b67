package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.declared;
import static org.ndprim.processor.write.Members.helper;
import static org.ndprim.processor.write.Members.override;
import static org.ndprim.processor.write.RuntimeNames.AXIS_LINES;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.LONG_ND_ARRAY;
import static org.ndprim.processor.write.RuntimeNames.RUN_CURSOR;
import static org.ndprim.processor.write.RuntimeNames.SEGMENT_CURSOR;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;
import org.ndprim.processor.write.Walks.Segment;
import org.ndprim.processor.write.Walks.Side;

/**
 * The reductions, over the whole array and along one axis: {@code sum} for numeric types (the
 * model's {@link ScalarModel#isNumeric()}), {@code min}, {@code max}, {@code argMin},
 * {@code argMax} for every type, in the order {@link ScalarModel#less} gives (for
 * {@code boolean}, {@code false < true}, as NumPy). Whole-array reductions walk the layout's
 * segments ({@link Walks}); per-axis ones walk the segments of each line of an {@code AxisLines}.
 * Each segment is reduced by a private helper ({@code sumRun}, {@code firstMin},
 * {@code firstMax}), so both forms share one inner loop.
 */
final class Reductions {
  /** The runtime's reductions, which split the whole-array and per-axis walks across threads. */
  static final ClassName REDUCE = ClassName.get("org.ndprim", "Reduce");

  /** Which extreme: names, NumPy's messages and the comparison that finds a better one. */
  private enum Extreme {
    MIN("min", "Min", "minimum", "smallest"),
    MAX("max", "Max", "maximum", "largest");

    final String method;
    final String title;
    final String numpy;
    final String adjective;

    Extreme(String method, String title, String numpy, String adjective) {
      this.method = method;
      this.title = title;
      this.numpy = numpy;
      this.adjective = adjective;
    }

    /** {@code v < m} (for MAX {@code v > m}) in the model's order: element v beats extreme m. */
    CodeBlock better(ScalarModel model) {
      CodeBlock v = CodeBlock.of("v");
      CodeBlock m = CodeBlock.of("m");
      return this == MIN ? model.less(v, m) : model.greater(v, m);
    }

    String argMethod() {
      return "arg" + title;
    }

    String helper() {
      return "first" + title;
    }

    /** The one-thread whole-array kernel over a layout, {@code Reduce.FirstExtreme}. */
    String inLayout() {
      return argMethod() + "In";
    }

    /** The one-thread per-axis kernel over a layout, {@code Reduce.LinesExtreme}. */
    String inLines() {
      return argMethod() + "Lines";
    }

    /** The comparison of two elements by offset, {@code Reduce.LaterWins}. */
    String laterWins() {
      return "later" + title;
    }

    String emptyMessage() {
      return "zero-size array to reduction operation " + numpy + " which has no identity";
    }

    String emptyArgMessage() {
      return "attempt to get arg" + method + " of an empty sequence";
    }
  }

  private Reductions() {}

  /** The declarations in {@code <name>NdArray}, with their Javadoc. */
  static List<MethodSpec> declarations(ScalarModel model) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isNumeric()) {
      out.add(declared("sum", model.sumType())
          .addJavadoc("Returns the sum of the elements, as NumPy's {@code sum()}, accumulated in"
              + " {@code $L} (0 for an\nempty array).\n$L\n\n@return the sum\n",
              model.sumType(), sumDoc(model))
          .build());
      out.addAll(Means.declarations(model));
    }
    for (Extreme e : Extreme.values()) {
      out.add(declared(e.method, model.logicalType())
          .addJavadoc("Returns the $L element, as NumPy's {@code $L()}$L.\n\n", e.adjective,
              e.method, orderDoc(model, "the first NaN"))
          .addJavadoc("@return the first $L element in C order\n", e.adjective)
          .addJavadoc("@throws IllegalStateException if the array is empty (\"$L\")\n",
              e.emptyMessage())
          .build());
      out.add(declared(e.argMethod(), TypeName.LONG)
          .addAnnotation(Override.class)
          .addJavadoc("Returns the flat C-order index of the first $L element, as NumPy's"
              + " {@code arg$L()}$L.\n\n", e.adjective, e.method,
              orderDoc(model, "the first NaN"))
          .addJavadoc("@return the index, in {@code [0, size())}\n")
          .addJavadoc("@throws IllegalStateException if the array is empty (\"$L\")\n",
              e.emptyArgMessage())
          .build());
    }
    if (model.isNumeric()) {
      out.add(declared("sum", model.sumArray())
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the sums along {@code axis}, as NumPy's {@code sum(axis)}: an"
              + " array of rank\n{@code rank() - 1}, this shape without {@code axis}, each sum"
              + " accumulated in {@code $L}\n(0 for an empty axis).$L\n\n", model.sumType(),
              axisSumDoc(model))
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array of the sums\n")
          .addJavadoc(axisThrowsDoc())
          .addJavadoc(Members.TOO_BIG_DOC)
          .build());
    }
    for (Extreme e : Extreme.values()) {
      out.add(declared(e.method, model.arrayInterface())
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the $L elements along {@code axis}, as NumPy's"
              + " {@code $L(axis)}$L: an array of\nrank {@code rank() - 1}, this shape without"
              + " {@code axis}.\n\n", e.adjective, e.method, orderDoc(model, "NaN"))
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array\n")
          .addJavadoc(axisThrowsDoc())
          .addJavadoc(Members.TOO_BIG_DOC)
          .addJavadoc("@throws IllegalStateException if {@code axis} has length 0 (\"$L\")\n",
              e.emptyMessage())
          .build());
      out.add(declared(e.argMethod(), LONG_ND_ARRAY)
          .addParameter(TypeName.INT, "axis")
          .addJavadoc("Returns the index along {@code axis} of the first $L element of each"
              + " line along it, as\nNumPy's {@code arg$L(axis)}$L: an array of rank"
              + " {@code rank() - 1}, this shape without\n{@code axis}.\n\n", e.adjective,
              e.method, orderDoc(model, "the first NaN"))
          .addJavadoc(axisDoc())
          .addJavadoc("@return a new C-order array of indices in {@code [0, dim(axis))}\n")
          .addJavadoc(axisThrowsDoc())
          .addJavadoc(Members.TOO_BIG_DOC)
          .addJavadoc("@throws IllegalStateException if {@code axis} has length 0 (\"$L\")\n",
              e.emptyArgMessage())
          .build());
    }
    out.addAll(AxisReductions.declarations(model));
    return out;
  }

  private static String sumDoc(ScalarModel model) {
    if (!model.sumsPairwise()) {
      return model.sumsUnsigned()
          ? "The {@code long} holds the bits of NumPy's {@code uint64} sum: it wraps modulo"
              + " 2^64 as NumPy's\n{@code uint64} accumulator does; read it with"
              + " {@link org.ndprim.Unsigned#toString(long)}\nor {@link Long#compareUnsigned}."
          : "Overflow wraps around, as NumPy's {@code int64} accumulator does.";
    }
    String own = model.sumsInOwnType()
        ? " and the sum is rounded to this type after each run, as\nNumPy's sum of this dtype"
            + " is of this dtype"
        : "";
    String ml = model.kind() == 'V'
        ? "\n<b>Difference from ml_dtypes</b>, which adds sequentially in the dtype itself"
            + " ({@code np.sum} of 1000 ones\nin {@code bfloat16} is 256): this sum is"
            + " pairwise and not rounded to this type."
        : "";
    return "The additions are NumPy's pairwise summation ({@code pairwise_sum}: blocks of 128"
        + " in eight\naccumulators, split in halves), in this precision" + own + ": a"
        + " C-contiguous array of any\nrank, and any 1-D view, sums to {@code np.sum} bit for"
        + " bit. Other views sum each run along\nthe last merged axes pairwise, in C order;"
        + " NumPy's iterator may order such views\ndifferently (in memory order), so the last"
        + " bits may differ, within the pairwise error bound.\n" + swappedDoc(model)
        + "NaN and infinities propagate as in IEEE arithmetic." + ml;
  }

  /** Javadoc: how {@code sum()} adds storage in the other byte order than the machine's. */
  private static String swappedDoc(ScalarModel model) {
    return model.sumsSwappedInBuffers()
        ? "Storage in the other byte order (a big-endian buffer on a little-endian machine) is"
            + " summed\nas NumPy sums it: swapped into buffers of 8192, each buffer's pairwise"
            + " sum added in turn.\n"
        : model.sumsInOwnType()
            ? "Storage in the other byte order is summed as in the machine's; NumPy's half loop"
                + " sums it\nin buffers of 8192, so the last bits may differ.\n"
            : "";
  }

  private static String axisSumDoc(ScalarModel model) {
    if (!model.sumsPairwise()) {
      return "";
    }
    return " As NumPy: when {@code axis} has the smallest stride (NumPy's\ninner loop), each"
        + " line is summed pairwise; otherwise the lines are added element by\nelement in order"
        + (model.sumsInOwnType() ? ", each partial sum rounded to this type" : "") + ".";
  }

  /** Javadoc after "as NumPy's {@code min()}": NaN and signed zeros, or the model's order. */
  private static String orderDoc(ScalarModel model, String result) {
    return model.hasNaN()
        ? "; a NaN is\nthe extreme (NaN propagates: the result is " + result + "); of"
            + " {@code -0.0} and {@code 0.0}, which compare equal,\nthe first in C order is"
            + " taken"
        : model.orderingDoc();
  }

  private static String axisDoc() {
    return "@param axis the reduced axis; a negative value counts from the end (a rank-0 array"
        + " takes\n    0 and -1, as NumPy: its one element, giving a rank-0 result)\n";
  }

  private static String axisThrowsDoc() {
    return "@throws IndexOutOfBoundsException if {@code axis} is not in {@code [-rank, rank)}"
        + " (for rank 0,\n    not 0 or -1), e.g. \"axis 2 is out of bounds for array of"
        + " dimension 2\"\n";
  }

  /** The implementations over {@code storage} and their per-segment helpers. */
  static List<MethodSpec> implementations(ScalarModel model, Storage storage) {
    List<MethodSpec> out = new ArrayList<>();
    if (model.isNumeric()) {
      out.addAll(Sums.implementations(model, storage));
      out.addAll(Means.implementations(model, storage));
    }
    for (Extreme e : Extreme.values()) {
      out.add(extreme(model, storage, e));
      out.add(argExtreme(model, storage, e));
      out.add(argExtremeIn(model, storage, e));
      out.add(extremeAxis(model, storage, e));
      out.add(argExtremeAxis(model, storage, e));
      out.add(argExtremeLines(model, storage, e));
      out.add(laterWins(model, storage, e));
      out.add(firstExtreme(model, storage, e));
      out.add(firstExtremeInRun(model, storage, e));
      if (storage.chunked()) {
        out.add(extremeInLine(model, storage, e));
      }
    }
    return out;
  }

  /** {@code helper(<segment, >index, stride, count)}: a per-segment helper call. */
  private static CodeBlock call(String helper, Segment seg, Walks.Count count) {
    return CodeBlock.of("$N($L$L, $L, $L)", helper, seg.helperArguments(), seg.index(),
        seg.stride(), count.expr());
  }

  /** The parameters of a per-segment helper: the segment if passed, index, stride, count. */
  private static void addRunParameters(ScalarModel model, Storage storage, MethodSpec.Builder m) {
    storage.segmentParameter(model).ifPresent(m::addParameter);
    m.addParameter(TypeName.INT, "o")
        .addParameter(TypeName.INT, "st")
        .addParameter(TypeName.LONG, "n");
  }

  /** {@code if (Float.isNaN(m)) return <result>;} for floating types: NaN is final. */
  private static CodeBlock stopAtNaN(ScalarModel model, String result) {
    return model.hasNaN()
        ? CodeBlock.builder()
            .beginControlFlow("if ($L)", model.isNaN(CodeBlock.of("m")))
            .addStatement("return $N", result)
            .endControlFlow()
            .build()
        : CodeBlock.of("");
  }

  /** {@code v < m}, or for floating types {@code v < m || Float.isNaN(v)}. */
  private static CodeBlock better(ScalarModel model, Extreme e) {
    return model.hasNaN()
        ? CodeBlock.of("$L || $L", e.better(model), model.isNaN(CodeBlock.of("v")))
        : e.better(model);
  }

  /** The logical value at a long layout offset of this array. */
  private static CodeBlock valueAt(ScalarModel model, Storage storage, CodeBlock offset) {
    return model.toLogical(storage.loadAt(model, "this", storage.index(offset)));
  }

  /** The empty check of a whole-array extreme. */
  private static MethodSpec.Builder nonEmpty(MethodSpec.Builder m, String message) {
    return m.beginControlFlow("if (size() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, message)
        .endControlFlow();
  }

  /**
   * The position in a line ({@code offset}, {@code stride}, {@code length}) of its first extreme:
   * the per-segment helper itself over unchunked storage, the line helper over chunked storage.
   */
  private static CodeBlock inLine(Storage storage, Extreme e, CodeBlock offset, CodeBlock stride,
      CodeBlock length) {
    if (!storage.chunked()) {
      return CodeBlock.of("$N((int) $L, (int) $L, $L)", e.helper(), offset, stride, length);
    }
    return CodeBlock.of("$N(pieces, $L, $L, $L)", e.helper() + "InLine", offset, stride, length);
  }

  /**
   * The whole-array walk of an extreme: per run, its first extreme ({@link #inLine}), which
   * replaces {@code m} (and runs {@code onBetter}) when it beats it; {@code result} once NaN.
   */
  private static CodeBlock runs(ScalarModel model, Storage storage, Extreme e, String result,
      CodeBlock onBetter, CodeBlock step) {
    return CodeBlock.builder()
        .add(Walks.lineCursor(Side.self(model, storage)))
        .beginControlFlow("for ($T c = layout.runs(); c.next(); $L)", RUN_CURSOR, step)
        .add(stopAtNaN(model, result))
        .addStatement("long q = $L", inLine(storage, e, CodeBlock.of("c.offset()"),
            CodeBlock.of("c.stride()"), CodeBlock.of("c.length()")))
        .addStatement("$T v = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("c.offset() + q * c.stride()")))
        .beginControlFlow("if ($L)", better(model, e))
        .addStatement("m = v")
        .add(onBetter)
        .endControlFlow()
        .endControlFlow()
        .build();
  }

  private static MethodSpec extreme(ScalarModel model, Storage storage, Extreme e) {
    return nonEmpty(override(e.method, model.logicalType()), e.emptyMessage())
        .beginControlFlow("if ($T.splits(size()))", REDUCE)
        .addComment("On threads: the element $N() finds, as one thread's walk finds it",
            e.argMethod())
        .addStatement("return $L", valueAt(model, storage,
            CodeBlock.of("layout.offsetOf(shape().unravel($N()))", e.argMethod())))
        .endControlFlow()
        .addStatement("$T m = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("layout.offset()")))
        .addCode(runs(model, storage, e, "m", CodeBlock.of(""), CodeBlock.of("")))
        .addStatement("return m")
        .build();
  }

  private static MethodSpec argExtreme(ScalarModel model, Storage storage, Extreme e) {
    return nonEmpty(override(e.argMethod(), TypeName.LONG), e.emptyArgMessage())
        .beginControlFlow("if ($T.splits(size()))", REDUCE)
        .addStatement("return $T.argExtreme(layout, this::$N, this::$N)", REDUCE, e.inLayout(),
            e.laterWins())
        .endControlFlow()
        .addStatement("return $N(layout)", e.inLayout())
        .build();
  }

  /** The one-thread {@code argMin()}/{@code argMax()} over a layout of this storage. */
  private static MethodSpec argExtremeIn(ScalarModel model, Storage storage, Extreme e) {
    return helper(e.inLayout(), TypeName.LONG)
        .addJavadoc("The flat C-order index of the first $L of the non-empty {@code layout}, on"
            + " this thread.\n", e.numpy)
        .addParameter(LAYOUT, "layout")
        .addStatement("long best = 0")
        .addStatement("$T m = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("layout.offset()")))
        .addStatement("long base = 0")
        .addCode(runs(model, storage, e, "best", CodeBlock.of("best = base + q;\n"),
            CodeBlock.of("base += c.length()")))
        .addStatement("return best")
        .build();
  }

  private static MethodSpec.Builder axisWalk(ScalarModel model, Storage storage, String name,
      TypeName returns, String emptyMessage) {
    return override(name, returns)
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.reducing(layout, axis)", AXIS_LINES, AXIS_LINES)
        .beginControlFlow("if (r.length() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, emptyMessage)
        .endControlFlow()
        .addCode(Walks.lineCursor(Side.self(model, storage)));
  }

  private static CodeBlock lineExtreme(Storage storage, Extreme e) {
    return inLine(storage, e, CodeBlock.of("r.offset()"), CodeBlock.of("r.stride()"),
        CodeBlock.of("r.length()"));
  }

  private static MethodSpec extremeAxis(ScalarModel model, Storage storage, Extreme e) {
    return axisWalk(model, storage, e.method, model.arrayInterface(), e.emptyMessage())
        .addStatement("$T[] out = new $T[$L]", model.storageType(), model.storageType(),
            Members.arraySize(e.method, CodeBlock.of("r.outputSize()"),
                CodeBlock.of("r.outputShape()"), model.storageType()))
        .addStatement("int w = 0")
        .beginControlFlow("while (r.next())")
        .addStatement("long q = $L", lineExtreme(storage, e))
        .addStatement("out[w++] = $L", storage.loadAt(model, "this",
            storage.index(CodeBlock.of("r.offset() + q * r.stride()"))))
        .endControlFlow()
        .addStatement("return $L", Members.newInstance(model.implementation(Storage.ARRAY),
            CodeBlock.of("out"), CodeBlock.of("$T.cOrder(r.outputShape())", LAYOUT),
            CodeBlock.of("false")))
        .build();
  }

  private static MethodSpec argExtremeAxis(ScalarModel model, Storage storage, Extreme e) {
    return override(e.argMethod(), LONG_ND_ARRAY)
        .addParameter(TypeName.INT, "axis")
        .addStatement("$T r = $T.reducing(layout, axis)", AXIS_LINES, AXIS_LINES)
        .beginControlFlow("if (r.length() == 0)")
        .addStatement("throw new $T($S)", IllegalStateException.class, e.emptyArgMessage())
        .endControlFlow()
        .addStatement("long[] out = new long[$L]", Members.arraySize(e.argMethod(),
            CodeBlock.of("r.outputSize()"), CodeBlock.of("r.outputShape()"), TypeName.LONG))
        .beginControlFlow("if ($T.splits(size()))", REDUCE)
        .addStatement("$T.argExtreme(layout, axis, out, this::$N, this::$N)", REDUCE,
            e.inLines(), e.laterWins())
        .nextControlFlow("else")
        .addStatement("$N(layout, axis, out, 0)", e.inLines())
        .endControlFlow()
        .addStatement("return $T.wrap(r.outputShape(), out)", LONG_ND_ARRAY)
        .build();
  }

  /** The one-thread {@code argMin(axis)}/{@code argMax(axis)} over a layout of this storage. */
  private static MethodSpec argExtremeLines(ScalarModel model, Storage storage, Extreme e) {
    return helper(e.inLines(), TypeName.VOID)
        .addJavadoc("Writes the index of the first $L of each line of {@code layout} along"
            + " {@code axis}, in C order,\ninto {@code out} from {@code w} on, on this thread.\n",
            e.numpy)
        .addParameter(LAYOUT, "layout")
        .addParameter(TypeName.INT, "axis")
        .addParameter(long[].class, "out")
        .addParameter(TypeName.INT, "w")
        .addStatement("$T r = $T.reducing(layout, axis)", AXIS_LINES, AXIS_LINES)
        .addCode(Walks.lineCursor(Side.self(model, storage)))
        .beginControlFlow("while (r.next())")
        .addStatement("out[w++] = $L", lineExtreme(storage, e))
        .endControlFlow()
        .build();
  }

  /** {@code Reduce.LaterWins}: whether the later of two elements is the better extreme. */
  private static MethodSpec laterWins(ScalarModel model, Storage storage, Extreme e) {
    MethodSpec.Builder m = helper(e.laterWins(), TypeName.BOOLEAN)
        .addJavadoc("Whether the element at offset {@code later} is a better $L than the one at"
            + " {@code earlier},\nwhich a walk meets first$L.\n", e.numpy,
            model.hasNaN() ? " (a NaN is the best, the first kept)" : "")
        .addParameter(TypeName.LONG, "earlier")
        .addParameter(TypeName.LONG, "later")
        .addStatement("$T m = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("earlier")));
    if (model.hasNaN()) {
      m.beginControlFlow("if ($L)", model.isNaN(CodeBlock.of("m")))
          .addStatement("return false")
          .endControlFlow();
    }
    return m.addStatement("$T v = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("later")))
        .addStatement("return $L", better(model, e))
        .build();
  }

  /**
   * Over chunked storage, the position in a line of its first extreme: the line's segments, each
   * reduced by the per-segment helper, combined in order (a NaN ends the search).
   */
  private static MethodSpec extremeInLine(ScalarModel model, Storage storage, Extreme e) {
    return helper(e.helper() + "InLine", TypeName.LONG)
        .addJavadoc("Returns the position in {@code [0, n)} of the first $L of the {@code n >= 1}"
            + " elements at\noffsets {@code from, from + step, ...}, walked in segments by"
            + " {@code pieces}.\n", e.numpy)
        .addParameter(SEGMENT_CURSOR, "pieces")
        .addParameter(TypeName.LONG, "from")
        .addParameter(TypeName.LONG, "step")
        .addParameter(TypeName.LONG, "length")
        .addStatement("long best = 0")
        .addStatement("long base = 0")
        .addStatement("$T m = $L", model.logicalType(),
            valueAt(model, storage, CodeBlock.of("from")))
        .addCode(Walks.lineSegments(Side.self(model, storage), CodeBlock.of("from"),
            CodeBlock.of("step"), CodeBlock.of("length"), (segs, count) -> {
              Segment seg = segs.get(0);
              return CodeBlock.builder()
                  .add(stopAtNaN(model, "best"))
                  .addStatement("long q = $L", call(e.helper(), seg, count))
                  .addStatement("$T v = $L", model.logicalType(),
                      seg.at(CodeBlock.of("(int) q")).value())
                  .beginControlFlow("if ($L)", better(model, e))
                  .addStatement("m = v")
                  .addStatement("best = base + q")
                  .endControlFlow()
                  .addStatement("base += $L", count.expr())
                  .build();
            }))
        .addStatement("return best")
        .build();
  }

  private static MethodSpec firstExtreme(ScalarModel model, Storage storage, Extreme e) {
    MethodSpec.Builder m = helper(e.helper(), TypeName.LONG)
        .addJavadoc("Returns the position in {@code [0, n)} of the first $L of the {@code n >= 1}"
            + " elements at\nindices {@code o, o + st, ...} of a segment$L.\n", e.numpy,
            model.hasNaN() ? "; a NaN is the extreme, so the first NaN if any" : "");
    addRunParameters(model, storage, m);
    m.beginControlFlow("if (st == 1)")
        .addComment("a unit-stride run fits its int-indexed segment")
        .addStatement("return $N($L(int) n)", e.helper() + "InRun",
            storage.segmentParameter(model).map(p -> p.name() + ", o, ").orElse("o, "))
        .endControlFlow();
    return scan(model, storage, e, m, TypeName.LONG, "o += st", CodeBlock.of("o"));
  }

  /**
   * {@link #firstExtreme} of a unit-stride run: the loop indexes by its {@code int} counter
   * ({@code o + k}), which C2 unrolls as it does a plain loop over an array, where the strided
   * scan's {@code long} counter is not a counted loop (W36: 1.14-1.20x plain before).
   */
  private static MethodSpec firstExtremeInRun(ScalarModel model, Storage storage, Extreme e) {
    MethodSpec.Builder m = helper(e.helper() + "InRun", TypeName.LONG)
        .addJavadoc("Returns the position in {@code [0, n)} of the first $L of the {@code n >= 1}"
            + " consecutive\nelements from index {@code o} of a segment$L.\n", e.numpy,
            model.hasNaN() ? "; a NaN is the extreme, so the first NaN if any" : "");
    storage.segmentParameter(model).ifPresent(m::addParameter);
    m.addParameter(TypeName.INT, "o").addParameter(TypeName.INT, "n");
    return scan(model, storage, e, m, TypeName.INT, null, CodeBlock.of("o + k"));
  }

  /**
   * The scan of {@link #firstExtreme} and {@link #firstExtremeInRun}: the first element is the
   * extreme {@code m} (a NaN ends the scan), then each later one by {@link #scanStep}, the loop
   * counter {@code k} of type {@code counter} advancing {@code advance} (or nothing) per step.
   */
  private static MethodSpec scan(ScalarModel model, Storage storage, Extreme e,
      MethodSpec.Builder m, TypeName counter, String advance, CodeBlock index) {
    m.addStatement("$T m = $L", model.logicalType(),
        Walks.helperElement(model, storage, CodeBlock.of("o")).value());
    if (model.hasNaN()) {
      m.beginControlFlow("if ($L)", model.isNaN(CodeBlock.of("m")))
          .addStatement("return 0")
          .endControlFlow();
    }
    m.addStatement("$T best = 0", counter)
        .beginControlFlow("for ($T k = 1; k < n; k++)", counter);
    if (advance != null) {
      m.addStatement(advance);
    }
    scanStep(model, storage, e, m, index);
    return m.endControlFlow()
        .addStatement("return best")
        .build();
  }

  /**
   * One step of {@link #firstExtreme}'s scan: {@code v}, the element at {@code index}, becomes
   * the extreme {@code m} at position {@code k} when better; a NaN ends the scan at {@code k}.
   */
  private static void scanStep(ScalarModel model, Storage storage, Extreme e,
      MethodSpec.Builder m, CodeBlock index) {
    m.addStatement("$T v = $L", model.logicalType(),
            Walks.helperElement(model, storage, index).value())
        .beginControlFlow("if ($L)", e.better(model))
        .addStatement("m = v")
        .addStatement("best = k");
    if (model.hasNaN()) {
      m.nextControlFlow("else if ($L)", model.isNaN(CodeBlock.of("v")))
          .addStatement("return k");
    }
    m.endControlFlow();
  }
}
