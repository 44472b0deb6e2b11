"""A tracer provider that holds span processors and never exports."""
from typing import Any, List, Optional


class TracerProvider:
    def __init__(self, resource: Optional[Any] = None, **_: Any):
        self.resource = resource
        self.processors: List[Any] = []

    def add_span_processor(self, processor: Any) -> None:
        self.processors.append(processor)

    def shutdown(self) -> None:
        self.processors.clear()
