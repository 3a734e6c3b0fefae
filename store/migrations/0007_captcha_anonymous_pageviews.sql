-- The splash's captcha (ALTCHA proof of work) and the pageviews of pages a visitor sees without a
-- user (splash, user-creation-error, find your contract).

-- Captcha solutions already spent on a user creation, by the SHA-256 of their challenge's
-- signature: a solved challenge creates one user, whichever API instance it reaches, until it
-- expires (rows past their expiry are swept; the challenge's own expiry refuses them by then).
CREATE TABLE captcha_solutions (
    challenge_hash TEXT PRIMARY KEY,
    expires_at     BIGINT NOT NULL,
    used_at        BIGINT NOT NULL
);
CREATE INDEX captcha_solutions_by_expiry ON captcha_solutions (expires_at);

-- Pageviews of a visitor with no user: no personal data (no user agent, no address), only the
-- page and the tab's random analytics id, which the tab's later hits as a member carry too.
CREATE TABLE anonymous_pageviews (
    event_id       TEXT PRIMARY KEY,
    institution_id TEXT   NOT NULL,
    client_id      TEXT,
    page_path      TEXT,
    page_title     TEXT,
    created_at     BIGINT NOT NULL
);
CREATE INDEX anonymous_pageviews_by_client ON anonymous_pageviews (client_id, created_at);
