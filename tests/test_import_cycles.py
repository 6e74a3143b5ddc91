"""No import circle among companion/'s modules: a module's parts import it, never the other way round too.

The graph is read from the source with ast: every `import` and `from ... import`, at the top or inside a
function (an import deferred to a method is still a dependency), resolved to the companion module it names.
A game names its parts as text (`Game.state_class = "state:MyState"`), so its class module imports none of them.
An import under `if TYPE_CHECKING:` is left out: it names a type for the checker and never runs.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "companion"



def _for_the_checker_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _nodes(tree: ast.AST):
    """Every node of `tree` but those under `if TYPE_CHECKING:`."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for child in ast.iter_child_nodes(node) if not _for_the_checker_only(child))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, modules: set[str]) -> set[str]:
    """The companion modules `path` imports anywhere in its text."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # `from pkg import mod` imports the module pkg.mod; `from mod import name` the module mod
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in modules and t != name}
    return found


def graph() -> dict[str, set[str]]:
    paths = sorted(PKG.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports(p, modules) for p in paths}


def circles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_among_companion_modules():
    found = [sorted(c) for c in circles(graph())]
    assert not found, f"import circles: {found}"


def test_the_graph_sees_deferred_and_relative_imports():
    edges = graph()
    assert "companion.games.legends.values" in edges["companion.games.legends.game"]  # inside load_files
    assert "companion.games.legends.data" in edges["companion.games.legends.values"]  # `from . import data`
    assert "companion.core" in edges["companion.games.legends.game"]
    assert "companion.session" not in edges["companion.exports"]  # only `if TYPE_CHECKING:` names it
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]
