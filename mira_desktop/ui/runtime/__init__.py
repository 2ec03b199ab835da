"""How the window runs beside the services: background operations, the change feed, the garbage collector."""
