"""Import-linter contracts that the built-in types cannot say.

`public_faces`: a domain may import another domain only through its public face (the package
itself, i.e. its `__init__`, or its `api` module), so a domain's routes, services,
repositories and tables stay its own business.

`layered_files`: inside every package, route modules (`routes.py`, `*_routes.py`) are imported
by nobody but the wiring, services (`service.py`) by no repository, and repositories
(`repository.py`) import no service and no route module: routes -> service -> repository.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter import Contract, ContractCheck, fields, output


def _domain_of(module: str, domains: set[str]) -> str | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[1] in domains:
        return parts[1]
    return None


def _strings(value: object) -> set[str]:
    """A contract's list option as a set (import-linter's fields are descriptors)."""
    assert isinstance(value, (list, set, tuple)), value
    return {str(item) for item in value}


def _leaf(module: str) -> str:
    return module.rsplit(".", 1)[-1]


def _is_routes(module: str) -> bool:
    leaf = _leaf(module)
    return leaf == "routes" or leaf.endswith("_routes")


class PublicFacesContract(Contract):
    """Between two domains, the imported module is the other domain's package or its api."""

    root = fields.StringField()
    domains = fields.ListField(subfield=fields.StringField())
    faces = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        root = str(self.root)
        domains = _strings(self.domains)
        faces = _strings(self.faces or ["api"])
        broken: list[tuple[str, str]] = []
        for importer in sorted(graph.modules):
            if not importer.startswith(root + "."):
                continue
            home = _domain_of(importer, domains)
            if home is None:
                continue
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                other = _domain_of(imported, domains)
                if other is None or other == home:
                    continue
                face = imported == f"{root}.{other}" or (
                    imported.count(".") == 2 and _leaf(imported) in faces
                )
                if not face:
                    broken.append((importer, imported))
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported in check.metadata["broken"]:
            output.print_error(f"{importer} imports {imported}, not that domain's public face")
            output.new_line()


class LayeredFilesContract(Contract):
    """routes -> service -> repository inside every package under the root."""

    root = fields.StringField()
    wiring = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        root = str(self.root)
        wiring = _strings(self.wiring)
        broken: list[tuple[str, str, str]] = []
        for importer in sorted(graph.modules):
            if not importer.startswith(root + ".") or importer in wiring:
                continue
            for imported in sorted(graph.find_modules_directly_imported_by(importer)):
                if not imported.startswith(root + "."):
                    continue
                if _is_routes(imported) and not _is_routes(importer):
                    broken.append((importer, imported, "only the wiring mounts route modules"))
                elif _leaf(importer) == "repository" and _leaf(imported) in {"service"}:
                    broken.append((importer, imported, "a repository calls no service"))
                elif _is_routes(importer) and _leaf(imported) == "repository":
                    broken.append((importer, imported, "routes reach data through a service"))
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, imported, why in check.metadata["broken"]:
            output.print_error(f"{importer} imports {imported}: {why}")
            output.new_line()
