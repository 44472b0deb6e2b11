"""Context handling with the API's shape: attach returns a token that detach restores."""
import contextvars
from typing import Any, Optional

Context = dict

_current: contextvars.ContextVar = contextvars.ContextVar("otel_shim_context", default=None)


def get_current() -> Context:
    value = _current.get()
    return value if value is not None else Context()


def attach(context: Optional[Context]) -> Any:
    return _current.set(context)


def detach(token: Any) -> None:
    try:
        _current.reset(token)
    except ValueError:
        # A token from another context (a thread pool hop): nothing of ours to restore.
        pass
