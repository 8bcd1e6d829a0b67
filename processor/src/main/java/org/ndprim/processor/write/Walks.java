package org.ndprim.processor.write;

import static org.ndprim.processor.write.RuntimeNames.ND_ITER;
import static org.ndprim.processor.write.RuntimeNames.SEGMENT_CURSOR;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;
import org.ndprim.processor.model.ScalarModel;
import org.ndprim.processor.model.Storage;

/**
 * The loop shapes generated kernels are made of: C-order walks of one or two arrays' layouts with
 * the runtime's cursors, which do all the index and stride math, and the storage model
 * ({@link Storage}), which spells every element access. The body sees each element, or each
 * segment (a stretch of a run within one chunk of storage), through {@link Element}s and
 * {@link Segment}s, never through variable names of its own guessing.
 *
 * <p>When every side is a Java array, a walk goes over the rows of the blocks of the runtime's one
 * iterator, {@code NdIter} in C order, each row one segment with {@code int} indices. When a side
 * is chunked
 * memory, it goes over the segments of a {@code SegmentCursor}, which cuts runs at chunk
 * boundaries.
 *
 * <p>The walks declare the locals {@code c} (cursor), {@code r}, {@code rows}, {@code row},
 * {@code rowA}, {@code rowB} (rows of a block), {@code k}, {@code n}, {@code count},
 * {@code e} and {@code q} (positions and counts), {@code pieces} (a line's segments) and, per
 * side, the names of {@link Side}; bodies must not declare those names.
 */
final class Walks {
  private static final String LINE_CURSOR = "pieces";

  private Walks() {}

  /** One array taking part in a walk: its type and storage, and its local variable names. */
  static final class Side {
    final ScalarModel model;
    final Storage storage;
    /** Whose storage fields: {@code "this"} or the name of a local of the implementation class. */
    final String owner;
    /** The expression of its layout. */
    final CodeBlock layout;
    /** {@code A} or {@code B}: its accessors on a segment cursor. */
    final String letter;
    final String offset;
    final String stride;
    final String segment;
    /** The index copy of {@link Walks#loop}. */
    final String loopIndex;

    private Side(ScalarModel model, Storage storage, String owner, CodeBlock layout,
        String... names) {
      this.model = model;
      this.storage = storage;
      this.owner = owner;
      this.layout = layout;
      this.letter = names[0];
      this.offset = names[1];
      this.stride = names[2];
      this.segment = names[3];
      this.loopIndex = names[4];
    }

    /** This array, the first side of a walk. */
    static Side self(ScalarModel model, Storage storage) {
      return new Side(model, storage, "this", CodeBlock.of("layout"), "A", "o", "st", "s", "x");
    }

    /** A local {@code owner} of implementation class {@code storage}, the second side. */
    static Side other(ScalarModel model, Storage storage, String owner) {
      return new Side(model, storage, owner, CodeBlock.of("$N.layout()", owner), "B", "p", "pst",
          "t", "y");
    }

    /** The segment expression: a local for chunked storage, else the storage's one segment. */
    CodeBlock segmentExpr() {
      return storage.chunked() ? CodeBlock.of("$N", segment)
          : storage.segmentOf(owner, CodeBlock.of("$N", offset));
    }
  }

  /** The element of one side at the current loop position. */
  record Element(Side side, CodeBlock segment, CodeBlock index) {
    /** The stored value, e.g. {@code data[o]} or {@code s.get(o)}. */
    CodeBlock stored() {
      return side.storage.load(side.model, segment, index);
    }

    /** The logical value (the stored value converted, for a converting type). */
    CodeBlock value() {
      return side.model.toLogical(stored());
    }

    /** The statement storing a stored value here. */
    CodeBlock storeStored(CodeBlock storedValue) {
      return side.storage.store(side.model, segment, index, storedValue);
    }

    /** The statement storing a logical value here (converted, for a converting type). */
    CodeBlock storeValue(CodeBlock logicalValue) {
      return storeStored(side.model.toStorage(logicalValue));
    }
  }

  /**
   * A stretch of one side's elements within one segment: the first element, the {@code int}
   * stride between elements in the segment (exact whenever the count is above 1), and the layout
   * offset of the first element.
   */
  record Segment(Element first, CodeBlock stride, CodeBlock offset) {
    /** The segment expression, e.g. {@code data} or {@code s}. */
    CodeBlock segment() {
      return first.segment();
    }

