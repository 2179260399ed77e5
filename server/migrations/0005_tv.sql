-- The server's TV: the computer match it keeps going for watchers, one at a time for every
-- process on the database. Its one row names the game on now; a process that starts the
-- next game swaps it in the same transaction that stores the game, only where the row
-- still names the one it saw end, so two processes never start two.
CREATE TABLE tv (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    game_id TEXT NOT NULL
);
