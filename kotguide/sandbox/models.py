from django.db import models


class SharedPosition(models.Model):
    """A position stored under its content address: the same position always has the same id, and ids never change."""

    id = models.CharField(primary_key=True, max_length=16)
    data = models.TextField()  # Position.to_json(): canonical, versioned
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.id
