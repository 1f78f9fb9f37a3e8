"""What the timing scripts (bench, ab, profile-peers) share, so that they time the same build the same way."""
import shutil

# `scripts/bench`'s like-for-like comparison with Hugo: the pages the peers build plus the overdue pages, without
# task pages, feeds (calendars, change feed, board.json), the insights or the search index.
PEERS_OPTIONS = ["--task-pages", "off", "--publish-feeds", "off", "--publish-insights", "hide",
                 "--publish-search", "hide"]


def clean(site):
    """Removes the site and what a build keeps beside it (.NAME.pmboard-*: spare, records, lock)."""
    shutil.rmtree(site, ignore_errors=True)
    for side in site.parent.glob(f".{site.name}.pmboard-*"):
        shutil.rmtree(side, ignore_errors=True) if side.is_dir() else side.unlink(missing_ok=True)
