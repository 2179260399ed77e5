-- The computer's queue keeps with each turn it owes whose the game is and whether a
-- person has come to it, so that it finds the turn to take from its own table (the
-- games' room tells it when a person comes).
ALTER TABLE computer_turns ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE computer_turns ADD COLUMN joined INTEGER NOT NULL DEFAULT 0;
UPDATE computer_turns SET
    owner = COALESCE((SELECT g.owner FROM games g WHERE g.id = computer_turns.game_id), ''),
    joined = COALESCE((SELECT g.joined FROM games g WHERE g.id = computer_turns.game_id), 0);
