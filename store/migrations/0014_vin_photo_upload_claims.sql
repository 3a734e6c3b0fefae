-- One upload at a time per VIN-photo drop: a PUT claims the drop before it reads a byte of the body,
-- so concurrent PUTs to one signed URL are refused at once instead of each buffering 10 MB. A claim
-- older than two minutes (its upload died with its instance) may be taken again.
ALTER TABLE vin_photos ADD COLUMN upload_started_at BIGINT;
