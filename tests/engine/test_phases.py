"""The plain mirrors of the phase, window and decision enums (read in the turn loop's hot paths) hold every member
under its own name, and nothing else."""

from enum import StrEnum

import pytest

from kotguide.engine.phases import DecisionKind, Kinds, Phase, Phases, Window, Windows


@pytest.mark.parametrize(("enum", "mirror"), [(Phase, Phases), (Window, Windows), (DecisionKind, Kinds)])
def test_mirror_holds_every_member_by_name(enum: type[StrEnum], mirror: type) -> None:
    names = {name for name in vars(mirror) if not name.startswith("_")}
    assert names == set(enum.__members__)
    for name, member in enum.__members__.items():
        assert getattr(mirror, name) is member
