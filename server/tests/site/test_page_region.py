"""The publisher pages' inSupportedRegion global follows the region check the account area,
the plans call and the decision engine use (masthead.region), and the pages say in Vary that
they depend on the country header."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.site.stories import SITE, demo_story, page_globals, path_of, seed

HEADER = "CloudFront-Viewer-Country"
STORY = path_of(demo_story("main", "members"))
PAGES = ["/", STORY, "/membership-terms", "/no-such-page/"]


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


@pytest.fixture
def us_only(runtime: Runtime) -> None:
    runtime.settings.country_header = HEADER
    runtime.settings.supported_countries = "US"


@pytest.mark.usefixtures("us_only")
@pytest.mark.parametrize("path", PAGES)
def test_outside_the_region_the_page_says_so_and_hides_the_plans(
    client: TestClient, path: str
) -> None:
    page = client.get(path, headers={HEADER: "FR"})
    settings = page_globals(page.text)["membership-settings"]
    assert settings["inSupportedRegion"] is False
    # The same answer the plans call gives there: no plan to offer.
    assert settings["plans"] == {} == client.get(f"{SITE}/plans", headers={HEADER: "FR"}).json()
    assert HEADER in [v.strip() for v in page.headers["vary"].split(",")]
    assert "Cookie" in page.headers["vary"]


@pytest.mark.usefixtures("us_only")
@pytest.mark.parametrize("sent", [{HEADER: "US"}, {}])
def test_inside_the_region_or_unknown_the_page_offers_the_plans(
    client: TestClient, sent: dict[str, str]
) -> None:
    page = client.get(STORY, headers=sent)
    settings = page_globals(page.text)["membership-settings"]
    assert settings["inSupportedRegion"] is True
    assert settings["plans"] == client.get(f"{SITE}/plans", headers=sent).json() != {}
    assert HEADER in page.headers["vary"]


def test_without_a_country_header_every_page_is_in_the_region(client: TestClient) -> None:
    page = client.get(STORY, headers={HEADER: "FR"})
    assert page_globals(page.text)["membership-settings"]["inSupportedRegion"] is True
    assert page.headers["vary"] == "Cookie, Host"
