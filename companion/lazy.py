"""Names a package exports but imports only on first use (PEP 562), so importing the package stays
cheap: the registry imports every game package before the app's first frame."""
from __future__ import annotations

import importlib
from typing import Any, Callable


def lazy_exports(package: str, table: dict[str, str], namespace: dict[str, Any]) -> tuple[Callable, Callable]:
    """`__getattr__` and `__dir__` for `package`: `table` maps a public name to the submodule holding it."""
    def __getattr__(name: str):
        if name not in table:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{table[name]}"), name)
        namespace[name] = value  # once: later lookups are plain module attributes
        return value

    def __dir__():
        return sorted([*namespace, *table])

    return __getattr__, __dir__
