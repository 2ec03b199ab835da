"""Web research: ``web_search`` and ``web_fetch`` through the search provider the person set."""