    /** The index of the first element in the segment. */
    CodeBlock index() {
      return first.index();
    }

    /**
     * The arguments a per-segment helper takes for this segment, before its index: the segment
     * itself when the storage passes it ({@link Storage#segmentParameter}), else nothing.
     */
    CodeBlock helperArguments() {
      return first.side().storage.segmentParameter(first.side().model).isPresent()
          ? CodeBlock.of("$L, ", first.segment()) : CodeBlock.of("");
    }

    /** The layout offset ({@code long}) of element {@code position} of this segment. */
    CodeBlock offsetOf(CodeBlock position) {
      return CodeBlock.of("$L + $L * $L", offset, position, stride);
    }

    /** The element {@code position} of this segment when its stride is known to be 1. */
    Element atUnitStride(CodeBlock position) {
      return new Element(first.side(), first.segment(),
          CodeBlock.of("$L + $L", first.index(), position));
    }

    /** The element {@code position} (an {@code int} expression) of this segment. */
    Element at(CodeBlock position) {
      return new Element(first.side(), first.segment(),
          CodeBlock.of("$L + $L * $L", first.index(), position, stride));
    }
  }

  /** A body run once per element, seeing every side's element. */
  interface PerElement {
    CodeBlock apply(List<Element> elements);
  }

  /**
   * The element count of a segment: an {@code int} local of a segment cursor, or a run's
   * {@code long} length (a run of broadcast elements may hold more than an {@code int}).
   */
  record Count(CodeBlock expr, boolean isInt) {
    /** The count as an {@code int}, for counts known to fit (e.g. of a writable array). */
    CodeBlock asInt() {
      return isInt ? expr : CodeBlock.of("(int) $L", expr);
    }
  }

  /** A body run once per segment: every side's segment and the element count. */
  interface PerSegment {
    CodeBlock apply(List<Segment> segments, Count count);
  }

  /** The C-order walk of the sides' layouts (equal shapes), once per element. */
  static CodeBlock forEachElement(List<Side> sides, PerElement body) {
    return walk(sides, body, null, null);
  }

  /** The C-order walk of the sides' layouts (equal shapes), once per segment. */
  static CodeBlock forEachSegment(List<Side> sides, PerSegment body) {
    return walk(sides, null, body, null);
  }

  /**
   * The C-order walk of two sides' layouts (equal shapes), once per segment, where a walk over
   * two unchunked storages first hands each block of short rows (at most {@link #SHORT_ROW}
   * elements, as {@code x[:, ::-1, ::2]} of an {@code [n, m, 8]} array has) to the helper
   * {@code shortRows(c, that)}, whose body is {@link #shortRows}. Chunked storage walks segments
   * only.
   */
  static CodeBlock forEachSegment(List<Side> sides, String shortRows, PerSegment body) {
    if (sides.size() != 2 || chunked(sides)) {
      return walk(sides, null, body, null);
    }
    return walk(sides, null, body, CodeBlock.builder()
        .beginControlFlow("if (c.count() <= $L && c.rows() > 1)", SHORT_ROW)
        .addStatement("$N(c, $N)", shortRows, sides.get(1).owner)
        .addStatement("continue")
        .endControlFlow()
        .build());
  }

  /**
   * The body of a two-sided walk's helper for a block of short rows of {@code NdIter c}: one loop
   * over the rows, each row's elements unrolled by a fall-through switch on the row length at
   * constant offsets from the row's first element, {@code perElement} giving one element's
   * statement. A loop per row of 4 pays C2's loop set-up per row; as {@code toArray}'s short runs,
   * this runs as a hand-unrolled plain loop. The helper needs
   * {@code @SuppressWarnings("fallthrough")}.
   */
  static CodeBlock shortRows(List<Side> sides, PerElement perElement) {
    CodeBlock.Builder b = CodeBlock.builder().addStatement("int len = (int) c.count()");
    StringBuilder init = new StringBuilder("int r = (int) c.rows()");
    StringBuilder steps = new StringBuilder("r--");
    for (int i = 0; i < sides.size(); i++) {
      Side side = sides.get(i);
      b.addStatement("int $N = (int) c.stride($L)", side.stride, i);
      b.addStatement("int $NRow = (int) c.rowStride($L)", side.offset, i);
      init.append(", ").append(side.offset).append(" = (int) c.offset(").append(i).append(')');
      steps.append(", ").append(side.offset).append(" += ").append(side.offset).append("Row");
    }
    b.beginControlFlow("for ($L; r > 0; $L)", init, steps).beginControlFlow("switch (len)");
    for (int k = SHORT_ROW - 1; k >= 0; k--) {
      List<Element> at = new ArrayList<>();
      for (Side side : sides) {
        CodeBlock index = k == 0 ? CodeBlock.of("$N", side.offset)
            : CodeBlock.of("$N + $L * $N", side.offset, k, side.stride);
        at.add(new Element(side, side.storage.segmentOf(side.owner, index), index));
      }
      b.add(k == 0 ? CodeBlock.of("default:\n") : CodeBlock.of("case $L:\n", k + 1)).indent()
          .add(perElement.apply(at)).unindent();
    }
    return b.endControlFlow().endControlFlow().build();
  }

