-- The language a member reads Coverline in (issue 31, docs/languages.md): the page's language when
-- they signed up or were launched, changed by the page's language switch; kept for what is sent to
-- them later. 'en' or 'es' (coverline_domain::Language); rows from before it were English.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
