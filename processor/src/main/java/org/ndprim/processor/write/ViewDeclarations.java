package org.ndprim.processor.write;

import static org.ndprim.processor.write.Members.readOnlyThrows;
import static org.ndprim.processor.write.RuntimeNames.INDEX;
import static org.ndprim.processor.write.RuntimeNames.READ_ONLY;
import static org.ndprim.processor.write.RuntimeNames.LAYOUT;
import static org.ndprim.processor.write.RuntimeNames.SHAPE;
import static org.ndprim.processor.write.RuntimeNames.STRIDED_SLICE_OPTIONS;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.ndprim.processor.model.ScalarModel;

/**
 * The declarations of the views in {@code <name>NdArray}, with their Javadoc: strided slices,
 * Swift subarrays, transpose, reshape, broadcast, squeeze/expandDims, read-only views, and
 * assignment into a view. Their implementations are the runtime's {@code StridedNdArray}: one
 * call into {@code Layout} each, keeping the read-only flag. Pure: no javac state.
 */
final class ViewDeclarations {
  private static final String VIEW_RETURN = "@return a view sharing this array's storage (read-only"
      + " if this array is)\n";
  private static final String RANK0 = "@throws $T if this array has rank 0\n";

  private ViewDeclarations() {}

  /** The type Javadoc paragraph about views and read-only arrays. */
  static CodeBlock typeDoc() {
    return CodeBlock.of("\n<p>More views: {@link #stridedSlice} (TF), {@link #subarray},"
        + " {@link #prefix}, {@link #suffix}\n(Swift), {@link #transpose}, {@link #permute},"
        + " {@link #reshapeView(Shape)}, {@link #squeeze()},\n{@link #expandDims}, all O(rank)"
        + " without copying; {@link #reshape(Shape)} is a view when the strides\nallow one and a"
        + " copy otherwise, as NumPy's. {@link #broadcastTo} and {@link #readOnly()}\nviews are"
        + " read-only: every write through them throws {@link $T}.\n", READ_ONLY);
  }

  // ------------------------------------------------------------------------------- interface

