"""Pure domain logic: no Qt, no database, no network, no other mira package."""
