-- PostgreSQL's 0013: ../0013_koth_begin_facts.sql with jsonb's operators for SQLite's json_set
-- and json_remove. The facts of a King of the Hill's start move from its settings into its
-- `begin` event; the settings keep only what the organiser chose.
UPDATE events
SET payload_json = (
    events.payload_json::jsonb || jsonb_build_object(
        'order', json_extract(t.settings_json, '$.order'),
        'norms', coalesce(json_extract(t.settings_json, '$.norms'), '[]'::jsonb),
        'ratings', coalesce(json_extract(t.settings_json, '$.ratings'), '[]'::jsonb),
        'average', coalesce(json_extract(t.settings_json, '$.average'), '"0"'::jsonb)
    )
)::text
FROM tournaments t
WHERE t.id = events.tournament_id
  AND events.kind = 'begin'
  AND t.kind = 'koth' AND json_extract(t.settings_json, '$.order') IS NOT NULL;

UPDATE tournaments
SET settings_json = (settings_json::jsonb - 'order' - 'norms' - 'ratings' - 'average')::text
WHERE kind = 'koth' AND json_extract(settings_json, '$.order') IS NOT NULL;
