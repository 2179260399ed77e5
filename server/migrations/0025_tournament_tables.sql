-- Grand Cam's arenas pair tables of four: a game's third and fourth seats' players, the
-- first side's second player (Blue) and the second side's (Yellow); none for a pair.
ALTER TABLE tournament_games ADD COLUMN first_partner TEXT;
ALTER TABLE tournament_games ADD COLUMN second_partner TEXT;
