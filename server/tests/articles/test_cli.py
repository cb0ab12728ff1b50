"""The stories from an operator's shell: list, put FILE.json, delete ID; the operator API's
checks, each refusal one line on stderr and exit status 2."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.articles import cli
from masthead.deps import Runtime
from tests.articles.helpers import site_page, story_body
from tests.site.stories import seed
from tests.staff.conftest import audit_rows

# Before the tests' frozen clock (and the CLI's real one): on the site for both.
ON_SITE_SINCE = datetime(2026, 11, 20, 8, 0, tzinfo=UTC).isoformat()


def _run(runtime: Runtime, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    status = cli.main(list(argv), runtime.settings)
    out, err = capsys.readouterr()
    return status, (json.loads(out) if status == 0 else err)


def test_put_list_and_delete(
    client: TestClient, runtime: Runtime, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed(runtime)
    story = tmp_path / "story.json"
    body = {"id": "cms-77", **story_body(access="free"), "published_at": ON_SITE_SINCE}
    story.write_text(json.dumps(body), encoding="utf-8")
    status, made = _run(runtime, capsys, "put", str(story))
    assert status == 0, made
    assert made["made"] is True
    assert made["story"]["status"] == "published"
    assert made["story"]["updated_by"] == "command line"
    assert site_page(client, made["story"]).status_code == 200
    status, again = _run(runtime, capsys, "put", str(story))
    assert (status, again["made"], again["story"]) == (0, False, made["story"])
    entry = audit_rows(runtime, "story.created")[-1]
    assert (entry.actor_email, entry.target_id, entry.address) == (None, "cms-77", None)

    status, listed = _run(runtime, capsys, "list", "--brand", "main", "--status", "published")
    assert status == 0 and listed["total"] == 5
    assert listed["items"][0]["content_id"] == "cms-77"

    status, removed = _run(runtime, capsys, "delete", "cms-77")
    assert (status, removed) == (0, {"content_id": "cms-77", "outcome": "unpublished"})
    assert site_page(client, made["story"]).status_code == 404


@pytest.mark.parametrize(
    ("argv", "file_text", "says"),
    [
        (["delete", "nope"], None, 'There is no story with the id "nope".'),
        (["delete", "has space"], None, "give the story's id"),
        (["delete"], None, "give the story's id"),
        (["put"], "[]", "the file must hold a JSON object"),
        (["put"], "{not json", "The story was not changed"),
        (["put"], json.dumps(story_body()), "give the story's id"),
        (["put"], json.dumps({"id": "x", **story_body(section="TV")}), 'has no section "TV"'),
        (["put"], json.dumps({"id": "x", **story_body(), "extra": 1}), "Extra inputs"),
    ],
)
def test_refusals_are_one_line_and_status_2(
    runtime: Runtime,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    file_text: str | None,
    says: str,
) -> None:
    if file_text is not None:
        path = tmp_path / "story.json"
        path.write_text(file_text, encoding="utf-8")
        argv = [*argv, str(path)]
    status, err = _run(runtime, capsys, *argv)
    assert status == 2
    assert says in err
    assert "Traceback" not in err
