/**
 * The archive: every answer the university published for a hall ticket, kept for good in an embedded file database
 * (SQLite) or, for a fleet, one PostgreSQL; and which releases each student's last lookup knew.
 */
package in.results.archive;
