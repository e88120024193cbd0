"""The lock (`make lock`): what make install and CI install is pinned, hashed, and within
the ranges pyproject.toml asks for, so a fresh clone installs what CI tested."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
UV_LOCK = tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))
# each file of the lock, and the dependency groups its virtualenv gets (Makefile)
FILES = {"serve.txt": ("conduit",), "test.txt": ("test", "browser"),
         "bench.txt": ("test", "bench")}
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", re.M)


def pins(text: str) -> dict[str, str]:
    """name -> version of every package a requirements file pins."""
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def asked(groups: tuple[str, ...]) -> list[Requirement]:
    """What pyproject.toml asks for: the tool's own dependencies, then the groups'."""
    wanted = [Requirement(text) for text in PYPROJECT["project"]["dependencies"]]
    return wanted + [r for group in groups for r in in_group(group)]


def in_group(group: str) -> list[Requirement]:
    """A dependency group's requirements, the groups it includes expanded (as uv does)."""
    found = []
    for item in PYPROJECT["dependency-groups"][group]:
        if isinstance(item, dict):
            found += in_group(item["include-group"])
        else:
            found.append(Requirement(item))
    return found


def read(name: str) -> str:
    return (ROOT / "requirements" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "groups"), FILES.items(), ids=list(FILES))
def test_each_file_pins_every_package_asked_for_within_its_range(name, groups):
    pinned = pins(read(name))
    outside = [f"{r} (locked: {pinned.get(canonicalize_name(r.name), 'none')})"
               for r in asked(groups)
               if canonicalize_name(r.name) not in pinned
               or not r.specifier.contains(pinned[canonicalize_name(r.name)],
                                           prereleases=True)]
    assert outside == [], "pyproject.toml changed since the lock: run make lock"


@pytest.mark.parametrize("name", FILES)
def test_every_pin_has_its_hashes_and_the_version_uv_lock_holds(name):
    text = read(name)
    locked = {canonicalize_name(p["name"]): p["version"] for p in UV_LOCK["package"]
              if "version" in p}
    for block in re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2]):
        if block.strip() and not block.lstrip().startswith("#"):
            assert "--hash=sha256:" in block, block
    assert {k: v for k, v in pins(text).items() if locked.get(k) != v} == {}


def test_uv_lock_was_made_from_this_pyproject():
    """uv.lock records the requirements it resolved: pyproject.toml's, unchanged since
    (the tool's own dependencies and every group)."""
    own = next(p for p in UV_LOCK["package"] if p["name"] == PYPROJECT["project"]["name"])
    recorded = {"": {_key(_from_lock(r)) for r in own["metadata"]["requires-dist"]}}
    recorded |= {group: {_key(_from_lock(r)) for r in entries}
                 for group, entries in own["metadata"]["requires-dev"].items()}
    wanted = {"": {_key(Requirement(r)) for r in PYPROJECT["project"]["dependencies"]}}
    wanted |= {group: {_key(r) for r in in_group(group)}
               for group in PYPROJECT["dependency-groups"]}
    assert recorded == wanted, "pyproject.toml changed since the lock: run make lock"


def _from_lock(entry: dict) -> Requirement:
    """A requirement as uv.lock records it."""
    extras = f"[{','.join(entry['extras'])}]" if entry.get("extras") else ""
    marker = f"; {entry['marker']}" if entry.get("marker") else ""
    return Requirement(f"{entry['name']}{extras}{entry.get('specifier', '')}{marker}")


def _key(requirement: Requirement) -> tuple:
    return (canonicalize_name(requirement.name), tuple(sorted(requirement.extras)),
            str(requirement.specifier), str(requirement.marker or ""))
