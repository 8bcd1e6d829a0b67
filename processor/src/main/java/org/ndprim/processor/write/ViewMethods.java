package org.ndprim.processor.write;

import static org.ndprim.processor.write.KernelMethods.override;
import static org.ndprim.processor.write.RuntimeNames.INDEX;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;

/**
 * The view part of the generated types (issue 3): strided slices, Swift subarrays, transpose,
 * reshape, broadcast, squeeze/expandDims, read-only views, and assignment into a view. A writer
 * part, not a writer: {@link ArrayInterfaceWriter} and {@link DenseClassWriter} add what it
 * returns. Every method is one call into {@code Layout} plus the read-only flag, which the dense
 * class carries into every view it makes ({@code view(Layout)}) and checks before every write
 * ({@code checkWritable()}). Pure: no javac state.
 */
final class ViewMethods {
  static final ClassName STRIDED_SLICE_OPTIONS =
      ClassName.get("org.ndprim", "StridedSliceOptions");
  static final ClassName READ_ONLY = ClassName.get("org.ndprim", "ReadOnlyArrayException");

  /** The dense class's private method every write path calls first. */
  static final String CHECK_WRITABLE = "checkWritable";
  /** The dense class's private method every view goes through, keeping the read-only flag. */
  static final String VIEW = "view";
  private static final String READ_ONLY_FIELD = "readOnly";
  private static final String ASSIGN = "assign";

  private static final String VIEW_RETURN = "@return a view sharing this array's storage (read-only"
      + " if this array is)\n";
  private static final String RANK0 = "@throws $T if this array has rank 0\n";

  private ViewMethods() {}

  /**
   * Javadoc line for a write method: the read-only exception, thrown before anything is written.
   */
  static CodeBlock readOnlyThrows(String whose) {
    return CodeBlock.of("@throws $T if $L is read-only (a broadcast or read-only view);\n"
        + "    nothing is written\n", READ_ONLY, whose);
  }

  /** The statement every write path of the dense class starts with. */
  static CodeBlock checkWritable() {
    return CodeBlock.of("$N();\n", CHECK_WRITABLE);
  }

  /** The type Javadoc paragraph about views and read-only arrays. */
  static CodeBlock typeDoc() {
    return CodeBlock.of("\n<p>More views: {@link #stridedSlice} (TF), {@link #subarray},"
        + " {@link #prefix}, {@link #suffix}\n(Swift), {@link #transpose}, {@link #permute},"
        + " {@link #reshape}, {@link #squeeze()},\n{@link #expandDims}, all O(rank) without"
        + " copying. {@link #broadcastTo} and {@link #readOnly()}\nviews are read-only: every"
        + " write through them throws {@link $T}.\n", READ_ONLY);
  }

  // ------------------------------------------------------------------------------- interface

  /**
   * Returns the view methods of {@code <name>NdArray}: covariant overrides of the untyped forms
   * in {@code NdArray} and the typed {@code set} methods.
   */
  static List<MethodSpec> interfaceMethods(ScalarModel model) {
    return List.of(
        stridedSlice(model),
        stridedSliceOptions(model),
        subarray(model),
        prefix(model, "prefix", "first", "prefix"),
        prefix(model, "suffix", "last", "suffix"),
        setAt(model),
        setSlice(model),
        transpose(model),
        permute(model),
        reshape(model),
        broadcastTo(model),
        squeeze(model),
        squeezeAxis(model),
        expandDims(model),
        readOnly(model));
  }

