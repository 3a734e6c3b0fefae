-- The durable checkout (one Temporal workflow per member, `checkout-<userId>`) and the payment
-- confirmed server to server.

-- The checkout's read model: the workflow's answer to the last step recorded (the screen, the
-- member's answers). Written by the API from the workflow's Update answers, newest version wins,
-- so a reloaded tab is restored from here when Temporal cannot answer at once.
CREATE TABLE checkouts (
    user_id        TEXT PRIMARY KEY REFERENCES users (user_id),
    institution_id TEXT   NOT NULL REFERENCES institutions (institution_id),
    step           TEXT   NOT NULL, -- a web step name: lookup, mileage, coverage, confirm, payment, ...
    version        BIGINT NOT NULL, -- the workflow's count of recorded steps
    checkout_json  TEXT   NOT NULL, -- the workflow's CheckoutView
    updated_at     BIGINT NOT NULL
);
CREATE INDEX checkouts_by_step ON checkouts (institution_id, step, updated_at);

-- Payment requests the gateway signed for a policy. The signed request carries the payer's name
-- and address, so it lives here and never in a workflow history; the workflow knows request ids.
-- Retry Payment reuses an open request, so a contract never has two chargeable requests at once.
CREATE TABLE payment_requests (
    request_id     TEXT PRIMARY KEY,
    policy_id      TEXT   NOT NULL REFERENCES policies (policy_id),
    signed_request TEXT   NOT NULL,
    amount_cents   BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX payment_requests_by_policy ON payment_requests (policy_id, created_at);

-- Gateway webhook events already handed to their checkout, by the gateway's event id: a
-- re-delivery (our 2xx was lost) is acknowledged without a second effect.
CREATE TABLE gateway_events (
    event_id        TEXT PRIMARY KEY,
    event_type      TEXT   NOT NULL,
    tracking_number TEXT,
    received_at     BIGINT NOT NULL
);

-- Emails the checkout workflow sent a member before any purchase (a verification code by its send
-- number, `code:<n>`; the reminder, `reminder`): an activity retried after a crash finds its email
-- here and neither sends nor counts it twice.
CREATE TABLE member_emails (
    user_id    TEXT   NOT NULL REFERENCES users (user_id),
    kind       TEXT   NOT NULL,
    message_id TEXT   NOT NULL,
    sent_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, kind)
);

-- 'Continue your purchase' links (in the code email and the reminder): single use, 7 days,
-- stored as SHA-256. Opening one starts a new session for its member on any device.
CREATE TABLE resume_links (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users (user_id),
    purpose    TEXT   NOT NULL, -- code | reminder
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX resume_links_by_user ON resume_links (user_id);

-- What lets a reloaded or restored tab find its session again: a random key held in an
-- HttpOnly cookie that only the restore call reads, stored as SHA-256. It opens nothing once the
-- session it belongs to has expired.
CREATE TABLE restore_keys (
    key_hash         TEXT PRIMARY KEY,
    user_id          TEXT   NOT NULL REFERENCES users (user_id),
    chain_started_at BIGINT NOT NULL, -- the session chain it restores (its maximum life counts from here)
    created_at       BIGINT NOT NULL
);
CREATE INDEX restore_keys_by_user ON restore_keys (user_id);
