/** Result alerts: subscriptions, webhook and push deliveries, live pages, feeds. */
package in.results.alerts;
