"""The adapters behind :class:`~mira_desktop.models.protocol.ChatModel`, one per reference scheme."""
