-- Cancelling a contract from find-your-contract needs a fresh confirmation: a 6-digit code emailed
-- to the member's address on file (the link only proves a last name and a zip). One live code per
-- policy, stored hashed, 10 minutes, 5 tries (taken in one statement before the compare).
CREATE TABLE cancellation_codes (
    policy_id  TEXT PRIMARY KEY REFERENCES policies (policy_id),
    code_hash  TEXT   NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    sent_at    BIGINT NOT NULL
);
