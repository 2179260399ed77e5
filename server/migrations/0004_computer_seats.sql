-- Seats the server's computer plays, and the turns it owes.
-- A computer seat: the level's name (its token's hash is the empty string, as an open
-- seat's, but nobody may take it).
ALTER TABLE seats ADD COLUMN computer TEXT;
-- The turn the computer owes in a game, if it owes one: the ply it is to play, when it
-- fell due, and the process that took it and until when (a process that dies lets its
-- lease run out, and another takes the turn). Written in the same transaction as the
-- change that makes it due, so a turn is never lost; a move stored for another ply
-- is refused, so it is never played twice.
CREATE TABLE computer_turns (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    ply BIGINT NOT NULL,
    due_at BIGINT NOT NULL,
    lease_until BIGINT,
    taken_by TEXT
);
CREATE INDEX computer_turns_by_due ON computer_turns (due_at);
