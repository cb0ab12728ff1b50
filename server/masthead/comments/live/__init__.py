"""New comments pushed to the readers on a story's page (server-sent events)."""
