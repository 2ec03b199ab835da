"""Dictation: speech to text on this computer with faster-whisper and the Whisper base model."""
