-- PostgreSQL's 0001: the same tables as ../0001_initial.sql, with `tournaments` created
-- before the tables that refer to it (SQLite allows a reference to a table made later,
-- PostgreSQL does not). db.postgres translates the types.
-- The club's data: chats, players, ratings, tournaments and their event logs.
CREATE TABLE chats (
    id          INTEGER PRIMARY KEY,          -- Telegram chat id
    kind        TEXT NOT NULL,                -- private, group, supergroup
    title       TEXT,
    timezone    TEXT,                         -- NULL: the TIMEZONE setting
    language    TEXT,                         -- NULL: the DEFAULT_LANGUAGE setting
    migrated_to INTEGER,
    created_at  TEXT NOT NULL
);

-- Everyone the bot has seen, so that /add @username and mentions can be resolved.
CREATE TABLE tg_users (
    id            INTEGER PRIMARY KEY,
    username      TEXT,
    first_name    TEXT NOT NULL,
    last_name     TEXT,
    language_code TEXT,
    started_bot   INTEGER NOT NULL DEFAULT 0, -- has a private chat with the bot
    blocked_bot   INTEGER NOT NULL DEFAULT 0, -- DM answered 403: fall back to the group
    seen_at       TEXT NOT NULL
);
CREATE INDEX tg_users_username ON tg_users (lower(username));

-- A player's id is his permanent club ID.
CREATE TABLE players (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    telegram_id INTEGER UNIQUE,
    last_name   TEXT,
    first_name  TEXT,
    patronymic  TEXT,
    email       TEXT,
    city        TEXT,
    nickname    TEXT,
    phone       TEXT,
    registered  INTEGER NOT NULL DEFAULT 0,   -- completed the wizard (not only added by an organiser)
    deleted_at  TEXT,
    created_at  TEXT NOT NULL
);

CREATE TABLE tournaments (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id          INTEGER NOT NULL,
    discipline       TEXT NOT NULL,
    kind             TEXT NOT NULL,           -- koth, swiss
    name             TEXT NOT NULL,
    status           TEXT NOT NULL,           -- registration, running, finished, cancelled
    settings_json    TEXT NOT NULL DEFAULT '{}',
    board_message_id INTEGER,
    created_by       INTEGER NOT NULL,
    created_at       TEXT NOT NULL,
    started_at       TEXT,
    finished_at      TEXT
);
CREATE INDEX tournaments_chat ON tournaments (chat_id, status);

CREATE TABLE ratings (
    player_id    INTEGER NOT NULL REFERENCES players (id),
    discipline   TEXT NOT NULL,               -- berserk, billiards
    rating_cents INTEGER NOT NULL,            -- hundredths of a point
    PRIMARY KEY (player_id, discipline)
);

CREATE TABLE rating_history (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    discipline    TEXT NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id),
    delta_cents   INTEGER NOT NULL,
    after_cents   INTEGER NOT NULL,
    reason        TEXT NOT NULL,              -- start, tournament, set_by_organiser
    at            TEXT NOT NULL
);

CREATE TABLE rating_bonuses (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id     INTEGER NOT NULL REFERENCES players (id),
    discipline    TEXT NOT NULL,
    amount_cents  INTEGER NOT NULL,
    granted_on    TEXT NOT NULL,              -- date in the club's time zone
    expires_on    TEXT NOT NULL,              -- the bonus ends at 00:00 of this date
    tournament_id INTEGER REFERENCES tournaments (id),
    expiry_told   INTEGER NOT NULL DEFAULT 0
);


CREATE TABLE participants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    status        TEXT NOT NULL DEFAULT 'active',  -- active, dropped
    seat          INTEGER,                          -- position in a fixed order, if any
    joined_at     TEXT NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
);

CREATE TABLE judges (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

-- Append-only: the tournament's state is a replay of these events.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    kind          TEXT NOT NULL,
    payload_json  TEXT NOT NULL DEFAULT '{}',
    actor_id      INTEGER,
    at            TEXT NOT NULL
);
CREATE INDEX events_tournament ON events (tournament_id, id);

-- A player's claim about a game and its confirmation; `game_key` names the game
-- (e.g. "koth:12" for the 12th game, "swiss:3:5" for round 3 table 5).
CREATE TABLE reports (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    game_key      TEXT NOT NULL,
    reporter_id   INTEGER NOT NULL REFERENCES players (id),
    claim_json    TEXT NOT NULL,
    status        TEXT NOT NULL DEFAULT 'pending', -- pending, confirmed, disputed, decided, void
    resolved_by   INTEGER,
    created_at    TEXT NOT NULL,
    resolved_at   TEXT,
    UNIQUE (tournament_id, game_key, reporter_id)
);

CREATE TABLE deadlines (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT NOT NULL,
    ref_id        INTEGER NOT NULL,
    due_at        TEXT NOT NULL,               -- UTC, ISO 8601
    payload_json  TEXT NOT NULL DEFAULT '{}',
    status        TEXT NOT NULL DEFAULT 'pending', -- pending, fired, cancelled
    fired_at      TEXT
);
CREATE INDEX deadlines_pending ON deadlines (status, due_at);

CREATE TABLE audit_log (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER REFERENCES tournaments (id),
    actor_id      INTEGER NOT NULL,
    action        TEXT NOT NULL,
    details_json  TEXT NOT NULL DEFAULT '{}',
    at            TEXT NOT NULL
);
