/**
 * ndprim: n-dimensional arrays of unboxed Java scalars with zero-copy strided views, NumPy basic
 * indexing and {@code .npy} files.
 *
 * <p>The API is in four packages:
 * <ul>
 *   <li>{@link org.ndprim} — {@code Shape}, {@code Index}/{@code Indices}, the root
 *       {@code NdArray}, {@code ScalarType}, the {@code @NdScalar} spec annotation and the generated
 *       typed arrays ({@code IntNdArray}, {@code FloatNdArray}, ...);</li>
 *   <li>{@link org.ndprim.io} — {@code .npy} reading, writing and memory mapping;</li>
 *   <li>{@link org.ndprim.ufunc} — computing: NumPy's type promotion, and the operations to
 *       come;</li>
 *   <li>{@link org.ndprim.linalg} — NumPy's matrix products ({@code matmul}, {@code dot},
 *       ...).</li>
 * </ul>
 *
 * <p>Four more packages are exported as <em>support for generated code</em>: the classes that
 * the annotation processor generates from a user's own {@code @NdScalar} spec live in the user's
 * module and call into them, so they must be readable from any module, not only from this one.
 * {@link org.ndprim.layout} (the strided {@code Layout} and its cursors; {@code NdArray.layout()}
 * returns one), {@link org.ndprim.storage} (the {@code Chunks} memory of buffer-backed arrays;
 * {@code ScalarType.wrap(Shape, Chunks)} takes one), {@link org.ndprim.text} (NumPy-style
 * element and array text) and {@link org.ndprim.interop} (nested Java arrays). They are public
 * and documented, and useful directly, but shaped by what generated code needs: most programs
 * use only the first four packages.
 *
 * <p>{@code java.compiler} is required {@code static transitive}: generated types carry the
 * source-retention {@code @javax.annotation.processing.Generated}, so a module compiling its own
 * generated types must read {@code java.compiler} at compile time, and reads it through this
 * module. Nothing of it is needed at run time.
 */
module org.ndprim {
  requires static transitive java.compiler;

  exports org.ndprim;
  exports org.ndprim.io;
  exports org.ndprim.layout;
  exports org.ndprim.storage;
  exports org.ndprim.text;
  exports org.ndprim.interop;
  exports org.ndprim.ufunc;
  exports org.ndprim.linalg;
}
