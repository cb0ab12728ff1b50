"""The first page of each story's thread, kept built in the database (see service.py)."""
