/** A faithful fake of the university's result web application, for tests, benchmarks and {@code --demo}. */
package in.results.simulator;
