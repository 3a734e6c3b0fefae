-- A member's answers a quote was rated with, so a stored quote can be reproduced (NULL on quotes
-- stored before: their car's answers apply).
ALTER TABLE quotes ADD COLUMN miles_per_year BIGINT;
ALTER TABLE quotes ADD COLUMN years_to_own BIGINT;

-- Contact requests: a non-member, a member asking for expert guidance or a payment option, or a
-- member stopped by an error page asks the institution to call. Stored first, then emailed to the
-- institution's contactEmail; emailed_at stays NULL until the email went out.
CREATE TABLE contact_requests (
    contact_request_id   TEXT PRIMARY KEY,
    institution_id       TEXT   NOT NULL REFERENCES institutions (institution_id),
    user_id              TEXT,             -- NULL when the user could not be created
    email                TEXT   NOT NULL,
    page_bounced_from    TEXT   NOT NULL,
    consents_to_email    BIGINT NOT NULL,
    institution_contact  BIGINT NOT NULL,
    collected_json       TEXT   NOT NULL,
    fingerprint          TEXT   NOT NULL,  -- sha256 of the request, to answer a repeat with the first id
    created_at           BIGINT NOT NULL,
    emailed_at           BIGINT
);
CREATE INDEX contact_requests_by_email ON contact_requests (institution_id, email, created_at);
CREATE INDEX contact_requests_by_fingerprint ON contact_requests (fingerprint, created_at);
