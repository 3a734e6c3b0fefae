-- The checkout funnel's counters (coverline_funnel_reached_total): the steps each member (by user
-- id) or visitor (by the tab's analytics id) has reached at an institution, one row per step. A
-- pageview inserts every step it reaches in one statement, ON CONFLICT DO NOTHING RETURNING step,
-- so the steps it returns are reached for the first time, whatever order concurrent or
-- same-millisecond pageviews are stored and read in.
CREATE TABLE funnel_reached (
    institution_id TEXT NOT NULL,
    viewer_kind    TEXT NOT NULL CHECK (viewer_kind IN ('member', 'visitor')),
    viewer         TEXT NOT NULL,
    step           TEXT NOT NULL,
    reached_at     BIGINT NOT NULL,
    PRIMARY KEY (institution_id, viewer_kind, viewer, step)
);
