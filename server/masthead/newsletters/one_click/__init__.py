"""One-click unsubscribe (RFC 8058) and the signed preferences link of newsletter mail."""
