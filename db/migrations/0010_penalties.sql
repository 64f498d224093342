-- A player's penalties across tournaments (rules.penalties) are their logs' `sw_penalty`
-- events: found by player without reading every log (db.penalties).
CREATE INDEX events_penalties ON events (json_extract(payload_json, '$.player'))
    WHERE kind = 'sw_penalty';
