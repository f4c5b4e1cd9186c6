"""Fixtures shared by every test (helpers live in muna_testing.py, a name no other test
folder's conftest shadows)."""
import pytest

from muna_testing import compile_library, load_pinned  # noqa: F401  (also puts codegen/ on sys.path)


@pytest.fixture(scope="session")
def compiled():
    """compiled(path, function, *extra, target=None) -> a muna.load()ed callable. With `target`,
    the library (built for the default targets) runs that target's code in this process: see
    muna_testing.load_pinned."""
    import muna
    loaded = {}

    def get(path, function, *extra, target=None):
        key = (path, function, extra, target)
        if key not in loaded:
            library = compile_library(path, function, *extra, every_target=target is not None)
            loaded[key] = muna.load(library) if target is None else load_pinned(library, target)
        return loaded[key]
    return get


# Files whose tests take minutes (pytest --durations in scripts/test.sh), started first and
# longest first, so that the two workers end together instead of one waiting on the last file.
START_FIRST = ("tests/test_headers.py", "tests/numpy/test_conformance.py", "tests/realistic/test_realistic.py",
               "tests/corpus/test_corpus.py", "tests/torch/test_torch_ops.py")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Under `--dist loadgroup` (scripts/test.sh) the tests of one file run in one worker (they
    share the libraries the file compiles), unless a test names its own group (xdist_group: a
    NumPy conformance module, a module of the realistic corpus, each its own library)."""
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
    first = {path: k for k, path in enumerate(START_FIRST)}
    items.sort(key=lambda item: first.get(item.nodeid.split("::")[0], len(first)))



# Seconds spent per test file (setup, call and teardown of its tests, compiles included), summed
# over the workers and written at the end of the run to build/test-logs/file-durations.tsv,
# slowest first: what to look at when the suite grows past its budget (scripts/test.sh).
_file_seconds = {}


def pytest_runtest_logreport(report):
    path = report.nodeid.split("::")[0]
    _file_seconds[path] = _file_seconds.get(path, 0.0) + report.duration


def pytest_sessionfinish(session):
    import os
    if not _file_seconds or hasattr(session.config, "workerinput"):  # (the xdist controller writes it)
        return
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "test-logs")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "file-durations.tsv"), "w") as f:
        for path, seconds in sorted(_file_seconds.items(), key=lambda kv: -kv[1]):
            f.write(f"{seconds:.1f}\t{path}\n")
