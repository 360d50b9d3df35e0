/** Lookups: one exam, a semester's regular attempt, all semesters merged by regulation; each answers through an answer store. */
package in.results.lookup;
