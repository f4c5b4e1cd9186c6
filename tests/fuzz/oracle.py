"""CPython as the oracle: the generated module run by CPython, with the differences
docs/language.md gives muna on purpose made explicit, in an instrumented copy of the module:

- muna's int is 64-bit and raises OverflowError where a Python int would grow past it: every
  integer result (of an operator, an augmented assignment, abs/int/round/divmod/pow, and each
  partial sum of sum()) is checked, and outside int64 raises OverflowError at that point, as
  muna does, so the program's own try/except sees it there;
- in a finally block that runs while an exception propagates, a second exception is dropped
  (C++ cannot throw during unwinding; CPython replaces the first): each try/finally is
  rewritten so that an exception of the finally block, while another propagates, ends the
  finally block and lets the first go on;
- the arguments of one call are evaluated in an unspecified order when two of them raise: with
  `reversed`, the oracle evaluates every call's arguments right to left, the other order a
  compiled library may take (the harness asks it only where muna raised another exception).

Run as a child process (a generated program that blows up takes only the child with it):

    python3 oracle.py MODULE.py CASES.pkl OUT.pkl [reversed]

CASES.pkl is [(function, args), ...]; OUT.pkl gets one outcome per case:
("value", result) | ("raise", type name, message, raised by the program's own raise/assert) |
("timeout",) | ("invalid", what) for what a well-typed program never does in CPython (NameError,
TypeError, ...: a generator bug, reported, never compared).
"""
from __future__ import annotations

import ast
import copy
import operator
import os
import pickle
import signal
import sys
import time
import traceback
import warnings

INT64_MIN, INT64_MAX = -2**63, 2**63 - 1
CHECKED_CALLS = {"abs", "int", "round", "divmod", "pow"}
INPLACE = {ast.Add: "iadd", ast.Sub: "isub", ast.Mult: "imul", ast.Div: "itruediv", ast.FloorDiv: "ifloordiv",
           ast.Mod: "imod", ast.Pow: "ipow", ast.BitAnd: "iand", ast.BitOr: "ior", ast.BitXor: "ixor",
           ast.LShift: "ilshift", ast.RShift: "irshift", ast.MatMult: "imatmul"}
# What a well-typed generated program never raises in CPython: the generator made a mistake.
GENERATOR_ERRORS = ("NameError", "UnboundLocalError", "AttributeError", "TypeError", "SyntaxError",
                    "RecursionError", "MemoryError", "ImportError")
CASE_SECONDS = 2.0
MEMORY_LIMIT = 1 << 30


def _i64(value):
    if type(value) is int and not INT64_MIN <= value <= INT64_MAX:
        raise OverflowError("integer result does not fit in muna's 64-bit int")  # muna's own message (builtins/overflow.hpp)
    if type(value) is tuple:
        for v in value:
            _i64(v)
    return value


def _sum(iterable, start=0):
    """sum() as muna adds: one item at a time, each partial sum an int64 when ints."""
    total = start
    for x in iterable:
        total = _i64(total + x)
    return total


def _iop(op, a, b):
    return _i64(getattr(operator, op)(a, b))


def _aug_item(container, index, op, value):
    container[index] = _iop(op, container[index], value())


def _aug_attr(obj, name, op, value):
    setattr(obj, name, _iop(op, getattr(obj, name), value()))


