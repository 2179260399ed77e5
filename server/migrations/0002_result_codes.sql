-- A finished game's reason is stored as a code, not as the sentence a person reads: the
-- engine's EndReason codes, or 'aborted'. Games written before (protocol version 1)
-- held sentences; they become the codes they meant. The result stays the record's
-- token ('1-0', '0-1', '1/2-1/2', '*').
UPDATE games SET reason = CASE reason
    WHEN 'pieces in the goal castle' THEN 'goal_castle'
    WHEN 'a piece entered the enemy castle' THEN 'entered_enemy_castle'
    WHEN 'all pieces captured' THEN 'all_captured'
    WHEN 'no legal move' THEN 'no_legal_move'
    WHEN 'both sides have at most one piece' THEN 'bare_pieces'
    WHEN 'no player can move' THEN 'nobody_can_move'
    WHEN 'threefold repetition' THEN 'repetition'
    WHEN '50 moves without progress' THEN 'fifty_moves'
    ELSE reason
END
WHERE reason IS NOT NULL;
