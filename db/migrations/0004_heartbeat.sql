-- When the bot was last alive: one row, its moment refreshed every minute while the bot runs
-- (bot.heartbeat). After downtime the bot tells "offline from <this> to <its start>" when it
-- applies a deadline late. A deadline's status may now also be 'dropped': a reminder found
-- overdue at start, whose moment had passed (bot.deadlines.Late).
CREATE TABLE heartbeat (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    alive_at TEXT NOT NULL                     -- UTC, ISO 8601 (the bot's clock)
);
