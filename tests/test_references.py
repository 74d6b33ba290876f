"""What the code and docs cite, a reader can open: every Markdown file and source document ("seed
001") named exists in the repository, and nothing points at issue numbers a reader cannot see."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

THIS = Path(__file__).resolve()
ROOT = THIS.parent.parent
SUFFIXES = (".py", ".md", ".sh", ".toml", ".yaml", ".yml", ".json", ".html", ".js", ".css")
_MARKDOWN = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)*[\w.-]+\.md)\b")
_ISSUE = re.compile(r"\bissues? #?\d+\b|\bissue #\d+|(?<![\w&])#\d{1,4}\b(?!\w)", re.IGNORECASE)


def tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / n for n in names if n.endswith(SUFFIXES) and (ROOT / n).is_file()]


def missing_markdown(path: Path, text: str) -> list[str]:
    """Documents named (a path, or an upper-case name like README.md) that resolve neither from the
    repository root, docs/, nor the file's folder; a bare lower-case name is an output file's."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        for name in _MARKDOWN.findall(line):
            stem = name.rsplit("/", 1)[-1][:-3]
            if "://" in line or ("/" not in name and not stem.isupper()):
                continue
            bases = (ROOT, ROOT / "docs", path.parent)
            if not any((base / name).is_file() for base in bases):
                out.append(f"{path.relative_to(ROOT)}:{number}: {name}")
    return out


_SEED = re.compile(r"\bseeds? (\d{3})\b", re.IGNORECASE)


def missing_seeds(path: Path, text: str) -> list[str]:
    """"seed NNN" cites a source document, which must be in docs/seeds."""
    present = {p.name[:3] for p in (ROOT / "docs" / "seeds").glob("*.txt")}
    return [f"{path.relative_to(ROOT)}:{n}: seed {m.group(1)}" for n, line in enumerate(text.splitlines(), 1)
            for m in _SEED.finditer(line) if m.group(1) not in present]


def issue_numbers(path: Path, text: str) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{n}: {m.group(0)}" for n, line in enumerate(text.splitlines(), 1)
            for m in _ISSUE.finditer(line)]


def test_the_scanners_find_planted_references(tmp_path):
    fake = ROOT / "x.py"
    assert missing_markdown(fake, 'see ../shared/NOWHERE.md, STYLE.md, README.md, out.md') == [
        "x.py:1: ../shared/NOWHERE.md", "x.py:1: STYLE.md"]
    assert issue_numbers(fake, "# fixed in issue 7 §2\n# see #12\nok = '&#39;'") == ["x.py:1: issue 7", "x.py:2: #12"]


def test_cited_markdown_files_exist():
    assert [hit for path in tracked() if path != THIS
            for hit in missing_markdown(path, path.read_text(encoding="utf-8"))] == []


def test_cited_seed_documents_exist():
    assert missing_seeds(ROOT / "x.py", "# seed 001 and seed 999") == ["x.py:1: seed 999"]
    assert [hit for path in tracked() if path != THIS
            for hit in missing_seeds(path, path.read_text(encoding="utf-8"))] == []


def test_no_issue_numbers():
    assert [hit for path in tracked() if path != THIS
            for hit in issue_numbers(path, path.read_text(encoding="utf-8"))] == []
