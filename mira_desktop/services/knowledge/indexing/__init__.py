"""Indexing documents: the job queue, the builder that runs jobs to publication, the app's background indexer, folder sync."""
