-- Contracts to mail on paper (issue 27, E-SIGN): a member who did not consent to electronic
-- delivery at booking, or asked for a paper copy from find-your-contract. Support mails them
-- (`coverline support paper`) and records the mailing. One open request per policy.
CREATE TABLE paper_copies (
    policy_id    TEXT   PRIMARY KEY REFERENCES policies (policy_id),
    reason       TEXT   NOT NULL,
    requested_at BIGINT NOT NULL,
    mailed_at    BIGINT,
    mailed_by    TEXT
);
CREATE INDEX paper_copies_unmailed ON paper_copies (requested_at) WHERE mailed_at IS NULL;
