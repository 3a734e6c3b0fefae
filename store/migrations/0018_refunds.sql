-- A cancelled contract's refund, as its state's rules worked it out (data/cancellation/states.toml):
-- to the card within the free look (paid at once through the gateway), else by check, tracked here
-- until support records the check (`coverline support refund-paid`). A check paid after `due_by`
-- adds the state's late penalty, written with it. One refund per policy.
CREATE TABLE refunds (
    policy_id        TEXT PRIMARY KEY REFERENCES policies (policy_id),
    state            TEXT   NOT NULL,
    method           TEXT   NOT NULL,
    refund_by        TEXT   NOT NULL,
    refund_cents     BIGINT NOT NULL,
    fee_cents        BIGINT NOT NULL,
    unearned_cents   BIGINT NOT NULL,
    odometer_now     BIGINT,
    requested_at     BIGINT NOT NULL,
    due_by           TEXT   NOT NULL,
    source           TEXT   NOT NULL,
    paid_at          BIGINT,
    penalty_cents    BIGINT NOT NULL DEFAULT 0,
    check_number     TEXT,
    paid_by          TEXT
);
CREATE INDEX refunds_unpaid ON refunds (due_by) WHERE paid_at IS NULL;
