-- Names, open seats, rematches, and games nobody joined.
-- A seat's player's name, as they gave it (checked text, never markup).
ALTER TABLE seats ADD COLUMN name TEXT;
-- An open seat, which anyone may take, has the empty string for its token's hash (no
-- token hashes to it).
CREATE INDEX seats_open ON seats (game_id) WHERE token_hash = '';
-- Once a game is over: the seat that offered a rematch, and the rematch's game.
ALTER TABLE games ADD COLUMN rematch_offer BIGINT;
ALTER TABLE games ADD COLUMN rematch TEXT;
-- 1 once a seat's player has joined; a game nobody joins is forgotten after a while.
-- Games stored before this are taken as joined: nothing says they were not.
ALTER TABLE games ADD COLUMN joined BIGINT NOT NULL DEFAULT 1;
CREATE INDEX games_unjoined ON games (created_at) WHERE joined = 0;
