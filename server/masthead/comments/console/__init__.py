"""The staff console's comment moderation (/admin/api/comments): the queue, decisions, bans,
the per-site settings."""
