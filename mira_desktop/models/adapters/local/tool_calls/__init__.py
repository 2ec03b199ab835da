"""Tool calls in a local model's own format: which family its template writes, the rendering of a
request's tools and calls through that template, the lazy grammar of one call, and the parser."""
