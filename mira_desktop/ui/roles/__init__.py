"""The Roles window: role list, form, lorebook editor, request preview."""
