/**
 * Result alerts: subscriptions of apps (signed webhooks) and browsers (encrypted push), the dispatch of newly listed
 * releases to watched students, deliveries and their retries, and live pages.
 */
package in.results.alerts;
