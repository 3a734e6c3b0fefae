-- The vehicles members identified, by reference: the checkout workflow holds a `veh_…` reference
-- where the member's answers name a VIN, so no VIN is written to Temporal's histories (a VIN
-- identifies a person's car). The API swaps one for the other on the way in and out.
CREATE TABLE vehicle_refs (
    vehicle_ref TEXT PRIMARY KEY,
    user_id     TEXT   NOT NULL REFERENCES users (user_id),
    vin         TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    UNIQUE (user_id, vin)
);
