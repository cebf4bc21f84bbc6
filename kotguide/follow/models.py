"""Which stored positions are entries of one followed game, and which entry came last.

A followed game's pages are content-addressed positions (`SharedPosition`): an older page, reached by "back" or an
old link, is still a page of the same game and a host may enter from it (to correct a mistake, say). The game's
latest entry is kept here so that such a page can say that the game has gone on, and link to where it stands."""

from __future__ import annotations

from django.db import models


class Entry(models.Model):
    position = models.CharField(primary_key=True, max_length=32)  # a SharedPosition id
    game = models.CharField(max_length=32, db_index=True)  # the id of the game's start
    entered = models.DateTimeField(auto_now=True)  # the last time the table arrived at this position

    class Meta:
        indexes = [models.Index(fields=["game", "-entered"], name="follow_latest_entry")]

    def __str__(self) -> str:
        return self.position

    @classmethod
    def record(cls, position: str, after: str | None = None) -> None:
        """`position` was just entered, as the game's start (`after` None) or one entry after `after`."""
        game = position if after is None else cls.game_of(after)
        cls.objects.update_or_create(position=position, defaults={"game": game})

    @classmethod
    def game_of(cls, position: str) -> str:
        """The start of the game `position` belongs to (itself for a game followed before entries were kept)."""
        return cls.objects.filter(position=position).values_list("game", flat=True).first() or position

    @classmethod
    def latest(cls, position: str) -> str:
        """The last position entered in the game of `position`."""
        latest = (cls.objects.filter(game=cls.game_of(position)).order_by("-entered")
                  .values_list("position", flat=True).first())
        return latest or position
