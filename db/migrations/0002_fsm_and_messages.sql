-- Wizard state survives a restart; sent messages are remembered so that boards and
-- prompts can be edited in place.
CREATE TABLE fsm (
    storage_key TEXT PRIMARY KEY,
    state       TEXT,
    data_json   TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE outbox_keys (
    key        TEXT PRIMARY KEY,                -- an idempotency key for a notification
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    sent_at    TEXT NOT NULL
);
