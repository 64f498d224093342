-- A club group's season (bot/seasons.py, issue 27 item 5): its days, its points by place and
-- how many best results count. A table, not events: the events belong to one tournament
-- (events.tournament_id), and a season is the group's, spanning many tournaments; what it adds
-- up (the places) is read from the tournaments' own events when its table is shown.
CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    chat_id    BIGINT NOT NULL,
    name       TEXT NOT NULL,
    starts_on  TEXT NOT NULL,              -- its first day, ISO, in the club's time zone
    ends_on    TEXT NOT NULL,              -- its last day (included)
    points     TEXT NOT NULL,              -- the points by place, space-separated
    best       INTEGER NOT NULL,           -- how many best results count
    token      TEXT NOT NULL UNIQUE,       -- its web page's unguessable link
    created_by BIGINT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX seasons_chat ON seasons (chat_id, starts_on);
