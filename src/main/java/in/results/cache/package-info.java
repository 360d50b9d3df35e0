/** Answer store: fresh time-to-live, a stale copy for when the university is down, and single-flight loading. */
package in.results.cache;
