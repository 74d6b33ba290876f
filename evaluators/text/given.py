"""What the agent had before any call: the earlier turns of the conversation and the trace's own
context. A value found there is given, not invented, and no result echoing it made it."""
from __future__ import annotations

import re
from collections.abc import Callable

from collector.trajectory import Trajectory
from evaluators.text.norm import norm, scalar_text
from evaluators.text.values import value_texts

# A root-span or resource attribute longer than this is a payload (a prompt, a JSON blob), not context.
_CONTEXT_LONGEST = 80


def user_messages(trajectory: Trajectory) -> list[str]:
    """The user's own words, as written: the earlier turns' messages, then this request."""
    return [m.text for m in trajectory.history if m.role == "user" and m.text] + \
        ([trajectory.input] if trajectory.input else [])


def history_texts(trajectory: Trajectory) -> list[str]:
    """The normalised values of the earlier turns: messages, the calls made then, their results."""
    texts: list[str] = []
    for m in trajectory.history:
        texts += [norm(m.text)] if m.text else []
        for call in m.calls:
            texts += value_texts(call.get("arguments"))
        for result in m.results:
            texts += value_texts(result)
    return texts


def context_values(trajectory: Trajectory) -> frozenset[str]:
    """Normalised values the trace carries as context: the user and session ids, the agent's name
    and version, the service, and every short scalar of the root span's and resource's attributes
    (a tenant, a workspace or matter id, the user's timezone or locale): the framework fills
    arguments from them. Payloads (long text, JSON) and tracepatrol's own keys are no context."""
    return _normalised([trajectory.user_id, trajectory.session_id, trajectory.agent.name, trajectory.agent.version,
                        trajectory.service_name, *_attributes(trajectory, lambda key: not key.startswith("tracepatrol."))])


def _attributes(trajectory: Trajectory, keep: Callable[[str], bool]) -> list[object]:
    """The context scalars of the root span's and the resource's attributes whose keys `keep` takes."""
    return [v for attributes in (trajectory.attributes, trajectory.resource) for k, v in attributes.items()
            if keep(k) and _context_scalar(v)]


def _normalised(values: list[object]) -> frozenset[str]:
    return frozenset(t for v in values if v is not None and (t := norm(scalar_text(v))))


def _context_scalar(value: object) -> bool:
    """A string short of a payload, or a number of three digits or more (a count or a flag of one
    or two digits, `retry.count=3`, is no id a value is filled from)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return False
    if not isinstance(value, str):
        return abs(value) >= 100
    return len(value) <= _CONTEXT_LONGEST and value.strip()[:1] not in ("{", "[")


def context_ids(trajectory: Trajectory) -> frozenset[str]:
    """Normalised ids the trace carries for whom it ran: the user and session ids, and the root span's and
    resource's attributes named as ids (tenant.id, enduser.id, customer_id), however few their digits (ml-shop-50).
    The agent's name and version, a locale or a timezone are context but name no one."""
    return _normalised([trajectory.user_id, trajectory.session_id, *_attributes(
        trajectory, lambda key: _ID_KEY.search(key) is not None and not key.startswith(_NOT_WHOM))])


# An attribute naming an id (tenant.id, enduser.id, customer_id); the OpenTelemetry resource's own ids (service, host,
# process, container, k8s) and tracepatrol's keys name the machine, not whom the trace ran for.
_ID_KEY = re.compile(r"(?:^|[._])id$", re.IGNORECASE)
_NOT_WHOM = ("tracepatrol.", "service.", "host.", "process.", "container.", "k8s.", "telemetry.", "os.", "cloud.", "faas.",
             "device.", "deployment.")
