"""Access decisions: POST /zephr/decision-engine answers one feature per call."""
