"""Knowledge bases: bases and their files, indexing, search, evaluation, cited sources."""
