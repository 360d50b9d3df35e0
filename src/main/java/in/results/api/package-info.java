/** HTTP: routes, parameter validation, the one mapping from failures to status codes, JSON shapes. */
package in.results.api;
