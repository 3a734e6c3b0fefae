-- What the API's alert gauges read every few seconds (`coverline_charges_unconfirmed`): the
-- approved charges of a recent window, each looked up in `payments` (by its primary key) and on the
-- purchase timelines as a refund (`refund:<tracking>`). Without these, each refresh would scan
-- both tables whole.
CREATE INDEX gateway_events_by_type ON gateway_events (event_type, received_at);
CREATE INDEX policy_events_by_kind ON policy_events (kind);
