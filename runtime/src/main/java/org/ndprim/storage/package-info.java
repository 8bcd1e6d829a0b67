/**
 * Support for generated code: {@link org.ndprim.storage.Chunks}, the byte-buffer memory of
 * buffer-backed arrays (heap, direct or memory-mapped, several chunks beyond 2 GiB), and the
 * segment cursor that cuts runs at chunk boundaries. Exported because code generated from a
 * user's {@code @NdScalar} spec calls into it; {@code ScalarType.wrap(Shape, Chunks)} takes one.
 */
package org.ndprim.storage;
