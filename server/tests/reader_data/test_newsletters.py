"""The reader's newsletters in their data file, and gone with their account: the
subscriptions with the account row, what the embedded provider recorded under the address."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.identity.helpers import register
from tests.newsletters import helpers as newsletters
from tests.reader_data.helpers import EMAIL, delete


def test_the_data_file_lists_the_newsletters_and_deleting_forgets_the_address(
    client: TestClient, runtime: Runtime
) -> None:
    lists = newsletters.seed(runtime)
    register(client, EMAIL)
    chosen = sorted(lists.values())[:2]
    subscribe = ",".join(str(list_id) for list_id in chosen)
    newsletters.ok(newsletters.call(client, runtime, "update", subscribe=subscribe))
    newsletters.deliver(runtime)
    assert newsletters.pushes(runtime, EMAIL)  # what the embedded provider was sent

    data = client.get("/blaize/users/data").json()
    assert {n["list_id"] for n in data["newsletters"]} == set(chosen)
    assert all(n["name"] and n["group"] and n["since"] for n in data["newsletters"])

    assert delete(client).status_code == 200
    assert newsletters.pushes(runtime, EMAIL) == []
    register(client, EMAIL)  # the same address, a new account: no newsletters of the old one
    again = newsletters.ok(newsletters.call(client, runtime, "read"))
    assert again["userinfo"]["list_subscriptions"] == []
