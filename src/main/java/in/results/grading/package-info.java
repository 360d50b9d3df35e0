/** Grading rules: grade points, SGPA, overall GPA and the merging of attempts. */
package in.results.grading;
