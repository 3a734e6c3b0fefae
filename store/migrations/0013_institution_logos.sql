-- An institution's logo, imported with its file (`coverline institution import`, or the files
-- `serve` imports at start) and served from here: every API instance serves the same image, and
-- an institution's files need not sit in the image's data directory.
CREATE TABLE institution_logos (
    institution_id TEXT PRIMARY KEY REFERENCES institutions (institution_id),
    file_name      TEXT   NOT NULL,
    content_type   TEXT   NOT NULL,
    image          BYTEA  NOT NULL,
    updated_at     BIGINT NOT NULL
);
