package org.ndprim.spark;

import org.apache.spark.sql.connector.read.InputPartition;

/**
 * Rows {@code [rowStart, rowEnd)} of one {@code .npy} file, or of the aligned members of one
 * {@code .npz} archive (one {@link NpyFile} per array column read, in the order of the read
 * schema's array columns).
 *
 * @param path the file
 * @param columns the arrays read, one per array column
 * @param rowStart the first row
 * @param rowEnd one past the last row
 */
record NpyPartition(String path, NpyFile[] columns, long rowStart, long rowEnd) implements InputPartition {
}
