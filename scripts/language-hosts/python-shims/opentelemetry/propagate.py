"""Propagation: the carrier's trace parent is kept in the returned context, not sent anywhere."""
from typing import Mapping

from .context import Context


def extract(carrier: Mapping[str, str], context: Context = None) -> Context:
    result = Context(context or {})
    result.update(carrier)
    return result
