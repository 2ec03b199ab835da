"""Long-term memory: facts the user keeps (global or per workspace), the proposals they accept or dismiss."""
