# Harvested unchanged from https://github.com/hexiangnan/neural_collaborative_filtering/blob/4aab159e81c44b062c091bdaed0ab54ac632371f/evaluate.py
# function: getHitRatio
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright 2018 The Neural Collaborative Filtering Authors (Xiangnan He et al). All rights reserved.


def getHitRatio(ranklist: list[int], gtItem: int):
    for item in ranklist:
        if item == gtItem:
            return 1
    return 0


EXPORT = "getHitRatio"
CASES = [
    ([5, 3, 9, 1, 12, 40, 7, 8, 2, 10], 9),
    ([5, 3, 9, 1, 12, 40, 7, 8, 2, 10], 11),
    ([], 2),
]
