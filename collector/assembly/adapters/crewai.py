"""CrewAI, as its OpenInference and OpenLLMetry instrumentations record it. The user's request is
the crew's first task description (`crew_tasks` on OpenInference's kickoff span, `task_description`
on its event-listener agent span, `crewai.crew.tasks` / `crewai.task.description` in OpenLLMetry),
not the prompt CrewAI wraps it in ("Current Task: …, This is the expected criteria …"), which is
all the model calls show. The crew's run (OpenInference's CHAIN kickoff span) is the agent span;
its answer is the crew's result (`crewai.crew.result`, or `raw` in the kickoff's output)."""
from __future__ import annotations

from typing import Any

from collector.assembly.adapters.base import AGENT, Adapter, SpanView, TraceView
from collector.assembly.adapters.openinference import OUTPUT, visible
from collector.assembly.messages import as_text

CREW_TASKS = ("crew_tasks", "crewai.crew.tasks")
TASK_DESCRIPTION = ("task_description", "crewai.task.description")
RESULT = "crewai.crew.result"


class CrewAI(Adapter):
    name = "crewai"
    markers = frozenset({*CREW_TASKS, *TASK_DESCRIPTION, RESULT})

    def role(self, span: SpanView) -> str | None:
        return AGENT if any(key in span.attrs for key in CREW_TASKS) else None

    def request(self, span: SpanView, trace: TraceView) -> str | None:
        for key in TASK_DESCRIPTION:
            if found := as_text(span.attrs.get(key)):
                return found
        for key in CREW_TASKS:
            tasks = trace.json(span.attrs.get(key))
            if isinstance(tasks, list) and tasks and isinstance(tasks[0], dict):
                return as_text(tasks[0].get("description"))
        return None

    def answer(self, span: SpanView, trace: TraceView) -> str | None:
        if found := as_text(span.attrs.get(RESULT)):
            return found
        output: Any = trace.json(visible(span.attrs.get(OUTPUT))) if any(k in span.attrs for k in CREW_TASKS) else None
        return as_text(output.get("raw")) if isinstance(output, dict) else None
