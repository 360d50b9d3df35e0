-- Subscriptions safe on the open internet: a management token apart from the signing secret, failing subscriptions
-- that stop holding places, and one lock that makes the limits' check and the insert a queue of one. The same
-- statements run on SQLite and PostgreSQL. Times are Unix milliseconds.

-- The SHA-256 of the webhook's management token (subtok_…, lower-case hex); NULL for a subscription made before
-- this version, whose signing secret is still taken as its token.
ALTER TABLE subscriptions ADD COLUMN token_hash VARCHAR(64);

-- When the current run of failed deliveries began; NULL while the last delivery succeeded (or none was made). A
-- subscription failing for a day no longer counts toward the subscription limits.
ALTER TABLE subscriptions ADD COLUMN failing_since BIGINT;

-- One row every new subscription's transaction updates first: PostgreSQL (at READ COMMITTED) then runs them one after
-- another, so that two cannot both pass a limit seeing the same counts (SQLite's IMMEDIATE transactions already do).
CREATE TABLE subscription_lock (
    id    INTEGER NOT NULL PRIMARY KEY,
    taken BIGINT  NOT NULL
);
INSERT INTO subscription_lock (id, taken) VALUES (1, 0);

-- The per-hall-ticket-client limit counts a client's subscriptions of one hall ticket.
CREATE INDEX subscriptions_by_hall_ticket_client ON subscriptions (hall_ticket, client);
