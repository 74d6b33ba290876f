"""How a terminal shows things: the one rich console, a trajectory and a score card, shared by the
CLI commands and the demo (which is not part of the CLI package, so neither imports the other)."""
from __future__ import annotations

import json

from rich.console import Console
from rich.table import Table

console = Console(soft_wrap=True)  # a line such as "wrote PATH" stays whole for scripts; tables still fit the width
err = Console(stderr=True, soft_wrap=True)  # messages stay whole lines, whatever the width


def print_trajectory(traj: dict) -> None:
    agent = traj.get("agent") or {}
    tokens = traj.get("tokens") or {}
    console.print(f"[bold]{traj['trace_id']}[/bold] v{traj['version']}  {traj['status']}  "
                  f"{traj['duration_ms']:.0f} ms  agent={agent.get('name')} {agent.get('version') or ''}  "
                  f"user={traj.get('user_id')} session={traj.get('session_id')}", highlight=False)
    console.print(f"  input:  {traj.get('input')}", highlight=False)
    table = Table("#", "tool", "arguments", "status", "ms", "result / error", "offered")
    for c in traj.get("tool_calls", []):
        outcome = c.get("error") if c["status"] == "error" else c.get("result")
        table.add_row(str(c["seq"]), c["name"], _short(c.get("arguments")), c["status"],
                      f"{c['duration_ms']:.0f}", _short(outcome), "yes" if c.get("offered") else "no")
    console.print(table)
    console.print(f"  output: {traj.get('output')}", highlight=False)
    console.print(f"  tokens: in {tokens.get('input')} out {tokens.get('output')}  llm calls {traj.get('llm_call_count')}"
                  f"  first token {traj.get('first_token_ms')} ms", highlight=False)


def _short(value, width: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= width else text[: width - 1] + "…"


def print_card(card: dict, title: str = "") -> None:
    table = Table("dimension", "score", "weight", title=title or None)
    for dim, score in card["dimensions"].items():
        weight = card["weights"].get(dim)
        table.add_row(dim, "not measured" if score is None else f"{score:.1%}",
                      "—" if weight is None else f"{weight:.1%}")
    console.print(table)
    if card["raw_total"] is None:
        console.print("total: nothing measured")
        return
    console.print(f"total {card['raw_total']:.1%} × {card['multiplier']} = [bold]{card['final_total']:.1%}[/bold]"
                  + ("  [red]NOT RECOMMENDED[/red]" if card["not_recommended"] else ""), highlight=False)
    for rule in card["rules"]:
        console.print(f"  {rule['rule']}: {rule['reason']}", highlight=False)
