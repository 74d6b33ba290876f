"""`/dashboard/docs/{name}`: the project's guides where a page points to one ("my framework is not
read right", how alerts and keys work), rendered from docs/*.md by markdown-it with raw HTML off,
so a page holds only what Markdown makes of the text. Headings get ids for links to a section."""
from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import Response
from markdown_it import MarkdownIt

from tracepatrol import analysis
from tracepatrol.web.pages import ROOT, view

DOCS = Path(__file__).resolve().parents[2] / "docs"  # beside the package in a checkout (scripts/setup.sh installs it so)
GUIDES = ("conventions", "alerts", "security", "evaluators", "dashboard", "calibration", "reliability", "scale-out")


def slug(text: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def _heading_with_id(renderer, tokens, idx, options, env):
    tokens[idx].attrSet("id", slug(tokens[idx + 1].content))
    return renderer.renderToken(tokens, idx, options, env)


@cache
def rendered(name: str) -> tuple[str, str]:
    """(title, HTML) of a guide; NotFound when it is not one or is not installed."""
    path = DOCS / f"{name}.md"
    if name not in GUIDES or not path.is_file():
        raise analysis.NotFound(f"no guide {name!r}; guides: {', '.join(g for g in GUIDES if (DOCS / f'{g}.md').is_file())}")
    text = path.read_text(encoding="utf-8")
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.add_render_rule("heading_open", _heading_with_id)
    title = next((line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("# ")), name)
    return title, md.render(text)


def add_routes(pages: Callable) -> None:
    @pages(ROOT + "/docs/{name}")
    def guide(request: Request, name: str) -> Response:
        title, body = rendered(name)
        return view(request, "docs.html", title=title, body=body)
