from django.core.management.commands import makemessages


class Command(makemessages.Command):
    """makemessages without msgmerge's guesses: a new string stays untranslated (and a test says so) instead of
    borrowing a similar string's translation marked fuzzy."""

    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
