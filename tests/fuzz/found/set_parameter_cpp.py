"""A set[int] parameter or result is accepted by the front end, and the generated C++ does not
build: the ABI has no conversion for muna::python::Set (`incomplete type
muna::abi::Convert<muna::python::Set<long int>>`). Either the ABI converts sets, or the front
end rejects set annotations at the signature with a diagnostic. Found by tests/fuzz.
"""


def p1_f(xs: list[int]) -> set[int]:
    return set(xs)


ENTRY = "p1_f"
ARGS = ([3, 1, 3],)
CPYTHON = "{1, 3} (set)"
MUNA = 'build failed: the generated C++ did not compile: incomplete type ‘muna::abi::Convert<muna::python::Set<long int> >’ used in nested name specifier'
FIXED = True