  /** The longest row a two-sided walk copies unrolled ({@link #shortRows}). */
  static final int SHORT_ROW = 8;

  /**
   * The C-order walk of one side's layout, once per segment, where a walk over unchunked storage
   * first gives each block of its {@code NdIter c} to {@code blockShortcut}: statements that
   * may handle the whole block and {@code continue} with the next one (short runs, say, which a
   * per-run loop would pay a loop's set-up for). Chunked storage walks segments only.
   */
  static CodeBlock forEachSegment(Side side, CodeBlock blockShortcut, PerSegment body) {
    return walk(List.of(side), null, body, blockShortcut);
  }

  /**
   * The declaration a method that walks lines ({@link #lineElements}, {@link #lineSegments})
   * makes once before its loop over the lines: the line cursor of chunked storage, else nothing.
   */
  static CodeBlock lineCursor(Side side) {
    if (!side.storage.chunked()) {
      return CodeBlock.of("");
    }
    return CodeBlock.of("$T $N = $T.line($L, $L);\n", SEGMENT_CURSOR, LINE_CURSOR,
        SEGMENT_CURSOR, memory(side), side.model.itemSize());
  }

  /** One side's run at {@code offset} with {@code stride} and {@code length}, per element. */
  static CodeBlock lineElements(Side side, CodeBlock offset, CodeBlock stride, CodeBlock length,
      PerElement body) {
    return line(side, offset, stride, length, body, null);
  }

  /** One side's run at {@code offset} with {@code stride} and {@code length}, per segment. */
  static CodeBlock lineSegments(Side side, CodeBlock offset, CodeBlock stride, CodeBlock length,
      PerSegment body) {
    return line(side, offset, stride, length, null, body);
  }

  /**
   * Inside a per-segment body: a loop over the segments' elements, on copies of their indices
   * (so the walk's own variables stay as they are). For counts that fit an {@code int}: the
   * elements of a Java array being filled; the body may read the position {@code q}.
   */
  static CodeBlock loop(List<Segment> segments, Count count, PerElement body) {
    LoopParts parts = LoopParts.of(segments);
    return CodeBlock.builder()
        .beginControlFlow("for (int q = 0, $L; q < $L; $L)", parts.indices, count.expr(),
            parts.steps)
        .add(body.apply(parts.elements))
        .endControlFlow()
        .build();
  }

  /**
   * {@link #loop}, for a body that does not read the position {@code q}, over a count of any
   * size: a run of unchunked storage may hold more than an {@code int}'s worth of elements even
   * when written (a writable {@code asStrided} view of stride 0). The loop over the first
   * {@code Integer.MAX_VALUE} elements stays {@code int}-counted (C2 unrolls and range-checks
   * those); a second loop, {@code long}-counted, takes the rest and is skipped with one comparison
   * for every count that fits an {@code int}. The element indices, declared once before both,
   * go on from the first loop into the second.
   */
  static CodeBlock anyCountLoop(List<Segment> segments, Count count, PerElement body) {
    if (count.isInt()) {
      return loop(segments, count, body);
    }
    LoopParts parts = LoopParts.of(segments);
    CodeBlock each = body.apply(parts.elements);
    return CodeBlock.builder()
        .add("{\n").indent()
        .addStatement("int $L", parts.indices)
        .beginControlFlow("for (int q = 0, m = (int) $T.min($L, $T.MAX_VALUE); q < m; $L)",
            Math.class, count.expr(), Integer.class, parts.steps)
        .add(each)
        .endControlFlow()
        .beginControlFlow("for (long q = $T.MAX_VALUE; q < $L; $L)", Integer.class, count.expr(),
            parts.steps)
        .add(each)
        .endControlFlow()
        .unindent().add("}\n")
        .build();
  }

