"""One reading of recorded tool-call arguments, for the collector and the offline commands alike.

Frameworks record arguments as an object or as JSON text (OpenAI's `"arguments": "{\\"city\\":
\\"北京\\"}"`, sometimes encoded twice); text that is not JSON is kept as it was written and marked
invalid, so `parameters` can say `invalid_json` and quote it. A verdict must not depend on which
path a trajectory came by, so both read arguments here.
"""
from __future__ import annotations

from typing import Any

from collector import json_limits
from collector.assembly.messages import decode


def read_arguments(value: Any) -> tuple[Any, bool, str | None]:
    """(arguments, valid JSON?, raw text when not JSON) of a recorded arguments value.

    None stays None (not recorded); blank text is no arguments ({}); JSON text is parsed (twice
    when it holds JSON text of an object or array) with the depth limit of `json_limits`; any
    other text is kept as arguments and as raw, invalid.
    """
    if value is None:
        return None, True, None
    if not isinstance(value, str):
        return json_limits.clip(value), True, None
    if not value.strip():
        return {}, True, None
    parsed = decode(value)
    if parsed is value:  # not JSON: decode hands the text back as it was
        return value, False, value
    return parsed, True, None
