"""`a < b` on two lists (lexicographic, as CPython orders them) is accepted by the front end, and
the generated C++ does not build: `no match for operator< (List<long int>, List<long int>)`.
Found by tests/fuzz.
"""


def p1_f(a: list[int], b: list[int]) -> bool:
    return a < b


ENTRY = "p1_f"
ARGS = ([1, 2], [1, 3])
CPYTHON = "True (bool)"
MUNA = 'build failed: the generated C++ did not compile: no match for ‘operator<’ (operand types are ‘muna::python::List<long int>’ and ‘muna::python::List<long int>’)'
FIXED = True
