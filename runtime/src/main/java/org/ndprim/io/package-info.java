/**
 * NumPy's {@code .npy} files (format versions 1.0, 2.0 and 3.0, as {@code numpy.lib.format}
 * defines them): {@link org.ndprim.io.Npy} reads, writes and memory-maps arrays, reading exactly
 * the headers {@code numpy.load} accepts and writing the bytes {@code np.save} writes;
 * {@link org.ndprim.io.AtomicFile} replaces a file atomically.
 */
package org.ndprim.io;
