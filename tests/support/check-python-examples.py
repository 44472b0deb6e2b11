"""Checks the Python examples (sdk/examples/python/*.py) against the installed SDK wheel, without
running them (a Pulumi program needs the engine): each file compiles, and each call of the SDK
(`redpandacloud.Topic(...)`, `redpandacloud.get_cluster_output(...)`) names something the wheel
exports, with arguments its signature accepts (a resource class: its `_internal_init`, which names
every input; `__init__` takes **kwargs), and each attribute read of what such a call returned (a
resource, a lookup's result) is one of its outputs. What pyright or mypy would catch of a renamed or
removed input or output, with nothing but the venv's Python.

    python check-python-examples.py FILE...

Prints one line per problem, `<file>:<line>: <what>`, and exits 1 if there is any.
"""

import ast
import importlib
import inspect
import sys
import typing

SDK = "pulumi_redpandacloud"


def sdk_aliases(tree):
    """The names the file binds the SDK to (`import pulumi_redpandacloud as redpandacloud`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == SDK:
                    names.add(alias.asname or alias.name)
    return names


def callable_signature(obj):
    """The signature a call is checked against: a resource class's `_internal_init` (less
    `__self__`), anything else's own."""
    if inspect.isclass(obj):
        init = getattr(obj, "_internal_init", None)
        if init is None:
            return inspect.signature(obj)
        sig = inspect.signature(init)
        return sig.replace(parameters=list(sig.parameters.values())[1:])
    return inspect.signature(obj)


def result_class(obj):
    """What a call of `obj` returns, for checking the attributes read of it: a resource class
    itself; a lookup's result class (`get_x` returns it, `get_x_output` an Output of it)."""
    if inspect.isclass(obj):
        return obj
    returned = inspect.signature(obj).return_annotation
    if typing.get_origin(returned) is not None:
        args = typing.get_args(returned)
        returned = args[0] if args else None
    return returned if inspect.isclass(returned) else None


def check(file, sdk):
    problems = []
    with open(file, encoding="utf-8") as f:
        source = f.read()
    try:
        tree = ast.parse(source, file)
        compile(tree, file, "exec")
    except SyntaxError as e:
        return [f"{file}:{e.lineno}: {e.msg}"]
    aliases = sdk_aliases(tree)
    if not aliases:
        problems.append(f"{file}:1: does not import {SDK}")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        target = node.func.value
        if not (isinstance(target, ast.Name) and target.id in aliases):
            continue
        name = node.func.attr
        obj = getattr(sdk, name, None)
        if obj is None:
            problems.append(f"{file}:{node.lineno}: {SDK} has no {name}")
            continue
        if any(isinstance(a, ast.Starred) for a in node.args) or any(
            k.arg is None for k in node.keywords
        ):
            continue
        args = [None] * len(node.args)
        kwargs = {k.arg: None for k in node.keywords}
        try:
            callable_signature(obj).bind(*args, **kwargs)
        except TypeError as e:
            problems.append(f"{file}:{node.lineno}: {SDK}.{name}: {e}")
    # Variables assigned a call of the SDK, then the attributes read of them.
    returned = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and isinstance(node.value.func.value, ast.Name)
            and node.value.func.value.id in aliases
        ):
            cls = result_class(getattr(sdk, node.value.func.attr, None) or (lambda: None))
            if cls is not None:
                returned[node.targets[0].id] = cls
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in returned
            and not hasattr(returned[node.value.id], node.attr)
        ):
            cls = returned[node.value.id]
            problems.append(f"{file}:{node.lineno}: {cls.__name__} has no {node.attr}")
    return problems


def main():
    sdk = importlib.import_module(SDK)
    problems = [p for file in sys.argv[1:] for p in check(file, sdk)]
    for p in problems:
        print(p)
    print(f"checked {len(sys.argv) - 1} examples against {SDK} {getattr(sdk, '__version__', '')}".strip())
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
