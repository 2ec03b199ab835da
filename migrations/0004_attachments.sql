-- Attachments held by composer drafts, the start of a file's grace period, and how media were made.

-- The file of a message not sent yet: one per draft (a thread's composer, the welcome page's, or a
-- `mira chat send --attach` under way). Sending moves it to attachment_refs in one transaction.
CREATE TABLE attachment_drafts (
    draft_key TEXT PRIMARY KEY CHECK (length(draft_key) > 0),
    attachment_id TEXT NOT NULL REFERENCES attachments (id) ON DELETE CASCADE,
    thread_id TEXT REFERENCES threads (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX attachment_drafts_by_attachment ON attachment_drafts (attachment_id);

-- When the file's last reference went away (its message, branch or thread deleted, its draft
-- discarded): the collector removes a file only a grace period after that, never while referenced.
ALTER TABLE attachments ADD COLUMN released_at TEXT;
-- What reading the file on add found: format, pages, characters, a token estimate.
ALTER TABLE attachments ADD COLUMN detail_json TEXT NOT NULL DEFAULT '{}';

-- Foreign-key cascades fire these too, so a deleted thread starts its files' grace periods.
CREATE TRIGGER attachment_refs_released AFTER DELETE ON attachment_refs
BEGIN
    UPDATE attachments SET released_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = OLD.attachment_id;
END;
CREATE TRIGGER attachment_drafts_released AFTER DELETE ON attachment_drafts
BEGIN
    UPDATE attachments SET released_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = OLD.attachment_id;
END;

-- How a medium was made: engine, voice and language of speech; provider, model and prompt of an image.
ALTER TABLE chat_media ADD COLUMN detail_json TEXT NOT NULL DEFAULT '{}';
