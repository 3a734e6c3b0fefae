-- The checkout funnel (`coverline report funnel`, coverline_funnel_reached_total).

-- Each member pageview asks which steps the member had reached before it: their own hits, by user.
CREATE INDEX analytics_events_by_user ON analytics_events (user_id, created_at);
-- The report lists an institution's pageviews since a time, members' and visitors' alike.
CREATE INDEX analytics_events_by_institution ON analytics_events (institution_id, created_at);
CREATE INDEX anonymous_pageviews_by_institution ON anonymous_pageviews (institution_id, created_at);
