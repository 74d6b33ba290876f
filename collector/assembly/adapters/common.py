"""General OpenTelemetry attributes apps set by hand (user, session), asked of every span."""
from __future__ import annotations

from collector.assembly.adapters.base import Adapter


class OTelGeneral(Adapter):
    name = "otel"
    always = True
    user = ("user.id", "enduser.id", "langfuse.user.id")
    session = ("session.id", "langfuse.session.id")
