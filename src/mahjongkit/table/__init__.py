"""The table model every variant may read: actions, the wall, the state, typed events, the
read-only view and the hook protocol (:class:`~mahjongkit.table.flow.Flow`).

It sits below the variants and above scoring: a variant's table hooks import it, and the
engine (:mod:`mahjongkit.game`) drives them.
"""
