-- When a member's personal data was erased: after their checkout was abandoned for the retention
-- period (the retention workflow), or on their request (`coverline support forget`). The row and
-- its ids stay, so quotes, voided bookings and the funnel still add up.
ALTER TABLE users ADD COLUMN erased_at BIGINT;
CREATE INDEX users_by_created ON users (created_at);
