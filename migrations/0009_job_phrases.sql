-- An index job's message as a phrase of core.phrases ({"key", "values"}), so the window says it in
-- its own language; ``message`` keeps the English the command prints. Null for a message without one.

ALTER TABLE index_jobs ADD COLUMN message_phrase_json TEXT;
