"""hardware/ imports nothing of ours or Kivy (even inside functions) and stays in small modules."""
import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parents[2] / "hardware"
FORBIDDEN = {"kivy", "companion", "ui"}
MODULES = sorted(PKG.glob("*.py"))


def imported_roots(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            yield str(node.args[0].value).split(".")[0]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_hardware_module_imports_no_kivy_companion_or_ui(path):
    bad = FORBIDDEN & set(imported_roots(ast.parse(path.read_text())))
    assert not bad, f"{path.name} imports {bad}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_hardware_module_is_small(path):
    assert len(path.read_text().splitlines()) < 700
