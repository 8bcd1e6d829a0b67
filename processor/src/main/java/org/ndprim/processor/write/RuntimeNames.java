package org.ndprim.processor.write;

import com.palantir.javapoet.ClassName;

/**
 * Qualified names of the runtime API that generated code uses, in one table; the processor never
 * loads these classes (so the runtime can be compiled with it).
 */
final class RuntimeNames {
  private static final String ROOT = "org.ndprim";
  private static final String LAYOUT_PACKAGE = "org.ndprim.layout";

  static final ClassName SHAPE = ClassName.get(ROOT, "Shape");
  static final ClassName INDEX = ClassName.get(ROOT, "Index");
  static final ClassName INDICES = ClassName.get(ROOT, "Indices");
  static final ClassName ND_ARRAY = ClassName.get(ROOT, "NdArray");
  static final ClassName STRIDED_ND_ARRAY = ClassName.get(ROOT, "StridedNdArray");
  static final ClassName SCALAR_TYPE = ClassName.get(ROOT, "ScalarType");
  static final ClassName CAST_WRITER = ClassName.get(ROOT, "CastWriter");
  static final ClassName BUFFERED_SUM = ClassName.get(ROOT, "BufferedSum");
  static final ClassName ND_ARRAY_SEQUENCE = ClassName.get(ROOT, "NdArraySequence");
  static final ClassName ILLEGAL_RANK = ClassName.get(ROOT, "IllegalRankException");
  static final ClassName INDEX_SYNTAX = ClassName.get(ROOT, "IndexSyntaxException");
  static final ClassName READ_ONLY = ClassName.get(ROOT, "ReadOnlyArrayException");
  static final ClassName STRIDED_SLICE_OPTIONS = ClassName.get(ROOT, "StridedSliceOptions");
  static final ClassName LONG_ND_ARRAY = ClassName.get(ROOT, "LongNdArray");
  static final ClassName BOOLEAN_ND_ARRAY = ClassName.get(ROOT, "BooleanNdArray");
  static final ClassName LAYOUT = ClassName.get(LAYOUT_PACKAGE, "Layout");
  static final ClassName RUN_CURSOR = ClassName.get(LAYOUT_PACKAGE, "RunCursor");
  static final ClassName ND_ITER = ClassName.get(LAYOUT_PACKAGE, "NdIter");
  static final ClassName COORDINATE_CURSOR = ClassName.get(LAYOUT_PACKAGE, "CoordinateCursor");
  static final ClassName AXIS_LINES = ClassName.get(LAYOUT_PACKAGE, "AxisLines");
  static final ClassName ND_FORMAT = ClassName.get("org.ndprim.text", "NdFormat");
  static final ClassName NESTED_ARRAYS = ClassName.get("org.ndprim.interop", "NestedArrays");
  static final ClassName CHUNKS = ClassName.get("org.ndprim.storage", "Chunks");
  static final ClassName SEGMENT_CURSOR = ClassName.get("org.ndprim.storage", "SegmentCursor");
  static final ClassName SHARED_MEMORY = ClassName.get("org.ndprim.storage", "SharedMemory");
  static final ClassName SCRATCH = ClassName.get("org.ndprim.storage", "Scratch");

  private RuntimeNames() {}
}
