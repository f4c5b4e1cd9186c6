"""The one error type for tokenizer.json content muna cannot compile."""


class UnsupportedComponent(ValueError):
    """A tokenizer.json component (or option of one) that muna has no native implementation for.

    Raised when the file is read, so the user learns it at compile time, naming the component
    by its JSON path and type the way Hugging Face spells it.
    """

    def __init__(self, where: str, what: str, detail: str = ""):
        self.where = where
        self.what = what
        message = f"unsupported tokenizer component at {where}: {what}"
        super().__init__(message + (f" ({detail})" if detail else ""))
