-- King of the Hill's facts of the start — the order, the norms, the starting ratings and their
-- average — were written into the tournament's settings at /begin. They are what the start
-- fixed: its `begin` event carries them now (`bot.koth.events.begun`), and the settings keep
-- only what the organiser chose (the draw, his changes of norms, the fee, the table).
UPDATE events
SET payload_json = (
    SELECT json_set(
        events.payload_json,
        '$.order', json(json_extract(t.settings_json, '$.order')),
        '$.norms', json(coalesce(json_extract(t.settings_json, '$.norms'), '[]')),
        '$.ratings', json(coalesce(json_extract(t.settings_json, '$.ratings'), '[]')),
        '$.average', coalesce(json_extract(t.settings_json, '$.average'), '0')
    )
    FROM tournaments t
    WHERE t.id = events.tournament_id
)
WHERE kind = 'begin'
  AND tournament_id IN (
    SELECT id FROM tournaments
    WHERE kind = 'koth' AND json_extract(settings_json, '$.order') IS NOT NULL
  );

UPDATE tournaments
SET settings_json = json_remove(settings_json, '$.order', '$.norms', '$.ratings', '$.average')
WHERE kind = 'koth' AND json_extract(settings_json, '$.order') IS NOT NULL;
