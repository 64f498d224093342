-- A group's own language and time zone were never written by anything (no command sets them):
-- every group speaks the club's DEFAULT_LANGUAGE and keeps the TIMEZONE setting's time.
ALTER TABLE chats DROP COLUMN language;
ALTER TABLE chats DROP COLUMN timezone;
