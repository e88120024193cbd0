"""Templates for the ported app: the one place that calls the template converter."""

from __future__ import annotations

import shutil
from pathlib import Path

TEMPLATE_SUFFIXES = {".tpl", ".stpl", ".thtml"}


def is_template(path: Path) -> bool:
    """Bottle's template files: by suffix, or any file in a `views` folder."""
    return path.suffix in TEMPLATE_SUFFIXES or (
        "views" in path.parts[:-1] and path.suffix in {".html", ".htm"})


def convert_templates(src: Path, out: Path, files: list[Path]) -> tuple[list[dict], dict]:
    """Write each template under `out`; return per-file results and Bottle name -> new name.

    Until the SimpleTemplate converter (harness/stpl) is merged the files are copied
    unchanged, so the ported app finds them under their Bottle names.
    """
    results, names = [], {}
    for path in files:
        target = out / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        results.append({"path": str(path.relative_to(src)), "status": "copied",
                        "todos": []})
        names[path.stem] = path.name
    return results, names
