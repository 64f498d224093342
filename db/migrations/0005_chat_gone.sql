-- A group the bot can no longer write to (deleted, the bot removed, «chat not found»): its
-- jobs give up instead of retrying, and its organisers were told once. Cleared when the chat
-- writes to the bot again.
ALTER TABLE chats ADD COLUMN gone_at TEXT;
ALTER TABLE chats ADD COLUMN gone_reason TEXT;
