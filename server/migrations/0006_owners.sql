-- Whose each game is, so that the computer's time is shared fairly between owners: 'a:'
-- and the address that created it (an IPv6 address's /64), 'tv' for the server's own
-- computer match. Games stored before have none (''), and count as one owner.
ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT '';
-- The TV's games, the one on now and those before it: every seat the computer's.
UPDATE games SET owner = 'tv'
WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.computer IS NULL);
CREATE INDEX games_by_owner ON games (owner, status);
-- When each owner's last computer turn was taken: the owner served longest ago goes
-- next (round robin between owners, whoever has more turns waiting).
CREATE TABLE computer_owners (
    owner TEXT PRIMARY KEY,
    served_at BIGINT NOT NULL
);
