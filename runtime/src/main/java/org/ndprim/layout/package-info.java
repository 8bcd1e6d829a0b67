/**
 * Support for generated code: the strided {@link org.ndprim.layout.Layout} (offset, shape and
 * strides in elements, NumPy's model) with all of ndprim's index and stride arithmetic, and the
 * cursors that generated loops walk. Exported because code generated from a user's
 * {@code @NdScalar} spec, in the user's module, calls into it; {@code NdArray.layout()} returns a
 * layout.
 */
package org.ndprim.layout;
