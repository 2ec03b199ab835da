"""Models from the Hugging Face Hub: search, listings, fit before fetch, durable downloads, the catalogue."""
