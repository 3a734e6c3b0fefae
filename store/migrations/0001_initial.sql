-- Coverline's first schema, one file for SQLite and Postgres alike: only types both accept
-- (TEXT, BIGINT, BYTEA — SQLite stores a blob as-is in a BYTEA column). Times are UTC unix
-- seconds (BIGINT); money is integer cents; flags are BIGINT 0/1 (sqlx's Any driver cannot
-- carry SQLite booleans).

-- Institutions are imported from data/institutions/*.toml; the full settings travel as JSON so a
-- new setting needs no migration. is_active is a column because every request checks it.
CREATE TABLE institutions (
    institution_id TEXT PRIMARY KEY,
    settings_json  TEXT    NOT NULL,
    is_active      BIGINT  NOT NULL,
    updated_at     BIGINT  NOT NULL
);

-- A user is one member's shopping identity at one institution, created at the splash page.
-- Email is not unique: each visit creates a user; ownership of an address is proven by the code.
CREATE TABLE users (
    user_id            TEXT PRIMARY KEY,
    institution_id     TEXT    NOT NULL REFERENCES institutions (institution_id),
    email              TEXT    NOT NULL,
    password_hash      TEXT    NOT NULL, -- argon2id PHC string
    first_name         TEXT,
    last_name          TEXT,
    phone              TEXT,             -- 10 digits
    street             TEXT,
    city               TEXT,
    state              TEXT,
    zip                TEXT,
    is_member          BIGINT,
    consents_to_solicit BIGINT NOT NULL DEFAULT 1,
    email_verified_at  BIGINT,           -- set when the member entered the emailed code
    created_at         BIGINT  NOT NULL
);
CREATE INDEX users_by_name_zip ON users (institution_id, last_name, zip);

-- Session tokens are 256 random bits; only their SHA-256 is stored. last_seen_at drives the
-- 15-minute idle timeout; a refresh revokes the old token and inserts a new one.
CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      TEXT    NOT NULL REFERENCES users (user_id),
    created_at   BIGINT  NOT NULL,
    last_seen_at BIGINT  NOT NULL,
    revoked      BIGINT  NOT NULL DEFAULT 0
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- One live email-verification code per user (a resend replaces it). Stored hashed; attempts
-- counts wrong tries so a code dies after five.
CREATE TABLE verification_codes (
    user_id    TEXT PRIMARY KEY REFERENCES users (user_id),
    code_hash  TEXT   NOT NULL,
    email      TEXT   NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts   BIGINT NOT NULL DEFAULT 0,
    sent_at    BIGINT NOT NULL
);

-- Cars belong to a user. year/make/model/style come from the server's VIN decode, never the client.
CREATE TABLE cars (
    car_id         TEXT PRIMARY KEY,
    user_id        TEXT    NOT NULL REFERENCES users (user_id),
    vin            TEXT    NOT NULL,
    year           BIGINT  NOT NULL,
    make           TEXT    NOT NULL,
    model          TEXT    NOT NULL,
    style          TEXT    NOT NULL,
    vehicle_type   TEXT    NOT NULL,
    odometer       BIGINT  NOT NULL,
    miles_per_year BIGINT  NOT NULL,
    years_to_own   BIGINT  NOT NULL,
    flags_json     TEXT    NOT NULL,
    is_mock_vin    BIGINT  NOT NULL,
    created_at     BIGINT  NOT NULL
);
CREATE INDEX cars_by_user ON cars (user_id);

-- A quote is stored with its rates so the rate a member books is exactly the rate they saw.
CREATE TABLE quotes (
    quote_id      TEXT PRIMARY KEY,
    user_id       TEXT   NOT NULL REFERENCES users (user_id),
    car_id        TEXT   NOT NULL REFERENCES cars (car_id),
    state         TEXT   NOT NULL,
    pen_track_key TEXT   NOT NULL,
    provider      TEXT   NOT NULL,
    created_at    BIGINT NOT NULL
);

CREATE TABLE rates (
    rate_id            TEXT PRIMARY KEY,
    quote_id           TEXT   NOT NULL REFERENCES quotes (quote_id),
    rate_collection_id TEXT   NOT NULL,
    position           BIGINT NOT NULL,
    coverage_name      TEXT   NOT NULL,
    miles              BIGINT NOT NULL,
    months             BIGINT NOT NULL,
    deductible_cents   BIGINT NOT NULL,
    price_cents        BIGINT NOT NULL,
    tax_cents          BIGINT NOT NULL
);
CREATE INDEX rates_by_quote ON rates (quote_id);

-- A policy is one purchase; its purchase workflow is purchase-<quote_id>, hence one policy per
-- quote (UNIQUE): a retried or double-clicked booking can never make a second one.
CREATE TABLE policies (
    policy_id       TEXT PRIMARY KEY,
    user_id         TEXT   NOT NULL REFERENCES users (user_id),
    institution_id  TEXT   NOT NULL REFERENCES institutions (institution_id),
    quote_id        TEXT   NOT NULL UNIQUE REFERENCES quotes (quote_id),
    rate_id         TEXT   NOT NULL REFERENCES rates (rate_id),
    car_id          TEXT   NOT NULL REFERENCES cars (car_id),
    workflow_id     TEXT   NOT NULL UNIQUE,
    status          TEXT   NOT NULL, -- a PurchaseStatus name: booking, bookingFailed, booked, paid, fulfilled, voided
    contract_number TEXT,            -- the provider's contract number (mmpContractNumber)
    last_error      TEXT,            -- why booking last failed, for support
    email           TEXT   NOT NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX policies_by_status ON policies (status, updated_at);

-- A verified card payment. payment_id is the gateway's tracking number; policy_id is UNIQUE so a
-- payment is recorded once however often the browser or the workflow retries.
CREATE TABLE payments (
    payment_id   TEXT PRIMARY KEY,
    policy_id    TEXT   NOT NULL UNIQUE REFERENCES policies (policy_id),
    amount_cents BIGINT NOT NULL,
    tax_cents    BIGINT NOT NULL,
    paid_at      BIGINT NOT NULL
);

-- The rendered contract, kept so the member gets the same document every time.
CREATE TABLE contract_documents (
    policy_id  TEXT PRIMARY KEY REFERENCES policies (policy_id),
    pdf        BYTEA  NOT NULL,
    created_at BIGINT NOT NULL
);

-- Emails the purchase workflow sent, keyed by (policy, kind): a retried activity sees the row
-- and does not send twice.
CREATE TABLE email_deliveries (
    policy_id  TEXT   NOT NULL REFERENCES policies (policy_id),
    kind       TEXT   NOT NULL, -- receipt | contract
    message_id TEXT   NOT NULL,
    sent_at    BIGINT NOT NULL,
    PRIMARY KEY (policy_id, kind)
);
