/**
 * The markup the simulated site answers with, quirks included: result and RC/RV pages ({@link ResultPageWriter}), the
 * release list ({@link ReleaseListWriter}), the notifications page ({@link NoticePageWriter}), the search form
 * ({@link SearchFormWriter}) and the error pages of Tomcat and its gateway ({@link ErrorPages}). Writers only: which
 * page a request gets is the server's business.
 */
package in.results.simulator.pages;
