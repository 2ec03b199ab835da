"""The window's look: the theme, icons, fonts and shared layout rules."""
