# Harvested unchanged from https://github.com/githubharald/CTCDecoder/blob/6b5c3dd34944e5399a7308e241319b7f9c47e7c3/ctc_decoder/prefix_search.py
# function: prefix_search
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2018 Harald Scheidl
import numpy as np


def prefix_search(mat: np.ndarray, chars: str) -> str:
    """Prefix search decoding.

    See dissertation of Graves, p63-66.

    Args:
        mat: Output of neural network of shape TxC.
        chars: The set of characters the neural network can recognize, excluding the CTC-blank.

    Returns:
        The decoded text.
    """

    blank_idx = len(chars)
    max_T, max_C = mat.shape

    # g_n and g_b: gamma in paper
    g_n = []
    g_b = []

    # p(y|x) and p(y...|x), where y is a prefix (not p as in paper to avoid confusion with probability)
    prob = {}
    prob_ext = {}

    # Init: 1-6
    for t in range(max_T):
        g_n.append({'': 0})
        last = g_b[t - 1][''] if t > 0 else 1
        g_b.append({'': last * mat[t, blank_idx]})

    # init for empty prefix
    prob[''] = g_b[max_T - 1]['']
    prob_ext[''] = 1 - prob['']
    l_star = y_star = ''
    Y = {''}

    # Algorithm: 8-31
    while prob_ext[y_star] > prob[l_star]:
        prob_remaining = prob_ext[y_star]

        # for all chars
        for k in range(max_C - 1):
            y = y_star + chars[k]
            g_n[0][y] = mat[0, k] if len(y_star) == 0 else 0
            g_b[0][y] = 0
            prefix_prob = g_n[0][y]

            # for all time steps
            for t in range(1, max_T):
                new_label_prob = g_b[t - 1][y_star] + (
                    0 if y_star != '' and y_star[-1] == chars[k] else g_n[t - 1][y_star])
                g_n[t][y] = mat[t, k] * (new_label_prob + g_n[t - 1][y])
                g_b[t][y] = mat[t, blank_idx] * (g_b[t - 1][y] + g_n[t - 1][y])
                prefix_prob += mat[t, k] * new_label_prob

            prob[y] = g_n[max_T - 1][y] + g_b[max_T - 1][y]
            prob_ext[y] = prefix_prob - prob[y]
            prob_remaining -= prob_ext[y]

            if prob[y] > prob[l_star]:
                l_star = y
            if prob_ext[y] > prob[l_star]:
                Y.add(y)
            if prob_remaining <= prob[l_star]:
                break

        # 30
        Y.remove(y_star)

        # 31
        best_y = None
        best_prob_ext = 0
        for y in Y:
            if prob_ext[y] > best_prob_ext:
                best_prob_ext = prob_ext[y]
                best_y = y
        y_star = best_y

        # terminate if no more prefix exists
        if best_y is None:
            break

    # Termination: 33-34
    return l_star


EXPORT = "prefix_search"
_rng = np.random.default_rng(1)
_mat = _rng.random((6, 4))
_mat /= _mat.sum(1, keepdims=True)
CASES = [
    (np.array([[0.4, 0, 0.6], [0.4, 0, 0.6]]), 'ab'),
    (_mat, 'abc'),
    (np.array([[0.1, 0.8, 0.1], [0.1, 0.8, 0.1], [0.1, 0.1, 0.8], [0.7, 0.2, 0.1]]), 'xy'),
]
