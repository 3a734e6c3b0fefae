-- Photos of a VIN: a drop is created with a signed upload URL, the browser PUTs the image, then the
-- API reads the VIN from it once and keeps the reading. The image is dropped once read.
CREATE TABLE vin_photos (
    drop_id      TEXT PRIMARY KEY,
    user_id      TEXT   NOT NULL REFERENCES users (user_id),
    mime         TEXT   NOT NULL,
    image        BYTEA,            -- NULL until uploaded, and again once read
    image_bytes  BIGINT NOT NULL DEFAULT 0,
    uploaded_at  BIGINT,
    reading_json TEXT,             -- the outcome, kept so a repeated GET does not read again
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL
);
CREATE INDEX vin_photos_user ON vin_photos (user_id, created_at);

-- Analytics events the web app reports (spec section 7): pageviews and events, per user.
CREATE TABLE analytics_events (
    event_id       TEXT PRIMARY KEY,
    user_id        TEXT   NOT NULL REFERENCES users (user_id),
    institution_id TEXT   NOT NULL,
    hit_type       TEXT,
    event_category TEXT,
    event_action   TEXT,
    event_label    TEXT,
    page_path      TEXT,
    page_title     TEXT,
    client_id      TEXT,
    user_agent     TEXT,
    created_at     BIGINT NOT NULL
);
CREATE INDEX analytics_events_category ON analytics_events (institution_id, event_category, created_at);

-- An institution may list several providers and one quote can mix their rates: each rate names the
-- provider that priced it and will book it (NULL on rates stored before; their quote's provider applies).
ALTER TABLE rates ADD COLUMN provider TEXT;
