-- A purchase's timeline for support: every change the API, the workflow or support made to a
-- policy, oldest first (`coverline support show`). at_ms orders events within a second.
CREATE TABLE policy_events (
    event_id  TEXT PRIMARY KEY,
    policy_id TEXT   NOT NULL REFERENCES policies (policy_id),
    at_ms     BIGINT NOT NULL,
    kind      TEXT   NOT NULL, -- created, status:<status>, booked, paid, email:<kind>, support:<action>
    detail    TEXT,            -- contract number, payment id, failure reason, who asked
    actor     TEXT   NOT NULL  -- api, workflow, support:<operator>
);
CREATE INDEX policy_events_by_policy ON policy_events (policy_id, at_ms);

-- Find-your-contract attempts (last name + zip), counted to refuse guessing: per policy and per
-- client address.
CREATE TABLE document_lookups (
    lookup_id TEXT PRIMARY KEY,
    policy_id TEXT   NOT NULL,
    client    TEXT   NOT NULL,
    matched   BIGINT NOT NULL, -- 1 when last name and zip matched
    at        BIGINT NOT NULL
);
CREATE INDEX document_lookups_by_policy ON document_lookups (policy_id, at);
CREATE INDEX document_lookups_by_client ON document_lookups (client, at);

-- Verification emails per user per hour: the window's start and the sends in it.
ALTER TABLE verification_codes ADD COLUMN window_started_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE verification_codes ADD COLUMN sends_in_window BIGINT NOT NULL DEFAULT 0;
