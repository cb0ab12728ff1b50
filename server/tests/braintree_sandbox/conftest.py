"""The gateway fixtures the billing suite defines: the sandbox on the test database, the SDK
against its wire protocol, the webhooks it queued."""

from tests.billing.conftest import (  # noqa: F401 (fixtures)
    braintree_gateway,
    gateway,
    gateway_name,
    mirror,
    sandbox,
    webhooks,
    wire_server,
)
