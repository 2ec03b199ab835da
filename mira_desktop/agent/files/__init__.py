"""Files inside a workspace root, reached only by opening one component at a time from its handle."""
