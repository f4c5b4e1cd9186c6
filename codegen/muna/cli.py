"""`muna compile FILE.py:FUNCTION -o OUT.so [--emit cpp|ir] [--target T[,T...]] [-O1]`; `muna serve LIB.so`."""
from __future__ import annotations

import argparse
import os
import sys

from .diagnostics import CompileError


def compile_command(args) -> int:
    from . import build, emit, frontend, ir, passes

    if ":" not in args.spec:
        print(f"{args.spec}:1:1: error: expected FILE.py:FUNCTION", file=sys.stderr)
        return 1
    path, name = args.spec.rsplit(":", 1)
    name = [n.strip() for n in name.split(",") if n.strip()]
    try:
        program = frontend.build_program(path, name)
        program.precision = args.precision
        program.profile = args.profile
        program = passes.lower(program)
    except CompileError as e:
        print(e.render(), file=sys.stderr)
        return 1
    except Exception as e:  # a muna bug: still one diagnostic line, never a traceback
        print(f"{path}:1:1: error: internal error in muna ({type(e).__name__}: {e}); please report it",
              file=sys.stderr)
        return 1
    if args.emit == "ir":
        print("\n\n".join(ir.render(f) for f in program.functions()))
        return 0
    out = args.output or os.path.splitext(os.path.basename(path))[0] + (".cpp" if args.emit == "cpp" else ".so")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    stem = os.path.splitext(os.path.abspath(out))[0]
    blob_path = stem + ".weights.bin"
    source, blob = emit.emit_program(program, blob_path)
    cpp_path = out if args.emit == "cpp" else stem + ".cpp"
    with open(cpp_path, "w", encoding="utf-8") as f:
        f.write(source)
    if blob:
        with open(blob_path, "wb") as f:
            f.write(blob)
    if args.emit == "cpp":
        return 0
    try:
        build.build_library(cpp_path, out, args.target, args.depfile, blob_path if blob else None, f"-O{args.opt}")
        if args.depfile:
            write_depfile(args.depfile, out, path)
        if blob:
            os.remove(blob_path)  # the library holds its own copy of the weights
    except build.BuildError as e:
        loc = program.entry.loc
        print(f"{loc}: error: {e} (a muna bug; the compiler log is in {e.log_path})", file=sys.stderr)
        return 1
    except ValueError as e:  # the environment's settings (cache_limit.VARIABLE)
        print(f"muna: error: {e}", file=sys.stderr)
        return 1
    return 0


def write_depfile(depfile: str, out: str, source: str):
    """Make-style dependencies of the library for build systems (meson, ninja): the headers g++
    read, the user's source and muna's own compiler sources."""
    import glob
    with open(depfile) as f:
        headers = f.read().replace("\\\n", " ").split(":", 1)[1].split()
    here = os.path.dirname(os.path.abspath(__file__))
    deps = headers + [os.path.abspath(source)] + sorted(glob.glob(os.path.join(here, "**", "*.py"), recursive=True))
    with open(depfile, "w") as f:
        f.write(f"{out}: " + " ".join(d.replace(" ", "\\ ") for d in deps) + "\n")


def checked(parse):
    """An argparse type that keeps the argument's text once `parse` accepts it."""
    def check(text):
        try:
            parse(text)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
        return text
    return check


def main(argv=None) -> int:
    from . import serve
    from .build import DEFAULT_TARGET, parse_targets
    parser = argparse.ArgumentParser(prog="muna", description="Compile Python functions to native libraries.")
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compile", help="compile FILE.py:FUNCTION into a shared library")
    c.add_argument("spec", metavar="FILE.py:FUNCTION[,FUNCTION...]",
                   help="the function(s) to export; the first is the default entry point")
    c.add_argument("-o", "--output", help="output path (.so, or .cpp with --emit cpp)")
    c.add_argument("--emit", choices=["so", "cpp", "ir"], default="so",
                   help="cpp: write the generated C++ and stop; ir: print the typed IR")
    c.add_argument("--precision", choices=["fp32", "bf16"], default="fp32",
                   help="bf16: store constant GEMM weights in bf16 (norms, softmax and accumulation stay fp32)")
    c.add_argument("--profile", action="store_true",
                   help="time every statement; the library's muna_profile() reports (muna.load(...).profile())")
    c.add_argument("--depfile", help="also write make-style dependencies of the library here")
    c.add_argument("--target", type=checked(parse_targets), default=DEFAULT_TARGET,
                   help="instruction-set level, or several, comma-separated: the library then picks the best "
                        f"one the CPU runs (default {DEFAULT_TARGET}; also x86-64-v2, generic)")
    c.add_argument("-O", dest="opt", choices=["1", "2"], default="2",
                   help="optimization level: 2 (the default) for a library to ship; 1 compiles about a "
                        "quarter faster to the same results, for a build run a few times (-O1)")
    serve.add_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "compile":
        return compile_command(args)
    if args.command == "serve":
        return serve.serve_command(args)
    return 2


if __name__ == "__main__":
    sys.exit(main())
