"""hardware/ imports nothing of ours or Kivy (even inside functions) and stays in small modules."""
import ast
from pathlib import Path

import pytest

from imports import imported_roots

PKG = Path(__file__).resolve().parents[2] / "hardware"
FORBIDDEN = {"kivy", "companion", "ui"}
MODULES = sorted(PKG.glob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_hardware_module_imports_no_kivy_companion_or_ui(path):
    bad = FORBIDDEN & set(imported_roots(ast.parse(path.read_text())))
    assert not bad, f"{path.name} imports {bad}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_hardware_module_is_small(path):
    assert len(path.read_text().splitlines()) < 700
