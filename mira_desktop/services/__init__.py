"""Use cases wiring the store, index, models and agent together; receive concrete parts by injection."""
