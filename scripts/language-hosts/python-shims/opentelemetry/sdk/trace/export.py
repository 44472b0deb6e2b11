"""Span processor placeholder (no exporter is reachable here)."""
from typing import Any


class BatchSpanProcessor:
    def __init__(self, exporter: Any, **_: Any):
        self.exporter = exporter
