/** Where answers are kept: fresh lifetimes, stale copies for when the university is down, single-flight loads. */
package in.results.store;
