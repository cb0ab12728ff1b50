"""Our own import-linter contracts (server/architecture) find the imports they forbid."""

from __future__ import annotations

import grimp

from architecture.public_faces import LayeredFilesContract, PublicFacesContract


def _graph(*imports: tuple[str, str]) -> grimp.ImportGraph:
    graph = grimp.ImportGraph()
    for importer, imported in imports:
        for module in (importer, imported):
            graph.add_module(module)
        graph.add_import(importer=importer, imported=imported)
    return graph


def _faces() -> PublicFacesContract:
    options = {"root": "app", "domains": ["billing", "identity"]}
    return PublicFacesContract(name="faces", session_options={}, contract_options=options)


def _layers() -> LayeredFilesContract:
    options = {"root": "app", "wiring": ["app.main"]}
    return LayeredFilesContract(name="layers", session_options={}, contract_options=options)


def test_a_domain_may_import_another_through_its_face_only() -> None:
    faces = _faces()
    allowed = _graph(
        ("app.billing.service", "app.identity.api"),
        ("app.billing.service", "app.identity"),
        ("app.billing.service", "app.billing.repository"),  # its own insides
        ("app.main", "app.identity.repository"),  # the wiring is no domain
    )
    assert faces.check(allowed, verbose=False).kept
    broken = faces.check(_graph(("app.billing.service", "app.identity.repository")), False)
    assert not broken.kept
    assert broken.metadata["broken"] == [("app.billing.service", "app.identity.repository")]


def test_routes_reach_data_through_a_service_and_only_the_wiring_mounts_them() -> None:
    layers = _layers()
    allowed = _graph(
        ("app.billing.routes", "app.billing.service"),
        ("app.billing.service", "app.billing.repository"),
        ("app.main", "app.billing.routes"),
        ("app.billing.routes", "app.billing.operator_routes"),  # routes gathering routes
    )
    assert layers.check(allowed, verbose=False).kept
    for importer, imported in [
        ("app.billing.routes", "app.billing.repository"),
        ("app.billing.service", "app.billing.routes"),
        ("app.billing.repository", "app.billing.service"),
    ]:
        assert not layers.check(_graph((importer, imported)), verbose=False).kept
