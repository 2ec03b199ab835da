"""Roles: create and edit, avatars, character-card import and export, the request preview."""
