"""Speech and images made after an answer, stored as the message's ChatMedia; a failure marks only the medium."""
