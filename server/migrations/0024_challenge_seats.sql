-- Grand Cam's challenges to a table of four: who is asked to sit at each seat (the seat's
-- place in turn order), their name as it was when the challenge was sent, and their
-- answer so far ('challenger' for the sender's own seat, 'waiting', 'accepted',
-- 'declined'). The challenge itself is its row in `challenges` (`to_account` the
-- sender's partner); the game is made once every seat has accepted.
CREATE TABLE challenge_seats (
    challenge_id TEXT NOT NULL REFERENCES challenges (id),
    seat BIGINT NOT NULL,
    account TEXT NOT NULL REFERENCES accounts (id),
    name TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (challenge_id, seat)
);
CREATE INDEX challenge_seats_account ON challenge_seats (account);
