"""The routes a run can take: normal chat and knowledge-base answers (RAG)."""
