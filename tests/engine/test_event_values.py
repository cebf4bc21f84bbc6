"""Events pickle as they did when ``Event`` was a frozen dataclass (its fields as a list), so events a server cached
in the shared cache before read back after an upgrade, and the other way round during one."""

import copyreg
import pickle

from kotguide.engine.events import Event


def test_event_pickles_its_fields_as_a_list() -> None:
    e = Event("vp-gained", "numbers", "alienoid", 2, {"face": "2", "count": 3})
    reduced = e.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
    assert reduced[0] is copyreg.__newobj__
    assert reduced[2] == ["vp-gained", "numbers", "alienoid", 2, {"face": "2", "count": 3}]
    assert pickle.loads(pickle.dumps(e, protocol=pickle.HIGHEST_PROTOCOL)) == e


def test_event_reads_back_from_the_list_form() -> None:
    e = Event.__new__(Event)
    e.__setstate__(["turn-started", "turn-overview", "meka-dragon", None, {"turn": 4}])
    assert e == Event("turn-started", "turn-overview", "meka-dragon", None, {"turn": 4})
