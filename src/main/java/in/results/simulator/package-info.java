/**
 * A faithful fake of the university's result web application, for tests, benchmarks and {@code --demo}: the server
 * ({@link in.results.simulator.UniversitySimulator}, started from the command line by
 * {@link in.results.simulator.SimulatorMain}), which routes requests, shapes traffic and answers from a cohort. The
 * university itself is built in rooms, each using only the ones before it: {@link in.results.simulator.releases} (the
 * calendar and the release list), {@link in.results.simulator.cohort} (the students and every row of their pages) and
 * {@link in.results.simulator.pages} (the markup the site answers with).
 */
package in.results.simulator;
