/** Bulk lookups of a hall ticket range: the jobs, their registry, and what a request sees of its job. */
package in.results.bulk;
