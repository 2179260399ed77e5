-- A rated game's open seats may ask for a rating: at most this far from the creator's in
-- the variant (none: anyone logged in).
ALTER TABLE games ADD COLUMN rating_range INTEGER;
