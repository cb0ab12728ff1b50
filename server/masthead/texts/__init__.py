"""Text-message alerts: a reader's phone number, consent and opt-out, sent through the SMS
adapter."""
