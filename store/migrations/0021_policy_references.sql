-- The reference a member reads out on the phone (issue 28): CL-XXXX-XXXX, unique. Purchases made
-- before it keep printing their policy id, as their contract does (NULL here).
ALTER TABLE policies ADD COLUMN reference TEXT;
CREATE UNIQUE INDEX policies_reference ON policies (reference);
