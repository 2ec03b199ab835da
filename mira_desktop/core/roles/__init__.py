"""Roles: the prompt-field schema, validation, lorebook, macros, and the compiler that turns a role into request text."""
