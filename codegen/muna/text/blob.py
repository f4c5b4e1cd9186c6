def to_blob(t): raise NotImplementedError
