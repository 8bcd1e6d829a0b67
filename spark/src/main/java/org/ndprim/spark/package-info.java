/**
 * An Apache Spark data source for NumPy {@code .npy} and {@code .npz} files, short name
 * {@code "npy"} ({@link org.ndprim.spark.NpyDataSource}), and {@link org.ndprim.spark.NdRows},
 * which turns a partition's rows into one ndprim array and back.
 */
package org.ndprim.spark;
