"""Every module of the package imports on its own, first, in a fresh interpreter: no
circular import hides behind the order the rest of the suite happens to import them in."""

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "depcheck"

# each module imported with no depcheck module loaded before it
SCRIPT = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "depcheck" or m.startswith("depcheck.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as exc:
        failed.append(f"{name}: {type(exc).__name__}: {exc}")
print("\\n".join(failed))
"""


def _modules() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_module_imports_first():
    modules = _modules()
    assert "depcheck.frames" in modules and len(modules) > 30
    done = subprocess.run([sys.executable, "-c", SCRIPT, *modules], capture_output=True,
                          text=True, timeout=300, check=True)
    assert done.stdout.strip() == "", done.stdout
