-- A quick game's wait keeps the waiting player's name, so that the pairing names both
-- players from its own table (a wait from before this is paired under no name).
ALTER TABLE pairing ADD COLUMN name TEXT;
