"""Model adapters (local llama.cpp, OpenAI-compatible HTTP, scripted) and the provider registry."""
