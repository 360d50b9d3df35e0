/** Where answers are kept, embedded or shared through Redis: lifetimes, stale copies, single-flight loads. */
package in.results.store;
