/** Grading rules of DESIGN §4: grade points, SGPA, overall GPA and the merging of attempts. */
package in.results.grading;
