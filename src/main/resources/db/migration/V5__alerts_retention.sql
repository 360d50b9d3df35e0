-- Result alerts keep events and finished deliveries for RESULTS_ALERTS_RETENTION_DAYS; one instance deletes older ones
-- hourly, in small batches. V4 is left to the subscriptions' change made alongside this one.

-- The old deliveries, oldest first.
CREATE INDEX deliveries_by_time ON deliveries (created_at);
-- Whether an old event still has a delivery to make (then it is kept); also what forget deletes by hall ticket.
CREATE INDEX deliveries_by_event ON deliveries (hall_ticket, page);
