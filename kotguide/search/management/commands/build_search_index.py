import time

from django.core.management.base import BaseCommand, CommandError

from kotguide.search import index


class Command(BaseCommand):
    help = "Build the search index (a read-only SQLite file, settings.SEARCH_INDEX) from content/."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check", action="store_true", help="Only report whether the index is stale (exit 1)."
        )
        parser.add_argument("--force", action="store_true", help="Rebuild even when the index is up to date.")

    def handle(self, *args, check=False, force=False, **options):
        path = index.index_path()
        stale = index.is_stale(path)
        if check:
            if stale:
                raise CommandError(
                    f"The search index {path} is stale or missing: run manage.py build_search_index."
                )
            self.stdout.write(f"The search index {path} is up to date.")
            return
        if not stale and not force:
            self.stdout.write(f"The search index {path} is up to date.")
            return
        started = time.perf_counter()
        count = index.build(path)
        seconds = time.perf_counter() - started
        self.stdout.write(f"Built the search index {path}: {count} documents in {seconds:.2f} s.")
