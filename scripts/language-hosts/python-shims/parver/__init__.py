"""The part of parver's Version that generated Pulumi SDKs use, over packaging.version."""
from typing import Optional, Tuple

from packaging.version import Version as _Pep440

_TAGS = {"a": "a", "b": "b", "rc": "rc"}


class Version:
    def __init__(self, parsed: _Pep440):
        self._parsed = parsed

    @classmethod
    def parse(cls, version: str, strict: bool = False) -> "Version":
        return cls(_Pep440(version))

    @property
    def release(self) -> Tuple[int, ...]:
        # Generated SDKs unpack (major, minor, patch): pad a shorter release to three parts.
        parts = tuple(self._parsed.release)
        return (parts + (0, 0, 0))[:3] if len(parts) < 3 else parts

    @property
    def pre_tag(self) -> Optional[str]:
        return _TAGS.get(self._parsed.pre[0]) if self._parsed.pre else None

    @property
    def pre(self) -> Optional[int]:
        return self._parsed.pre[1] if self._parsed.pre else None

    @property
    def dev(self) -> Optional[int]:
        return self._parsed.dev

    @property
    def local(self) -> Optional[str]:
        return self._parsed.local

    def __str__(self) -> str:
        return str(self._parsed)
