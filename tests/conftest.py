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
            library = compile_library(path, function, *extra)
            loaded[key] = muna.load(library) if target is None else load_pinned(library, target)
        return loaded[key]
    return get
