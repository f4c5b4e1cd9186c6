# Harvested unchanged from https://github.com/pfnet/pfrl/blob/c8cb3328899509be9ca68ca9a6cd2bcfce95725c/pfrl/agents/ppo.py
# function: _add_advantage_and_value_target_to_episode
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2020 Preferred Networks, Inc.


def _add_advantage_and_value_target_to_episode(episode: list[dict], gamma: float, lambd: float):
    """Add advantage and value target values to an episode."""
    adv = 0.0
    for transition in reversed(episode):
        td_err = (
            transition["reward"]
            + (gamma * transition["nonterminal"] * transition["next_v_pred"])
            - transition["v_pred"]
        )
        adv = td_err + gamma * lambd * adv
        transition["adv"] = adv
        transition["v_teacher"] = adv + transition["v_pred"]


EXPORT = "_add_advantage_and_value_target_to_episode"
def _episode(rewards, values, last_value, done):
    nexts = values[1:] + [last_value]
    return [
        {"reward": r, "v_pred": v, "next_v_pred": nv, "nonterminal": 0.0 if (done and i == len(rewards) - 1) else 1.0}
        for i, (r, v, nv) in enumerate(zip(rewards, values, nexts))
    ]
CASES = [
    (_episode([1.0, 0.0, 0.5, 1.0, -1.0], [0.5, 0.4, 0.6, 0.3, 0.1], 0.0, True), 0.99, 0.95),
    (_episode([0.1] * 8, [0.2] * 8, 0.25, False), 0.9, 0.8),
    (_episode([1.0], [0.0], 0.0, True), 0.99, 0.95),
]
