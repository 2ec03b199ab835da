"""Document readers that keep locations, and the hierarchical chunker."""
