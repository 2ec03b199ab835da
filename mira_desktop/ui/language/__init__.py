"""Text in the window's language: translations, locale formats and how things are said."""
