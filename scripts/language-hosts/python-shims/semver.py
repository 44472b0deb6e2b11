"""Debian's semver (2.10) with the `Version` name of semver 3, which the Pulumi SDK imports."""
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))


def _load_real():
    for entry in sys.path:
        folder = os.path.abspath(entry or os.getcwd())
        candidate = os.path.join(folder, "semver.py")
        if folder != _here and os.path.isfile(candidate):
            spec = importlib.util.spec_from_file_location("_semver_debian", candidate)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
        package = os.path.join(folder, "semver", "__init__.py")
        if folder != _here and os.path.isfile(package):
            spec = importlib.util.spec_from_file_location(
                "_semver_debian", package, submodule_search_locations=[os.path.dirname(package)]
            )
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module
    raise ImportError("no semver module besides the shim on sys.path (apt-get install python3-semver)")


_real = _load_real()
globals().update({k: v for k, v in vars(_real).items() if not k.startswith("__")})
if "Version" not in globals():
    Version = _real.VersionInfo
