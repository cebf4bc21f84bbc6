from django.core.management.base import BaseCommand

from kotguide.sandbox import drawings


class Command(BaseCommand):
    help = "Build static/svg/table.svg, the one sprite of die faces, board icons and monster emblems."

    def handle(self, *args, **options):
        path = drawings.write()
        if options["verbosity"] > 1:
            self.stdout.write(f"{path} ({path.stat().st_size} bytes)")
