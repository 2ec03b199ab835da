"""The routes a run can take: normal chat, knowledge-base answers (RAG) and agent runs, and how an answer streams."""
