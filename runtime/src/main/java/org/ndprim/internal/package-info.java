/**
 * Access between ndprim's own packages, not an API: the module does not export this package,
 * and on the class path its classes are reachable but unsupported and may change in any release.
 */
package org.ndprim.internal;
