-- What a member agreed to and withdrew, with when and how (issue 27): the promotional consent (the
-- reminder email) withdrawn by its unsubscribe link, and later consent to electronic delivery. The
-- users row keeps the current answer; these rows are the record of each change.
CREATE TABLE consent_events (
    user_id    TEXT    NOT NULL REFERENCES users (user_id),
    kind       TEXT    NOT NULL,
    granted    BIGINT  NOT NULL,
    at         BIGINT  NOT NULL,
    source     TEXT    NOT NULL,
    client     TEXT,
    version    TEXT
);
CREATE INDEX consent_events_user ON consent_events (user_id, at);
