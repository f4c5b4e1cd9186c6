# Harvested unchanged from https://github.com/microsoft/MSMARCO-Passage-Ranking/blob/28b369395881cdc50eb69173dcf2f94eb247395e/ms_marco_eval.py
# function: compute_metrics
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) Microsoft Corporation. All rights reserved.


MaxMRRRank = 10


def compute_metrics(qids_to_relevant_passageids: dict[int, list[int]], qids_to_ranked_candidate_passages: dict[int, list[int]]):
    """Compute MRR metric
    Args:    
    p_qids_to_relevant_passageids (dict): dictionary of query-passage mapping
        Dict as read in with load_reference or load_reference_from_stream
    p_qids_to_ranked_candidate_passages (dict): dictionary of query-passage candidates
    Returns:
        dict: dictionary of metrics {'MRR': <MRR Score>}
    """
    all_scores = {}
    MRR = 0
    qids_with_relevant_passages = 0
    ranking = []
    for qid in qids_to_ranked_candidate_passages:
        if qid in qids_to_relevant_passageids:
            ranking.append(0)
            target_pid = qids_to_relevant_passageids[qid]
            candidate_pid = qids_to_ranked_candidate_passages[qid]
            for i in range(0,MaxMRRRank):
                if candidate_pid[i] in target_pid:
                    MRR += 1/(i + 1)
                    ranking.pop()
                    ranking.append(i+1)
                    break
    if len(ranking) == 0:
        raise IOError("No matching QIDs found. Are you sure you are scoring the evaluation set?")
    
    MRR = MRR/len(qids_to_relevant_passageids)
    all_scores['MRR @10'] = MRR
    all_scores['QueriesRanked'] = len(qids_to_ranked_candidate_passages)
    return all_scores


EXPORT = "compute_metrics"
CASES = [
    ({1: [7], 2: [3, 9], 3: [42]},
     {1: [7, 1, 2, 3, 4, 5, 6, 8, 9, 10], 2: [5, 6, 9, 1, 2, 3, 4, 7, 8, 0], 3: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}),
    ({10: [100]}, {10: [0, 0, 0, 0, 100, 0, 0, 0, 0, 0]}),
    ({1: [2], 2: [4]}, {1: [2, 0, 0, 0, 0, 0, 0, 0, 0, 0], 5: [4, 0, 0, 0, 0, 0, 0, 0, 0, 0]}),
]