class Instrument(ast.NodeTransformer):
    """Wraps integer-producing expressions in _i64 and turns augmented assignments into checked
    calls with Python's evaluation order (target, index, old value, right side, store)."""

    def __init__(self, reverse_calls=False):
        self.reverse_calls = reverse_calls

    def wrap(self, node):
        return ast.copy_location(ast.Call(ast.Name("_fuzz_i64", ast.Load()), [node], []), node)

    def visit_BinOp(self, node):
        self.generic_visit(node)
        return self.wrap(node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, (ast.USub, ast.Invert)) and not isinstance(node.operand, ast.Constant):
            return self.wrap(node)
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if self.reverse_calls:
            node = self.reversed_arguments(node)
        if isinstance(node.func, ast.Name) and node.func.id == "sum":
            node.func = ast.copy_location(ast.Name("_fuzz_sum", ast.Load()), node.func)
        elif isinstance(node.func, ast.Name) and node.func.id in CHECKED_CALLS:
            return self.wrap(node)
        return node

    def reversed_arguments(self, node):
        """f(a, b, k=c) as (lambda _2, _1, _0: f(_0, _1, k=_2))(c, b, a): the arguments evaluated
        right to left, then the call."""
        values = list(node.args) + [k.value for k in node.keywords]
        if len(values) < 2 or any(isinstance(v, ast.Starred) for v in values) or any(k.arg is None for k in node.keywords):
            return node
        names = [f"_fuzz_a{i}" for i in range(len(values))]
        call = ast.Call(node.func, [ast.Name(n, ast.Load()) for n in names[:len(node.args)]],
                        [ast.keyword(k.arg, ast.Name(n, ast.Load())) for k, n in zip(node.keywords, names[len(node.args):])])
        params = ast.arguments([], [ast.arg(n) for n in reversed(names)], None, [], [], None, [])
        new = ast.Call(ast.Lambda(params, call), list(reversed(values)), [])
        return ast.fix_missing_locations(ast.copy_location(new, node))

    def visit_Try(self, node):
        """try/.../finally: F becomes
            raising = False
            try:
                try: <the try without its finally>
                except BaseException: raising = True; raise
            finally:
                if raising:
                    try: F
                    except Exception: pass      # muna drops the second exception
                else:
                    F"""
        self.generic_visit(node)
        if not node.finalbody:
            return node
        self.tries = getattr(self, "tries", 0) + 1
        flag = f"_fuzz_raising_{self.tries}"
        inner = copy.copy(node)
        inner.finalbody = []
        body = [inner] if node.handlers or node.orelse else node.body
        set_flag = ast.Assign([ast.Name(flag, ast.Store())], ast.Constant(True))
        guard = ast.Try(body, [ast.ExceptHandler(ast.Name("BaseException", ast.Load()), None, [set_flag, ast.Raise()])],
                        [], [])
        dropped = ast.Try(copy.deepcopy(node.finalbody), [ast.ExceptHandler(ast.Name("Exception", ast.Load()), None,
                                                                             [ast.Pass()])], [], [])
        final = ast.If(ast.Name(flag, ast.Load()), [dropped], node.finalbody)
        new = [ast.Assign([ast.Name(flag, ast.Store())], ast.Constant(False)), ast.Try([guard], [], [], [final])]
        for n in new:
            ast.copy_location(n, node)
        return [ast.fix_missing_locations(n) for n in new]

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        op = ast.Constant(INPLACE[type(node.op)])
        t = node.target
        if isinstance(t, ast.Name):
            call = ast.Call(ast.Name("_fuzz_iop", ast.Load()), [op, ast.Name(t.id, ast.Load()), node.value], [])
            new = ast.Assign([ast.Name(t.id, ast.Store())], call)
        else:
            thunk = ast.Lambda(ast.arguments([], [], None, [], [], None, []), node.value)
            if isinstance(t, ast.Subscript):
                args = [_load(t.value), _index_value(t.slice), op, thunk]
                new = ast.Expr(ast.Call(ast.Name("_fuzz_aug_item", ast.Load()), args, []))
            else:
                args = [_load(t.value), ast.Constant(t.attr), op, thunk]
                new = ast.Expr(ast.Call(ast.Name("_fuzz_aug_attr", ast.Load()), args, []))
        return ast.fix_missing_locations(ast.copy_location(new, node))


def _load(node):
    """The node read instead of stored (only its own context: a comprehension inside keeps its
    targets)."""
    node = copy.deepcopy(node)
    if hasattr(node, "ctx"):
        node.ctx = ast.Load()
    return node


def _index_value(node):
    """A subscript's index as an ordinary expression (slice(...) for a:b:c)."""
    if isinstance(node, ast.Slice):
        parts = [p if p is not None else ast.Constant(None) for p in (node.lower, node.upper, node.step)]
        return ast.Call(ast.Name("slice", ast.Load()), parts, [])
    if isinstance(node, ast.Tuple):
        return ast.Tuple([_index_value(e) for e in node.elts], ast.Load())
    return _load(node)


