/**
 * A user's module with its own scalar type: {@code FixedNdArray} is generated into
 * {@code com.example.fixedpoint} and exported, so {@code org.ndprim}, whose types its API shows,
 * is required {@code transitive}.
 */
module com.example.fixedpoint {
  requires transitive org.ndprim;

  exports com.example.fixedpoint;
}