  /**
   * Returns the view methods of {@code <name>NdArray}: covariant overrides of the untyped forms
   * in {@code NdArray} and the typed {@code set} methods.
   */
  static List<MethodSpec> declarations(ScalarModel model) {
    return List.of(
        stridedSlice(model),
        stridedSliceOptions(model),
        subarray(model),
        prefix(model, "prefix", "first", "prefix"),
        prefix(model, "suffix", "last", "suffix"),
        setAt(model),
        setSlice(model),
        setAll(model),
        transpose(model),
        permute(model),
        reshape(model),
        reshapeDims(model),
        reshapeView(model),
        reshapeViewDims(model),
        broadcastTo(model),
        squeeze(model),
        squeezeAxis(model),
        expandDims(model),
        asStrided(model),
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
        .addJavadoc("With an array entry ({@link org.ndprim.Indices#take(long...)},"
            + " {@link org.ndprim.Indices#mask})\nit is NumPy's scatter,"
            + " {@link org.ndprim.NdArray#assign(org.ndprim.NdArray, Index...)}, which\n"
            + "broadcasts {@code src}.\n\n")
        .addJavadoc("@param src the elements, of shape {@code slice(indices).shape()}\n")
        .addJavadoc("@param indices a spec, as {@link #slice(Index...)}\n")
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

  /**
   * {@code set(src)}: without it {@code a.set(src)} (TF-Java's {@code v.set(vector(...))}) is
   * ambiguous between the two varargs forms; a fixed-arity method is chosen before either.
   */
  private static MethodSpec setAll(ScalarModel model) {
    return MethodSpec.methodBuilder("set")
        .addModifiers(Modifier.PUBLIC, Modifier.DEFAULT)
        .returns(model.arrayInterface())
        .addParameter(model.arrayInterface(), "src")
        .addStatement("return set(src, new long[0])")
        .addJavadoc("Copies {@code src} into this whole array, as TF-Java's"
            + " {@code v.set(vector(...))} and NumPy's\n{@code a[...] = src} without"
            + " broadcasting. It is {@code set(src, new long[0])}, with the checks of\n"
            + "{@link #set($T, long...)}. Overlapping storage is safe: as if {@code src} were"
            + " copied first.\n\n", model.arrayInterface())
        .addJavadoc("@param src the elements, of shape {@code shape()}\n")
        .addJavadoc("@return this array\n")
        .addJavadoc(readOnlyThrows("this array"))
        .addJavadoc("@throws IllegalArgumentException if the shapes differ: \"shape mismatch:"
            + " cannot assign an\n    array of shape (3,) to a destination of shape (2,)\";"
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
        .addJavadoc("Returns the same elements in C order with another shape, NumPy's"
            + " {@code a.reshape(shape)}: a view\nwhen the strides allow one (any C-contiguous"
            + " array; another view when each group of merged or\nsplit axes is contiguous"
            + " within itself, NumPy's no-copy rule), else a new C-order copy.\n"
            + "{@link #reshapeView(Shape)} never copies.\n\n")
        .addJavadoc("@param shape the new shape, of the same size\n")
        .addJavadoc("@return a view sharing this array's storage (read-only if this array is),"
            + " or a writable copy\n")
        .addJavadoc("@throws IllegalArgumentException if the sizes differ (\"cannot reshape"
            + " array of size 12 into\n    shape (5,3)\")\n")
        .build();
  }

  private static MethodSpec reshapeDims(ScalarModel model) {
    return abstractView(model, "reshape")
        .addParameter(long[].class, "dims")
        .varargs()
        .addJavadoc("Returns {@link #reshape(Shape)} of the shape {@code dims} with one negative"
            + " entry (NumPy's {@code -1})\ninferred from the size, as NumPy's"
            + " {@code a.reshape(2, -1)}: a view when the strides allow one,\nelse a copy.\n\n")
        .addJavadoc("@param dims the new dimensions, at most one negative\n")
        .addJavadoc("@return a view sharing this array's storage (read-only if this array is),"
            + " or a writable copy\n")
        .addJavadoc("@throws IllegalArgumentException if more than one entry is negative (\"can"
            + " only specify one\n    unknown dimension\") or the sizes cannot match (\"cannot"
            + " reshape array of size 12 into\n    shape (5,newaxis)\")\n")
        .build();
  }

  private static MethodSpec reshapeView(ScalarModel model) {
    return abstractView(model, "reshapeView")
        .addParameter(SHAPE, "shape")
        .addJavadoc("Returns a view of the same elements in C order with another shape, NumPy's\n"
            + "{@code a.reshape(shape, copy=False)}: always a view or an error, never a copy, for"
            + " code that must\nwrite through the result or must not allocate.\n\n")
        .addJavadoc("@param shape the new shape, of the same size\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if the sizes differ, or no view exists (the"
            + " message names the\n    axes whose strides do not merge)\n")
        .build();
  }

  private static MethodSpec reshapeViewDims(ScalarModel model) {
    return abstractView(model, "reshapeView")
        .addParameter(long[].class, "dims")
        .varargs()
        .addJavadoc("Returns {@link #reshapeView(Shape)} of the shape {@code dims} with one"
            + " negative entry inferred,\nas NumPy's {@code a.reshape(2, -1, copy=False)}.\n\n")
        .addJavadoc("@param dims the new dimensions, at most one negative\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if more than one entry is negative, the"
            + " sizes cannot match,\n    or no view exists\n")
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

  private static MethodSpec asStrided(ScalarModel model) {
    return abstractView(model, "asStrided")
        .addParameter(LAYOUT, "layout")
        .addJavadoc("Returns a view of this array's storage with any layout whose element offsets"
            + " lie within this\narray's extent {@code [layout().minOffset(),"
            + " layout().maxOffset()]}, as NumPy's\n{@code numpy.lib.stride_tricks.as_strided}"
            + " but checked. Offsets and strides count storage\nelements. Several coordinates"
            + " may share an element, as in NumPy.\n\n")
        .addJavadoc("@param layout the view's offset, shape and strides\n")
        .addJavadoc(VIEW_RETURN)
        .addJavadoc("@throws IllegalArgumentException if an element offset of {@code layout}"
            + " lies outside this\n    array's extent (the message names both ranges)\n")
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
}
