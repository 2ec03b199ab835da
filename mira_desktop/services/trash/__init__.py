"""The trash: what was deleted, restorable for a while, then purged."""
