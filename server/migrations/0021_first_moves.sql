-- A tournament's game gives each seat this long (ms) for its first move, counted from
-- the move before (the game's start for the first), or the server calls the game off;
-- nobody else may. NULL: no such limit (every other game).
ALTER TABLE games ADD COLUMN first_move_ms BIGINT;
