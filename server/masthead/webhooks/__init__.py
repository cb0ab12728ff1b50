"""The site API's webhook: page events (tracking, comments) forwarded to configured targets."""
