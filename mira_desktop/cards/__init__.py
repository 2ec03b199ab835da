"""Character cards (SillyTavern V1/V2/V3, PNG or JSON): parse, sanitize, export. Pure: no I/O but bytes."""
