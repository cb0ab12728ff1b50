"""The providers' siteverify, served over real HTTP in a thread: the verification double's
rules (masthead/verification_double/tokens.py: Turnstile's test secrets, single-use tokens)
unless a test sets the exact answer (reCAPTCHA's score, a 500, a body that is not JSON).
Every form it receives is kept, so tests read what Masthead sent."""

from __future__ import annotations

import base64
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from masthead.human_verification.providers import ACTION
from masthead.verification_double.tokens import Siteverify

HOST = "testserver"  # the TestClient's host: where the tests' challenges "ran"


def mint(
    outcome: str = "pass", hostname: str = HOST, action: str = ACTION, api: str = "turnstile"
) -> str:
    """A token as the double's browser script makes it."""
    payload = json.dumps({"hostname": hostname, "action": action, "api": api}).encode()
    encoded = base64.urlsafe_b64encode(payload).decode().rstrip("=")
    return f"double.{outcome}.{encoded}.{secrets.token_hex(8)}"


class ProviderDouble:
    def __init__(self) -> None:
        self.forms: list[dict[str, str]] = []
        self.answer: Any = None  # a test's own answer (dict), instead of the double's rules
        self.status = 200
        self.raw: bytes | None = None  # a body sent as it is (not JSON)
        self.rules = Siteverify()
        double = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                fields = parse_qs(self.rfile.read(length).decode())
                form = {name: values[0] for name, values in fields.items()}
                form["content-type"] = self.headers.get("Content-Type", "")
                double.forms.append(form)
                if double.raw is not None:
                    body = double.raw
                elif double.answer is not None:
                    body = json.dumps(double.answer).encode()
                else:
                    answer = double.rules.answer(form.get("secret", ""), form.get("response", ""))
                    body = json.dumps(answer).encode()
                self.send_response(double.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/siteverify"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def reset(self) -> None:
        self.forms.clear()
        self.answer, self.status, self.raw = None, 200, None
        self.rules = Siteverify()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
