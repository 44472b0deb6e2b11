"""Resource attributes, kept as given."""
from typing import Any, Mapping

SERVICE_NAME = "service.name"


class Resource:
    def __init__(self, attributes: Mapping[str, Any]):
        self.attributes = dict(attributes)

    @classmethod
    def create(cls, attributes: Mapping[str, Any]) -> "Resource":
        return cls(attributes)
