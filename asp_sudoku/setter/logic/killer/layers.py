"""Choosing one item from each group in turn, over bitsets: what the groups so far reach (the
digit sets a house split has used, the sums the 45 rule's parts add up to) as one bitset a
layer, forwards, then which items some whole choice ending in a wanted value uses, backwards.
The house split and the 45 rule with cage combinations both fit their parts this way.
"""

from __future__ import annotations

from collections.abc import Sequence

Item = tuple[int, int]
"""An item of a group: how far it moves a reached value (its shift), and the reached values it
may start from (a bitset; -1: any)."""


def forward(groups: Sequence[Sequence[Item]]) -> list[int]:
    """The values reached after no group, one group, ... all of them (bit v: value v), from 0."""
    layers = [1]
    for group in groups:
        after = 0
        for shift, allowed in group:
            after |= (layers[-1] & allowed) << shift
        layers.append(after)
    return layers


def backward(layers: Sequence[int], groups: Sequence[Sequence[Item]], good: int) -> list[int]:
    """For each group, the items (bit j: its item j) that some choice of one item a group, from 0
    to a value in `good` (a bitset of final values), uses; `layers` as `forward` gives them."""
    kept = []
    for k in range(len(groups) - 1, -1, -1):
        before = keep = 0
        for j, (shift, allowed) in enumerate(groups[k]):
            ok = layers[k] & allowed & good >> shift  # the values before this group that this item completes
            if ok:
                before |= ok
                keep |= 1 << j
        kept.append(keep)
        good = before
    kept.reverse()
    return kept
