-- Token buckets shared by every API instance (VIN lookups, sample contracts): a key's tokens and
-- when they were last counted, in UTC unix milliseconds. Taking a token is one upsert, atomic on
-- both databases, so two instances behind a load balancer allow a member the burst once, not twice.
-- Buckets idle for an hour are full again and are swept now and then.
CREATE TABLE rate_buckets (
    key    TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at_ms  BIGINT NOT NULL
);
CREATE INDEX rate_buckets_by_time ON rate_buckets (at_ms);
