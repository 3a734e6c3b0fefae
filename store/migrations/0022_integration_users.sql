-- The integrator whose server launched a member (issue 28): that member's app lives in the
-- partner's frame, so its restore cookie is partitioned (SameSite=None; Secure; Partitioned) and a
-- reloaded frame comes back in integration mode. NULL for members who came through the splash.
ALTER TABLE users ADD COLUMN integrator_id TEXT;
