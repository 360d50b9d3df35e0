/** Exam releases: which exam codes exist for each R18 and R22 B.Tech semester. Pure; no I/O. */
package in.results.catalog;
