-- A provider whose models can see: images attached to a message are sent to them as image_url parts.
ALTER TABLE providers ADD COLUMN vision INTEGER NOT NULL DEFAULT 0 CHECK (vision IN (0, 1));
