-- Members launched from their institution's online banking (issue 30, docs/launch.md).

-- An OpenID Connect sign-in under way, Coverline being the relying party: what it is for
-- (`launch:<institutionId>`, a member's launch), the authorization request's state (SHA-256), the
-- browser it belongs to (SHA-256 of its binding cookie's value), the PKCE verifier and the nonce.
-- Taken once by the callback, or swept after expires_at (ten minutes).
CREATE TABLE oidc_sign_ins (
    state_hash    TEXT PRIMARY KEY,
    purpose       TEXT   NOT NULL,
    binding_hash  TEXT   NOT NULL,
    pkce_verifier TEXT   NOT NULL,
    nonce         TEXT   NOT NULL,
    expires_at    BIGINT NOT NULL
);
CREATE INDEX oidc_sign_ins_by_expiry ON oidc_sign_ins (expires_at);

-- Signed launch tokens already used, by issuer and `jti`: each launches one member, whichever
-- API instance it reaches (rows past the token's expiry are swept: the token is refused by then).
CREATE TABLE launch_token_uses (
    institution_id TEXT   NOT NULL,
    jti            TEXT   NOT NULL,
    expires_at     BIGINT NOT NULL,
    used_at        BIGINT NOT NULL,
    PRIMARY KEY (institution_id, jti)
);
CREATE INDEX launch_token_uses_by_expiry ON launch_token_uses (expires_at);

-- Who the institution said the member is: `oidc <issuer> <sub>` or `token <issuer> <sub>`.
-- NULL for members who came through the splash or a partner.
ALTER TABLE users ADD COLUMN launch_subject TEXT;