def own_lines(source: str) -> set:
    """Lines of the program's raise and assert statements: an exception raised there carries
    the program's own message, which muna must reproduce exactly."""
    return {n.lineno for n in ast.walk(ast.parse(source)) if isinstance(n, (ast.Raise, ast.Assert))}


def load_instrumented(path: str, reverse_calls=False):
    """The module at `path`, instrumented, as a dict of its globals."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    tree = Instrument(reverse_calls).visit(ast.parse(source))
    ast.fix_missing_locations(tree)
    env = {"__name__": "fuzz_oracle_module", "__file__": path, "_fuzz_i64": _i64, "_fuzz_iop": _iop, "_fuzz_sum": _sum,
           "_fuzz_aug_item": _aug_item, "_fuzz_aug_attr": _aug_attr}
    exec(compile(tree, path, "exec"), env)
    return env, own_lines(source)


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run_case(fn, args, path, own):
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, CASE_SECONDS)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import numpy as np
            with np.errstate(all="ignore"):
                return ("value", fn(*copy.deepcopy(args)))
    except _Timeout:
        return ("timeout",)
    except Exception as e:
        name = type(e).__name__
        if type(e).__module__.split(".")[0] in ("numpy", "torch"):
            # NumPy's own classes (UFuncTypeError, AxisError ...) are the builtin exception they
            # derive from to a compiled library, which raises Python's builtin classes.
            name = next(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins")
        tb = traceback.extract_tb(e.__traceback__)
        last = tb[-1] if tb else None
        mine = last is not None and os.path.abspath(last.filename) == os.path.abspath(path) and last.lineno in own
        if name in GENERATOR_ERRORS and not mine:
            return ("invalid", f"{name}: {e}")
        return ("raise", name, str(e), mine)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def run_group(env, path, own, group):
    """The outcomes of one program's cases, run in a forked child with its own memory limit and
    deadline: a program that grows a huge string inside one C call cannot be interrupted by a
    signal, so it is killed instead (every case of it then is a timeout)."""
    import resource
    import select
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        results = []
        for fn, args in group:
            if fn not in env:
                results.append(("invalid", f"no function {fn}"))
                continue
            r = run_case(env[fn], args, path, own)
            try:
                pickle.dumps(r)
            except Exception as e:
                r = ("invalid", f"the result does not pickle: {e}")
            results.append(r)
        with os.fdopen(write, "wb") as f:
            pickle.dump(results, f)
        os._exit(0)
    os.close(write)
    data = b""
    deadline = time.time() + 2 + CASE_SECONDS * len(group)
    with os.fdopen(read, "rb") as f:
        while True:
            left = deadline - time.time()
            ready = select.select([f], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                os.kill(pid, signal.SIGKILL)
                break
            chunk = os.read(f.fileno(), 1 << 20)
            if not chunk:
                break
            data += chunk
    os.waitpid(pid, 0)
    try:
        return pickle.loads(data)
    except Exception:
        return [("timeout",)] * len(group)


def main():
    path, cases_path, out_path = sys.argv[1:4]
    reverse_calls = sys.argv[4:5] == ["reversed"]
    sys.setrecursionlimit(400)
    with open(cases_path, "rb") as f:
        cases = pickle.load(f)
    try:
        env, own = load_instrumented(path, reverse_calls)
    except Exception as e:  # the module does not even import: nothing in it is well-typed
        broken = ("invalid", f"the module does not import: {type(e).__name__}: {e}")
        results = [broken] * len(cases)
    else:
        results = []
        i = 0
        while i < len(cases):  # one fork per function's run of consecutive cases
            j = i
            while j < len(cases) and cases[j][0] == cases[i][0]:
                j += 1
            results += run_group(env, path, own, cases[i:j])
            i = j
    with open(out_path, "wb") as f:
        pickle.dump(results, f)


if __name__ == "__main__":
    main()
