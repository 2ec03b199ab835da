"""Files attached to messages: checked by content, read on add, stored by hash, sent inline or as retrieved passages, collected when nothing refers to them."""
