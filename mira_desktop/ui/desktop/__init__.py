"""The window and the desktop around it: the system's programs, file dialogs, keyboard shortcuts."""
