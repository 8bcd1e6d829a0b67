/**
 * Support for generated code: {@link org.ndprim.storage.Chunks}, the byte-buffer memory of
 * buffer-backed arrays (heap, direct or memory-mapped, several chunks beyond 2 GiB); the segment
 * cursor that cuts runs at chunk boundaries; and the per-thread {@link org.ndprim.storage.Scratch}
 * arrays of bulk reads. Exported because code generated from a user's {@code @NdScalar} spec calls
 * into it; {@code ScalarType.wrap(Shape, Chunks)} takes one.
 */
package org.ndprim.storage;
