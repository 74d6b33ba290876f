"""The `tracepatrol` command line. Each command's module is imported when that command runs, so a
command starts without loading the server, the report or the evaluators it does not use."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click

COMMANDS = {  # name: "module:attribute"
    "serve": "tracepatrol.cli.roles:serve", "collect": "tracepatrol.cli.roles:collect",
    "ingest": "tracepatrol.cli.roles:ingest", "worker": "tracepatrol.cli.roles:worker",
    "traces": "tracepatrol.cli.traces:traces", "task": "tracepatrol.cli.tasks:task",
    "annotate": "tracepatrol.cli.tasks:annotate", "results": "tracepatrol.cli.results:results",
    "score": "tracepatrol.cli.results:score", "compare": "tracepatrol.cli.results:compare",
    "evaluate": "tracepatrol.cli.results:evaluate", "export": "tracepatrol.cli.export:export",
    "report": "tracepatrol.cli.report:report", "keys": "tracepatrol.cli.keys:keys_group",
    "alerts": "tracepatrol.cli.alerts:alerts",
}


class LazyGroup(click.Group):
    """A group whose commands in COMMANDS are imported on first use (click's documented lazy loading)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *COMMANDS])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return super().get_command(ctx, name)
        module, attribute = COMMANDS[name].split(":")
        return getattr(importlib.import_module(module), attribute)


@click.group(cls=LazyGroup)
@click.version_option(package_name="tracepatrol")
def main() -> None:
    """tracepatrol: evaluate AI agents on their real production traffic."""


@main.command()
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), default=Path("tracepatrol-demo.duckdb"),
              show_default=True, help="DuckDB file the demo server writes")
def demo(db: Path) -> None:
    """Start an embedded server, run an instrumented agent through the seed scenarios, show the results."""
    from tracepatrol.demo.run import run_demo

    sys.exit(run_demo(db))
