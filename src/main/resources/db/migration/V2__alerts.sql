-- Result alerts: who wants to be told of a student's new results, what each was told, and how far the check of each
-- newly listed release got. The same statements run on SQLite and PostgreSQL. Times are Unix milliseconds.

CREATE TABLE subscriptions (
    id                   VARCHAR(40)   NOT NULL PRIMARY KEY,
    hall_ticket          VARCHAR(10)   NOT NULL,
    -- 'webhook' (an app's URL, signed deliveries) or 'push' (a browser's push endpoint, encrypted messages)
    kind                 VARCHAR(16)   NOT NULL,
    target               VARCHAR(2000) NOT NULL,
    -- webhook: the signing secret (whsec_…); push: the browser's keys, '<p256dh> <auth>'
    secret               VARCHAR(300)  NOT NULL,
    -- 'pending' until a webhook answered its verification request, then 'active'
    status               VARCHAR(16)   NOT NULL,
    -- who subscribed (the per-client limit counts their subscriptions of the last hour)
    client               VARCHAR(64)   NOT NULL,
    created_at           BIGINT        NOT NULL,
    verify_attempts      INTEGER       NOT NULL,
    next_verify_at       BIGINT,
    last_delivery_at     BIGINT,
    last_delivery_status VARCHAR(80)
);
CREATE INDEX subscriptions_by_hall_ticket ON subscriptions (hall_ticket);
CREATE INDEX subscriptions_by_client ON subscriptions (client, created_at);

-- One row per new result of a student (a page of a newly listed release): what subscribers and live pages are told.
CREATE TABLE student_events (
    hall_ticket VARCHAR(10) NOT NULL,
    -- the page: '<degree>/<exam code>/<regular|rcrv>'
    page        VARCHAR(48) NOT NULL,
    -- the event's data object, JSON
    data        TEXT        NOT NULL,
    created_at  BIGINT      NOT NULL,
    PRIMARY KEY (hall_ticket, page)
);
CREATE INDEX student_events_by_time ON student_events (created_at);

-- One row per (subscription, event): its id is the webhook-id, the same on every attempt.
CREATE TABLE deliveries (
    id              VARCHAR(40) NOT NULL PRIMARY KEY,
    subscription_id VARCHAR(40) NOT NULL,
    hall_ticket     VARCHAR(10) NOT NULL,
    page            VARCHAR(48) NOT NULL,
    attempts        INTEGER     NOT NULL,
    -- when the next attempt is due; NULL once delivered or given up
    due_at          BIGINT,
    -- an instance sending it holds it until then, so that two instances never send it at once
    claimed_until   BIGINT      NOT NULL,
    delivered_at    BIGINT,
    last_status     VARCHAR(80),
    created_at      BIGINT      NOT NULL
);
CREATE INDEX deliveries_by_due ON deliveries (due_at);
CREATE INDEX deliveries_by_subscription ON deliveries (subscription_id);

-- Every release the alerts have seen listed; dispatched_at is NULL while its subscribers are being checked.
CREATE TABLE alert_releases (
    release_name  VARCHAR(48) NOT NULL PRIMARY KEY,
    listed_at     BIGINT      NOT NULL,
    dispatched_at BIGINT
);

-- The students already checked for a release being dispatched: an instance taking over skips them.
CREATE TABLE alert_checks (
    release_name VARCHAR(48) NOT NULL,
    hall_ticket  VARCHAR(10) NOT NULL,
    PRIMARY KEY (release_name, hall_ticket)
);

-- Students whose page is open on some instance (a live page counts as a subscriber), until the page's lease ends.
CREATE TABLE live_pages (
    hall_ticket VARCHAR(10) NOT NULL,
    instance    VARCHAR(64) NOT NULL,
    until_at    BIGINT      NOT NULL,
    PRIMARY KEY (hall_ticket, instance)
);

-- Work one instance of a fleet does at a time (dispatching releases), held until until_at.
CREATE TABLE leases (
    name     VARCHAR(32) NOT NULL PRIMARY KEY,
    holder   VARCHAR(64) NOT NULL,
    until_at BIGINT      NOT NULL
);

-- Settings the service makes itself and keeps (the VAPID key pair of browser push).
CREATE TABLE service_settings (
    name  VARCHAR(32)   NOT NULL PRIMARY KEY,
    value VARCHAR(1000) NOT NULL
);
