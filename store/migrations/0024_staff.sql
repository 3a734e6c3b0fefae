-- The staff console (issue 30, docs/staff.md).

-- A signed-in person of the staff: the SHA-256 of the session cookie's random key, who the
-- identity provider said they are (`<issuer> <sub>`, name, email), their roles (comma-separated:
-- support, manager, admin) and institution (NULL: every institution), the CSRF token their
-- state-changing calls carry, and when the session ends: 30 minutes after its last call, 8 hours
-- after sign-in at the latest.
CREATE TABLE staff_sessions (
    session_hash   TEXT PRIMARY KEY,
    subject        TEXT   NOT NULL,
    name           TEXT   NOT NULL,
    email          TEXT   NOT NULL,
    roles          TEXT   NOT NULL,
    institution_id TEXT,
    csrf_token     TEXT   NOT NULL,
    created_at     BIGINT NOT NULL,
    last_seen_at   BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL
);
CREATE INDEX staff_sessions_by_expiry ON staff_sessions (expires_at);

-- The audit log: one row per action of a signed-in person (and per sign-in and sign-out): who,
-- with which role, what, on which purchase (target) and institution, and how it ended. The
-- idempotency key is the client's, one per click: the same key twice is the same action, done
-- once (outcome 'pending' while it runs).
CREATE TABLE staff_actions (
    action_id       TEXT PRIMARY KEY,
    subject         TEXT   NOT NULL,
    staff_name      TEXT   NOT NULL,
    staff_email     TEXT   NOT NULL,
    role            TEXT   NOT NULL,
    action          TEXT   NOT NULL,
    target          TEXT   NOT NULL,
    institution_id  TEXT,
    idempotency_key TEXT   NOT NULL,
    outcome         TEXT   NOT NULL,
    message         TEXT   NOT NULL,
    at_ms           BIGINT NOT NULL,
    UNIQUE (subject, idempotency_key)
);
CREATE INDEX staff_actions_by_time ON staff_actions (at_ms);
CREATE INDEX staff_actions_by_institution ON staff_actions (institution_id, at_ms);
