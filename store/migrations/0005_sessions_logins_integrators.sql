-- A session's chain: a rotated token keeps the time its first token was issued, so a session has
-- a maximum life however often it is refreshed (0 on sessions issued before: their created_at).
ALTER TABLE sessions ADD COLUMN chain_started_at BIGINT NOT NULL DEFAULT 0;

-- Hits counted by rate limits (failed logins, reset requests and checks), per key.
CREATE TABLE rate_hits (
    hit_id TEXT PRIMARY KEY,
    key    TEXT   NOT NULL, -- e.g. login:<institution>:<email>, login-client:<address>
    at     BIGINT NOT NULL
);
CREATE INDEX rate_hits_by_key ON rate_hits (key, at);

-- A password reset code: one live code per user, 6 digits stored hashed, 10 minutes, 5 tries.
CREATE TABLE password_resets (
    user_id    TEXT PRIMARY KEY REFERENCES users (user_id),
    code_hash  TEXT   NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0
);

-- Integrators: partners that embed the flow. The token is stored as SHA-256 only.
CREATE TABLE integrators (
    integrator_id  TEXT PRIMARY KEY,
    institution_id TEXT   NOT NULL REFERENCES institutions (institution_id),
    name           TEXT   NOT NULL,
    token_sha256   TEXT   NOT NULL,
    is_active      BIGINT NOT NULL,
    origins_json   TEXT   NOT NULL, -- JSON array of origins allowed to frame the app (CSP frame-ancestors)
    updated_at     BIGINT NOT NULL
);
CREATE INDEX integrators_by_institution ON integrators (institution_id);

-- A partner's launch of the flow for one member: a single-use code the embedded app exchanges for
-- a session. Stored hashed; 10 minutes.
CREATE TABLE integration_launches (
    code_hash     TEXT PRIMARY KEY,
    integrator_id TEXT   NOT NULL REFERENCES integrators (integrator_id),
    user_id       TEXT   NOT NULL REFERENCES users (user_id),
    car_id        TEXT,
    quote_id      TEXT,
    expires_at    BIGINT NOT NULL,
    used_at       BIGINT
);
