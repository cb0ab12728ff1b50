"""The spec's texts have one source: the web's specTexts.ts is generated from the server's."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from masthead.billing.catalog import cta
from masthead.settings import REPO_ROOT
from masthead.spec_texts import SPEC_TEXTS

GENERATED = REPO_ROOT / "web" / "src" / "api" / "specTexts.ts"
CONSTANT = re.compile(r'^export const ([A-Z][A-Z0-9_]*) = ("(?:[^"\\]|\\.)*");$', re.MULTILINE)


def test_each_name_is_cta_constant_of_that_name() -> None:
    assert {name: getattr(cta, name) for name in SPEC_TEXTS} == SPEC_TEXTS


def test_the_module_prints_the_texts_as_json() -> None:
    printed = subprocess.run(
        [sys.executable, "-m", "masthead.spec_texts"], capture_output=True, check=True, text=True
    )
    assert json.loads(printed.stdout) == SPEC_TEXTS


def test_the_web_copy_is_the_servers() -> None:
    """Else run `make api-types` (it regenerates web/src/api/specTexts.ts)."""
    source = GENERATED.read_text(encoding="utf-8")
    assert "GENERATED" in source
    web = {name: json.loads(text) for name, text in CONSTANT.findall(source)}
    assert web == SPEC_TEXTS
