"""Tracer provider registry with nothing to export."""
from typing import Any, Optional

_provider: Optional[Any] = None


def set_tracer_provider(provider: Any) -> None:
    global _provider  # noqa: PLW0603
    _provider = provider


def get_tracer_provider() -> Optional[Any]:
    return _provider
