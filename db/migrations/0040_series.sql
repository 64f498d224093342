-- The Overlord series (606): a competition of one city's tournaments devoted to one Overlord
-- deck, over a period (bot/series). What it was created with is its row; what happened since
-- (its tournaments, their crystals, the challenges, an extension, its end) is its event log,
-- replayed (rules/series/state.py), as a tournament's is.
CREATE TABLE series (
    id          INTEGER PRIMARY KEY,
    chat_id     BIGINT NOT NULL,                 -- the group it was created in
    city        TEXT NOT NULL,
    deck        TEXT NOT NULL,                   -- the Overlord deck's name
    overlord    INTEGER NOT NULL,                -- the player who plays the Overlord (606.6)
    starts_on   TEXT NOT NULL,                   -- the period's first day (606.10)
    ends_on     TEXT NOT NULL,                   -- its official last day
    created_by  BIGINT NOT NULL,
    created_at  TEXT NOT NULL,
    token       TEXT NOT NULL UNIQUE             -- its web page's unguessable link (/series/<token>)
);
CREATE INDEX series_chat ON series (chat_id);

CREATE TABLE series_events (
    id           INTEGER PRIMARY KEY,
    series_id    INTEGER NOT NULL REFERENCES series (id),
    kind         TEXT NOT NULL,
    payload_json TEXT NOT NULL DEFAULT '{}',
    actor_id     BIGINT,
    at           TEXT NOT NULL
);
CREATE INDEX series_events_series ON series_events (series_id, id);