  /**
   * What a loop over segments declares and steps: each side's index copy ({@code x = o}), its
   * step ({@code x += st}, after {@code q++}) and its element at that copy.
   */
  private record LoopParts(String indices, String steps, List<Element> elements) {
    static LoopParts of(List<Segment> segments) {
      List<String> indices = new ArrayList<>();
      StringBuilder steps = new StringBuilder("q++");
      List<Element> elements = new ArrayList<>();
      for (Segment seg : segments) {
        Side side = seg.first().side();
        indices.add(side.loopIndex + " = " + seg.index());
        steps.append(", ").append(side.loopIndex).append(" += ").append(seg.stride());
        elements.add(new Element(side, seg.segment(), CodeBlock.of("$N", side.loopIndex)));
      }
      return new LoopParts(String.join(", ", indices), steps.toString(), elements);
    }
  }

  /**
   * The element at {@code index} of the segment a per-segment helper method works on: its segment
   * parameter ({@link Storage#segmentParameter}), or the storage's own segment.
   */
  static Element helperElement(ScalarModel model, Storage storage, CodeBlock index) {
    CodeBlock segment = storage.segmentParameter(model)
        .map(p -> CodeBlock.of("$N", p.name()))
        .orElseGet(() -> storage.segmentOf("this", index));
    return new Element(Side.self(model, storage), segment, index);
  }

  private static boolean chunked(List<Side> sides) {
    return sides.stream().anyMatch(side -> side.storage.chunked());
  }

  private static CodeBlock memory(Side side) {
    return side.storage.memory(side.owner).orElse(CodeBlock.of("null"));
  }

  private static CodeBlock walk(List<Side> sides, PerElement perElement, PerSegment perSegment,
      CodeBlock blockShortcut) {
    CodeBlock.Builder b = CodeBlock.builder();
    if (!chunked(sides)) {
      List<CodeBlock> offsets = new ArrayList<>();
      List<CodeBlock> strides = new ArrayList<>();
      if (sides.size() == 1) {
        // Blocks of runs: the iterator steps once per row of runs, so short runs (a step on the
        // last axis) cost a loop iteration each, not an iterator step; a layout that is one run
        // is one block of one row, built with no arrays of its own.
        b.beginControlFlow("for ($T c = $T.sameShape($T.C, $L); c.next(); )", ND_ITER, ND_ITER,
            ND_ITER.nestedClass("Order"), sides.get(0).layout);
        if (blockShortcut != null) {
          b.add(blockShortcut);
        }
        b.beginControlFlow("for (long row = c.offset(0), r = 0, rows = c.rows(); r < rows;"
                + " r++, row += c.rowStride(0))");
        offsets.add(CodeBlock.of("row"));
        strides.add(CodeBlock.of("c.stride(0)"));
        return b.add(run(sides, offsets, strides, CodeBlock.of("c.count()"), perElement,
            perSegment)).endControlFlow().endControlFlow().build();
      }
      // Two arrays in lock step, as blocks of rows too (NdIter in C order, shapes equal): the
      // iterator steps once per row of runs, not once per run.
      b.beginControlFlow("for ($T c = $T.sameShape($T.C, $L, $L); c.next(); )", ND_ITER, ND_ITER,
          ND_ITER.nestedClass("Order"), sides.get(0).layout, sides.get(1).layout);
      if (blockShortcut != null) {
        b.add(blockShortcut);
      }
      b.beginControlFlow("for (long rowA = c.offset(0), rowB = c.offset(1), r = 0,"
          + " rows = c.rows(); r < rows; r++, rowA += c.rowStride(0), rowB += c.rowStride(1))");
      offsets.add(CodeBlock.of("rowA"));
      offsets.add(CodeBlock.of("rowB"));
      strides.add(CodeBlock.of("c.stride(0)"));
      strides.add(CodeBlock.of("c.stride(1)"));
      return b.add(run(sides, offsets, strides, CodeBlock.of("c.count()"), perElement,
          perSegment)).endControlFlow().endControlFlow().build();
    }
    if (sides.size() == 1) {
      b.beginControlFlow("for ($T c = $T.of($L, $L, $L); c.next(); )", SEGMENT_CURSOR,
          SEGMENT_CURSOR, sides.get(0).layout, memory(sides.get(0)),
          sides.get(0).model.itemSize());
    } else {
      b.beginControlFlow("for ($T c = $T.pair($L, $L,$W$L, $L, $L); c.next(); )", SEGMENT_CURSOR,
          SEGMENT_CURSOR, sides.get(0).layout, memory(sides.get(0)), sides.get(1).layout,
          memory(sides.get(1)), sides.get(0).model.itemSize());
    }
    return b.add(segment(sides, "c", perElement, perSegment)).endControlFlow().build();
  }