  private static MethodSpec.Builder abstractView(ScalarModel model, String name) {
    return MethodSpec.methodBuilder(name)
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface());
  }

  private static MethodSpec stridedSlice(ScalarModel model) {
    return MethodSpec.methodBuilder("stridedSlice")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .addAnnotation(Override.class)
        .returns(model.arrayInterface())
        .addParameter(long[].class, "begin")
        .addParameter(long[].class, "end")
        .addParameter(long[].class, "strides")
        .addJavadoc("Returns the view selected by a TF {@code StridedSlice} with every mask 0,"
            + " i.e.\n{@code stridedSlice(begin, end, strides, StridedSliceOptions.none())}:"
            + " each entry is the\nrange {@code begin[i]:end[i]:strides[i]} of axis {@code i},"
            + " clamped as NumPy slicing.\n\n")
        .addJavadoc("@param begin the first position of each entry (negative counts from the"
            + " end once)\n")
        .addJavadoc("@param end the exclusive end of each entry\n")
        .addJavadoc("@param strides the step of each entry, not 0\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if the arrays differ in length or hold 32"
            + " or more entries,\n    or a stride is 0\n")
        .addJavadoc("@throws $T if there are more entries than axes\n", RuntimeNames.ILLEGAL_RANK)
        .addStatement("return stridedSlice(begin, end, strides, $T.none())", STRIDED_SLICE_OPTIONS)
        .build();
  }

  private static MethodSpec stridedSliceOptions(ScalarModel model) {
    return abstractView(model, "stridedSlice")
        .addParameter(long[].class, "begin")
        .addParameter(long[].class, "end")
        .addParameter(long[].class, "strides")
        .addParameter(STRIDED_SLICE_OPTIONS, "options")
        .addJavadoc("Returns the view selected by a TF {@code StridedSlice}, as TF's kernel"
            + " computes it: entry\n{@code i} is {@code begin[i]}, {@code end[i]},"
            + " {@code strides[i]} and bit {@code i} of each\nmask ({@code begin_mask},"
            + " {@code end_mask}, {@code ellipsis_mask}, {@code new_axis_mask},\n"
            + "{@code shrink_axis_mask}). Mask precedence is TF's: ellipsis, then new axis, then"
            + " shrink, then\nrange; a shrink entry takes {@code begin[i]} and needs a positive"
            + " stride; a masked end of a\nnegative-stride range runs to before index 0. See\n"
            + "{@link $T#stridedSlice(long[], long[], long[], $T)} for every rule.\n\n",
            LAYOUT, STRIDED_SLICE_OPTIONS)
        .addJavadoc("@param begin the first position (or shrink index) of each entry\n")
        .addJavadoc("@param end the exclusive end of each entry\n")
        .addJavadoc("@param strides the step of each entry, not 0\n")
        .addJavadoc("@param options the five masks\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException (TF's texts) if the arrays differ in length"
            + " or hold 32 or\n    more entries, several ellipsis bits are set, a stride is 0, or"
            + " a shrink entry's stride is\n    below 1\n")
        .addJavadoc("@throws $T if the entries consume more axes than there are\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if a shrink index is outside its axis\n")
        .build();
  }

  private static MethodSpec subarray(ScalarModel model) {
    return abstractView(model, "subarray")
        .addParameter(TypeName.LONG, "start")
        .addParameter(TypeName.LONG, "end")
        .addJavadoc("Returns positions {@code start} (inclusive) to {@code end} (exclusive) of"
            + " the leading axis,\nkeeping the rank: Swift's subarray {@code a[start..<end]} with"
            + " the clamping of NumPy's\n{@code a[start:end]} (a negative bound counts from the"
            + " end once, bounds clamp to the axis,\n{@code start >= end} is empty). Positions in"
            + " the view start at 0, as NumPy (not Swift's\nbase-relative indices).\n\n")
        .addJavadoc("@param start the first position\n")
        .addJavadoc("@param end the position after the last\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc(RANK0, RuntimeNames.ILLEGAL_RANK)
        .build();
  }

  private static MethodSpec prefix(ScalarModel model, String name, String which, String swift) {
    return abstractView(model, name)
        .addParameter(TypeName.LONG, "k")
        .addJavadoc("Returns the $L {@code k} positions of the leading axis, keeping the rank,"
            + " as Swift's\n{@code ShapedArraySlice.$L(k)}: {@code k} beyond the length clamps"
            + " to the length\n(Swift's {@code Collection}).\n\n", which, swift)
        .addJavadoc("@param k how many positions, at least 0\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if {@code k < 0}\n")
        .addJavadoc(RANK0, RuntimeNames.ILLEGAL_RANK)
        .build();
  }

  private static MethodSpec setAt(ScalarModel model) {
    return MethodSpec.methodBuilder("set")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addParameter(long[].class, "coords")
        .varargs()
        .addJavadoc("Copies {@code src} into the view {@code get(coords)}, as Swift's"
            + " {@code matrix[i] = element} and\nNumPy's {@code a[i, j] = src} without"
            + " broadcasting (for that, pass\n{@code src.broadcastTo(...)}). Overlapping storage"
            + " is safe: as if {@code src} were copied first.\n\n")
        .addJavadoc("@param src the elements, of shape {@code get(coords).shape()}\n")
        .addJavadoc("@param coords coordinates of the leading axes; negative counts from the"
            + " end\n")
        .addJavadoc("@return this array\n")
        .addJavadoc(readOnlyThrows("this array"))
        .addJavadoc("@throws $T if more coordinates than axes are given\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if a coordinate is outside its axis\n")
        .addJavadoc("@throws IllegalArgumentException if the shapes differ: \"shape mismatch:"
            + " cannot assign an\n    array of shape (3,) to a destination of shape (2,)\";"
            + " nothing is written\n")
        .build();
  }

  private static MethodSpec setSlice(ScalarModel model) {
    return MethodSpec.methodBuilder("set")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addParameter(ArrayTypeName.of(INDEX), "indices")
        .varargs()
        .addJavadoc("Copies {@code src} into the view {@code slice(indices)}, as NumPy's"
            + " {@code a[indices] = src}\nwithout broadcasting and Swift's"
            + " {@code matrix[a..<b] = subarray}. Overlapping storage is safe:\nas if"
            + " {@code src} were copied first.\n\n")
        .addJavadoc("@param src the elements, of shape {@code slice(indices).shape()}\n")
        .addJavadoc("@param indices a basic-indexing spec, as {@link #slice(Index...)}\n")
        .addJavadoc("@return this array\n")
        .addJavadoc(readOnlyThrows("this array"))
        .addJavadoc("@throws $T if the spec indexes more axes than there are\n",
            RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if an integer index is outside its axis\n")
        .addJavadoc("@throws IllegalArgumentException if the spec is invalid (zero step, two"
            + " ellipses) or the\n    shapes differ (\"shape mismatch: ...\" naming both);"
            + " nothing is written\n")
        .build();
  }

  private static MethodSpec transpose(ScalarModel model) {
    return abstractView(model, "transpose")
        .addJavadoc("Returns the view with the axes in reverse order, NumPy's {@code a.T}: shape"
            + " {@code (2, 3, 4)}\nbecomes {@code (4, 3, 2)}; a rank-0 or rank-1 array is"
            + " unchanged.\n\n")
        .addJavadoc(VIEW_RETURN)
        .build();
  }

  private static MethodSpec permute(ScalarModel model) {
    return abstractView(model, "permute")
        .addParameter(int[].class, "axes")
        .varargs()
        .addJavadoc("Returns the view with the axes reordered, NumPy's"
            + " {@code a.transpose(axes)}: axis {@code i} of\nthe view is axis {@code axes[i]} of"
            + " this array.\n\n")
        .addJavadoc("@param axes a permutation of {@code 0 .. rank()-1}; negative counts from the"
            + " end\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws $T if {@code axes.length != rank()}\n", RuntimeNames.ILLEGAL_RANK)
        .addJavadoc("@throws IndexOutOfBoundsException if an axis is out of range (NumPy's"
            + " {@code AxisError} text)\n")
        .addJavadoc("@throws IllegalArgumentException if an axis is repeated\n")
        .build();
  }

  private static MethodSpec reshape(ScalarModel model) {
    return abstractView(model, "reshape")
        .addParameter(SHAPE, "shape")
        .addJavadoc("Returns a view of the same elements in C order with another shape, NumPy's\n"
            + "{@code a.reshape(shape, copy=False)}: always a view or an error, never a copy."
            + " Any C-contiguous\narray reshapes; another view reshapes when NumPy's no-copy"
            + " rule finds strides (each group of\nmerged or split axes contiguous within"
            + " itself). Otherwise reshape a copy:\n{@code a.copy().reshape(shape)}.\n\n")
        .addJavadoc("@param shape the new shape, of the same size\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if the sizes differ (\"cannot reshape"
            + " array of size 12 into\n    shape (5,3)\") or no view exists (\"... without"
            + " copying; use copy().reshape(...)\")\n")
        .build();
  }

  private static MethodSpec broadcastTo(ScalarModel model) {
    return abstractView(model, "broadcastTo")
        .addParameter(SHAPE, "shape")
        .addJavadoc("Returns a read-only view broadcast to {@code shape}, as"
            + " {@code numpy.broadcast_to}: the shapes\nare aligned at their last axes, each axis"
            + " of this array has the target's length or length 1;\nnew and stretched axes get"
            + " stride 0, so one element shows at many coordinates. The view's\nsize may exceed"
            + " what a Java array holds (reads are fine; {@code toArray()} and {@code copy()}\n"
            + "are not). Writes through it throw {@link $T}.\n\n", READ_ONLY)
        .addJavadoc("@param shape the target shape\n")
        .addJavadoc("@return a read-only view sharing this array's storage\n")
        .addJavadoc("@throws IllegalArgumentException if this array does not broadcast to"
            + " {@code shape} (the message\n    names both shapes)\n")
        .addJavadoc("@throws ArithmeticException if the target's size overflows a {@code long}\n")
        .build();
  }

  private static MethodSpec squeeze(ScalarModel model) {
    return abstractView(model, "squeeze")
        .addJavadoc("Returns the view without its axes of length 1, NumPy's"
            + " {@code np.squeeze(a)}.\n\n")
        .addJavadoc(VIEW_RETURN)
        .build();
  }

  private static MethodSpec squeezeAxis(ScalarModel model) {
    return abstractView(model, "squeeze")
        .addParameter(TypeName.INT, "axis")
        .addJavadoc("Returns the view without one axis of length 1, NumPy's"
            + " {@code np.squeeze(a, axis)}.\n\n")
        .addJavadoc("@param axis the axis; negative counts from the end\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IndexOutOfBoundsException if the axis is out of range\n")
        .addJavadoc("@throws IllegalArgumentException if the axis's length is not 1\n")
        .build();
  }

  private static MethodSpec expandDims(ScalarModel model) {
    return abstractView(model, "expandDims")
        .addParameter(TypeName.INT, "axis")
        .addJavadoc("Returns the view with a new axis of length 1 at position {@code axis} of"
            + " the result, NumPy's\n{@code np.expand_dims(a, axis)} (as a {@code None}"
            + " index there).\n\n")
        .addJavadoc("@param axis the new axis's position in {@code [-rank()-1, rank()]};"
            + " negative counts from the\n    end of the result\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IndexOutOfBoundsException if the axis is out of range\n")
        .build();
  }

  private static MethodSpec readOnly(ScalarModel model) {
    return abstractView(model, "readOnly")
        .addJavadoc("Returns a read-only view of this array: the same elements, but every write"
            + " through it or a\nview of it throws {@link $T}. Writes through other views of the"
            + " storage\nremain visible in it.\n\n", READ_ONLY)
        .addJavadoc("@return a read-only view sharing this array's storage\n")
        .build();
  }

  // ------------------------------------------------------------------------------ dense class

  /** The dense class's read-only flag, carried into every view it makes. */
  static FieldSpec readOnlyField() {
    return FieldSpec.builder(TypeName.BOOLEAN, READ_ONLY_FIELD, Modifier.PRIVATE, Modifier.FINAL)
        .build();
  }

  /**
   * Returns the view methods of {@code <name>DenseNdArray}: the full constructor, the private
   * helpers {@code view}, {@code checkWritable} and {@code assign}, and the implementations.
   */
  static List<MethodSpec> denseMethods(ScalarModel model) {
    return List.of(
        constructor(model),
        delegate(model, "stridedSlice", "layout.stridedSlice(begin, end, strides, options)")
            .addParameter(long[].class, "begin")
            .addParameter(long[].class, "end")
            .addParameter(long[].class, "strides")
            .addParameter(STRIDED_SLICE_OPTIONS, "options")
            .build(),
        delegate(model, "subarray", "layout.range(start, end)")
            .addParameter(TypeName.LONG, "start")
            .addParameter(TypeName.LONG, "end")
            .build(),
        delegate(model, "prefix", "layout.prefix(k)").addParameter(TypeName.LONG, "k").build(),
        delegate(model, "suffix", "layout.suffix(k)").addParameter(TypeName.LONG, "k").build(),
        denseSet(model, ArrayTypeName.of(TypeName.LONG), "coords", "get"),
        denseSet(model, ArrayTypeName.of(INDEX), "indices", "slice"),
        delegate(model, "transpose", "layout.transpose()").build(),
        delegate(model, "permute", "layout.permute(axes)")
            .addParameter(int[].class, "axes")
            .varargs()
            .build(),
        delegate(model, "reshape", "layout.reshape(shape)").addParameter(SHAPE, "shape").build(),
        override("broadcastTo", model.arrayInterface())
            .addParameter(SHAPE, "shape")
            .addStatement("return new $T(data, layout.broadcastTo(shape), true)",
                model.denseClass())
            .build(),
        delegate(model, "squeeze", "layout.squeeze()").build(),
        delegate(model, "squeeze", "layout.squeeze(axis)").addParameter(TypeName.INT, "axis")
            .build(),
        delegate(model, "expandDims", "layout.expandDims(axis)")
            .addParameter(TypeName.INT, "axis")
            .build(),
        override("readOnly", model.arrayInterface())
            .addStatement("return $N ? this : new $T(data, layout, true)", READ_ONLY_FIELD,
                model.denseClass())
            .build(),
        override("isReadOnly", TypeName.BOOLEAN)
            .addStatement("return $N", READ_ONLY_FIELD)
            .build(),
        view(model),
        checkWritableMethod(),
        assign(model));
  }

  private static MethodSpec constructor(ScalarModel model) {
    return MethodSpec.constructorBuilder()
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Creates an array over {@code data}, read-only or not; {@code layout} must"
            + " stay within it.\n")
        .addParameter(model.storageArray(), "data")
        .addParameter(LAYOUT, "layout")
        .addParameter(TypeName.BOOLEAN, READ_ONLY_FIELD)
        .addStatement("this.data = data")
        .addStatement("this.layout = layout")
        .addStatement("this.$N = $N", READ_ONLY_FIELD, READ_ONLY_FIELD)
        .build();
  }

  /** A view method: {@code return view(<layout call>);}. */
  private static MethodSpec.Builder delegate(ScalarModel model, String name, String layoutCall) {
    return override(name, model.arrayInterface())
        .addStatement("return $N($L)", VIEW, layoutCall);
  }

  private static MethodSpec denseSet(ScalarModel model, TypeName selector, String name,
      String layoutMethod) {
    return override("set", model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addParameter(selector, name)
        .varargs()
        .addCode(checkWritable())
        .addStatement("$N(layout.$N($N)).$N(src)", VIEW, layoutMethod, name, ASSIGN)
        .addStatement("return this")
        .build();
  }

  private static MethodSpec view(ScalarModel model) {
    return MethodSpec.methodBuilder(VIEW)
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Returns a view over this array's storage with the given layout; it keeps"
            + " the read-only flag.\nEvery view of this class is made here.\n")
        .returns(model.denseClass())
        .addParameter(LAYOUT, "viewLayout")
        .addStatement("return new $T(data, viewLayout, $N)", model.denseClass(), READ_ONLY_FIELD)
        .build();
  }

  private static MethodSpec checkWritableMethod() {
    return MethodSpec.methodBuilder(CHECK_WRITABLE)
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Throws if this array is read-only; every write path calls this before"
            + " touching data.\n")
        .beginControlFlow("if ($N)", READ_ONLY_FIELD)
        .addStatement("throw new $T()", READ_ONLY)
        .endControlFlow()
        .build();
  }

  private static MethodSpec assign(ScalarModel model) {
    return MethodSpec.methodBuilder(ASSIGN)
        .addModifiers(Modifier.PRIVATE)
        .addJavadoc("Copies {@code src}, of exactly this view's shape (no broadcasting, as"
            + " Swift's slice\nassignment), into this view.\n")
        .addParameter(model.arrayInterface(), "src")
        .beginControlFlow("if (!src.shape().equals(shape()))")
        .addStatement("throw new $T($S + src.shape()$W+ $S + shape())",
            IllegalArgumentException.class, "shape mismatch: cannot assign an array of shape ",
            " to a destination of shape ")
        .endControlFlow()
        .addStatement("copyFrom(src)")
        .build();
  }
}
