/** Result alerts: checking the addresses strangers give us, webhook secrets and Standard Webhooks signatures. */
package in.results.alerts;