  /** One run of unchunked sides: {@code int} offsets and strides, the run one segment. */
  private static CodeBlock run(List<Side> sides, List<CodeBlock> offsets, List<CodeBlock> strides,
      CodeBlock length, PerElement perElement, PerSegment perSegment) {
    CodeBlock.Builder b = CodeBlock.builder();
    for (int s = 0; s < sides.size(); s++) {
      b.addStatement("int $N = (int) $L", sides.get(s).offset, offsets.get(s));
      b.addStatement("int $N = (int) $L", sides.get(s).stride, strides.get(s));
    }
    if (perElement == null) {
      List<Segment> segments = new ArrayList<>();
      for (Side side : sides) {
        segments.add(new Segment(element(side), CodeBlock.of("$N", side.stride),
            CodeBlock.of("$N", side.offset)));
      }
      return b.add(perSegment.apply(segments, new Count(length, false))).build();
    }
    StringBuilder steps = new StringBuilder("k++");
    List<Element> elements = new ArrayList<>();
    for (Side side : sides) {
      steps.append(", ").append(side.offset).append(" += ").append(side.stride);
      elements.add(element(side));
    }
    return b.beginControlFlow("for (long k = 0, n = $L; k < n; $L)", length, steps)
        .add(perElement.apply(elements))
        .endControlFlow()
        .build();
  }

  /** One segment of a segment cursor {@code cursor}: each side's container, index and stride. */
  private static CodeBlock segment(List<Side> sides, String cursor, PerElement perElement,
      PerSegment perSegment) {
    CodeBlock.Builder b = CodeBlock.builder();
    List<Segment> segments = new ArrayList<>();
    for (Side side : sides) {
      if (side.storage.chunked()) {
        b.addStatement("$T $N = $L", side.storage.segmentType(side.model), side.segment,
            side.storage.segmentAt(side.owner, CodeBlock.of("$N.chunk$L()", cursor,
                side.letter)));
      }
      b.addStatement("int $N = $N.index$L()", side.offset, cursor, side.letter);
      b.addStatement("int $N = $N.stride$L()", side.stride, cursor, side.letter);
      segments.add(new Segment(element(side), CodeBlock.of("$N", side.stride),
          CodeBlock.of("$N.offset$L()", cursor, side.letter)));
    }
    b.addStatement("int count = $N.count()", cursor);
    if (perElement == null) {
      return b.add(perSegment.apply(segments, new Count(CodeBlock.of("count"), true))).build();
    }
    StringBuilder steps = new StringBuilder("e++");
    List<Element> elements = new ArrayList<>();
    for (Side side : sides) {
      steps.append(", ").append(side.offset).append(" += ").append(side.stride);
      elements.add(element(side));
    }
    return b.beginControlFlow("for (int e = 0; e < count; $L)", steps)
        .add(perElement.apply(elements))
        .endControlFlow()
        .build();
  }

  private static CodeBlock line(Side side, CodeBlock offset, CodeBlock stride, CodeBlock length,
      PerElement perElement, PerSegment perSegment) {
    if (!side.storage.chunked()) {
      return run(List.of(side), List.of(offset), List.of(stride), length, perElement, perSegment);
    }
    return CodeBlock.builder()
        .beginControlFlow("for ($N.start($L, $L, $L); $N.next(); )", LINE_CURSOR, offset, stride,
            length, LINE_CURSOR)
        .add(segment(List.of(side), LINE_CURSOR, perElement, perSegment))
        .endControlFlow()
        .build();
  }

  /** The side's current element: its segment, indexed by its offset variable. */
  private static Element element(Side side) {
    return new Element(side, side.segmentExpr(), CodeBlock.of("$N", side.offset));
  }
}
