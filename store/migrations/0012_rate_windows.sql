-- "N tries in a window" limits shared by every API instance (failed logins and password changes,
-- reset requests, find-your-contract answers, continue-link tries, pageviews without a session):
-- a key's count in its current window, which starts at the first try after the last one ended.
-- Taking a try is one upsert that refuses at the limit, so concurrent tries on any number of
-- instances never pass the limit (rate_hits was counted, then written: a race let more through).
-- rate_hits is no longer written; it is dropped once no instance of the earlier version runs.
CREATE TABLE rate_windows (
    key        TEXT PRIMARY KEY,
    started_at BIGINT NOT NULL, -- UTC unix seconds
    tries      BIGINT NOT NULL
);
CREATE INDEX rate_windows_by_start ON rate_windows (started_at);
