"""Print the server's OpenAPI document: `python -m masthead.openapi > web/src/api/openapi.json`."""

from __future__ import annotations

import json
import sys

from masthead.app import create_app
from masthead.settings import Settings


def main() -> None:
    app = create_app(Settings(worker="off"))
    json.dump(app.openapi(), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
