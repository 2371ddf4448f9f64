"""The git hooks' ``sh`` templates: what git (or a hook manager's call) runs.

Three hooks link code commits to the ledger that explains them:

* ``post-commit`` records, in the worktree's ledger, that the commit was made while it was
  active (a ``commit`` event) and notes the commit (``commit-in <ledger> <tip>``).  That
  fast path is git plumbing only — no Python — because every commit pays for it; a commit
  whose message has a ``Ledger-Implements:`` or ``Ledger-Refs:`` trailer, or that changes a
  file named in the path index (``<git dir>/ledger-paths``: a decision's footprint may be
  touched), or that comes while earlier ones wait, is queued for Python instead (one line
  in ``<git dir>/ledger-queue`` and a detached ``git ledger hook drain``: git does not
  wait for Python; ``storage/event_queue.py``);
* ``post-checkout`` prints one line (TASK, NEXT, open questions) in a worktree with a
  ledger: the line its writes keep in ``<git dir>/ledger-checkout``, without Python, and
  nothing for a file checkout or inside a rebase;
* ``post-rewrite`` carries the notes over an amend or a rebase (when ``notes.rewriteRef``
  does not already make git do it) and, when a rewritten commit is cited as evidence,
  queues the rewrite so that Python cites the new commit in its place.

Each template is marked (``MARK``) so that install recognises its own hooks; a hook that
was there before is kept as ``<hook>.pre-ledger`` and runs first, with its exit status
passed on; uninstall puts it back.  Whatever the ledger part meets, it exits 0: a ledger
hook never fails or blocks a git command.
"""

from __future__ import annotations

from gitledger.integrations import hook_routes

#: The marker, the chained suffix and the hooks (``hook_routes.py`` reads them).
MARK = hook_routes.MARK
CHAINED_SUFFIX = hook_routes.CHAINED_SUFFIX
GIT_HOOKS = hook_routes.GIT_HOOKS
NOTES_REF = "refs/notes/ledger"

_HEAD = """#!/bin/sh
{mark}: {name} (installed by `git ledger install`; `git ledger uninstall` removes it)
# A hook that was here before is kept as {name}{chained} and runs first; its exit status is
# this hook's.  The ledger part below never fails and never blocks the git command.
case $0 in */*) git_ledger_dir=${{0%/*}} ;; *) git_ledger_dir=. ;; esac
git_ledger_status=0
"""

_CHAIN = """if [ -x "$git_ledger_dir/{name}{chained}" ]; then
    "$git_ledger_dir/{name}{chained}" "$@" || git_ledger_status=$?
fi
"""

_CHAIN_WITH_INPUT = """git_ledger_input=$(cat)
if [ -x "$git_ledger_dir/{name}{chained}" ]; then
    printf '%s\\n' "$git_ledger_input" | "$git_ledger_dir/{name}{chained}" "$@" \\
        || git_ledger_status=$?
fi
"""

# Shared by every template: where the worktree's ledger is, without starting Python.
_FIND_LEDGER = """git_ledger_ref() {
    unset GIT_INDEX_FILE
    git_ledger_git_dir=$(git rev-parse --absolute-git-dir 2>/dev/null) || return 1
    [ -f "$git_ledger_git_dir/ledger" ] || return 1
    # A pointer written without a final newline is still read (read fails, the value stays).
    read -r git_ledger_ref < "$git_ledger_git_dir/ledger" || [ -n "$git_ledger_ref" ] \
        || return 1
    case $git_ledger_ref in refs/ledger/sessions/*) ;; *) return 1 ;; esac
}
"""

#: What only the hooks that write need (post-checkout only reads a file).
_WRITE = """# Append an event ($1, its message) to the worktree's ledger: a compare-and-swap on
# its ref; another writer that moved it meanwhile means reading the new tip and trying
# again, a few times, then saying so ($2 names what is not recorded).  Sets git_ledger_tip
# to the tip the event was written on.
git_ledger_append() {
    for attempt in 1 2 3 4 5; do
        git_ledger_tip=$(git rev-parse -q --verify "$git_ledger_ref^{commit}" 2>/dev/null) \\
            || return 1
        event=$(printf '%s\\n' "$1" | git commit-tree "$git_ledger_tip^{tree}" \\
            -p "$git_ledger_tip") || return 1
        git update-ref -m "git ledger: $2" "$git_ledger_ref" "$event" "$git_ledger_tip" \\
            2>/dev/null && return 0
        sleep 0.1 2>/dev/null || sleep 1
    done
    echo "git ledger: $git_ledger_ref stayed busy or locked ($git_ledger_ref.lock?);" \\
        "$2 is not recorded in the ledger" >&2
    return 1
}

git_ledger_python() {
    if ! command -v git-ledger >/dev/null 2>&1; then
        echo "git ledger: git-ledger is not on PATH; the ledger hook did nothing" >&2
        return 0
    fi
    # Inside a git command, a held lock is waited out for seconds, not a minute.
    GIT_LEDGER_RETRY_SECONDS=3 git-ledger hook "$@" || :
}
"""

_POST_COMMIT = """git_ledger_post_commit() {
    git_ledger_ref || return 0
    # One process for the commit's id and its message: "<sha> commit <size>", the commit.
    commit=$(git cat-file --batch 2>/dev/null <<git_ledger_end
HEAD
git_ledger_end
) || return 0
    head=${commit%% *}
    case $head in ''|*[!0-9a-f]*) return 0 ;; esac
    # Items waiting in the queue come first: this commit's event waits behind them.
    if [ -s "$git_ledger_git_dir/ledger-queue" ]; then
        git_ledger_queue post-commit "$head"; return 0
    fi
    # Trailer keys are case-insensitive to git; so is this look (Python parses them).
    case $commit in
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Ii][Mm][Pp][Ll][Ee][Mm][Ee][Nn][Tt][Ss]:*|\\
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Rr][Ee][Ff][Ss]:*)
            git_ledger_queue post-commit "$head"; return 0 ;;
    esac
    # A commit that changes a file a decision's footprint names goes to Python, which
    # checks the lines and records the touch.  The tokens are the path index's
    # (<git dir>/ledger-paths, one fixed string a line); no index, no extra process.
    if [ -s "$git_ledger_git_dir/ledger-paths" ] && git diff-tree --root --no-commit-id \\
            --name-only -r "$head" 2>/dev/null | grep -qF -f "$git_ledger_git_dir/ledger-paths"
    then
        git_ledger_queue post-commit "$head"; return 0
    fi
    # Every process costs a commit a millisecond or two: shell expansions where they do.
    message="commit ${head%????????????????????????????}

Ledger-Event: commit
Ledger-Commit: $head"
    git_ledger_session
    [ "$git_ledger_session" = - ] || message="$message
Ledger-Session: $git_ledger_session"
    git_ledger_append "$message" "commit ${head%????????????????????????????}" || return 0
    line="commit-in $git_ledger_ref $git_ledger_tip"
    # A new commit has no note yet; only when it has one are the lines merged.
    git notes --ref=ledger add -m "$line" "$head" 2>/dev/null && return 0
    note=$(git notes --ref=ledger show "$head" 2>/dev/null)
    { [ -n "$note" ] && printf '%s\\n' "$note"; echo "$line"; } \\
        | LC_ALL=C sort -u | git notes --ref=ledger add -f -F - "$head" 2>/dev/null
}
git_ledger_post_commit </dev/null
"""

_POST_CHECKOUT = """git_ledger_post_checkout() {
    # A file checkout (flag 0; the pre-commit framework passes it in its env) says nothing.
    [ "${3:-${PRE_COMMIT_CHECKOUT_TYPE:-1}}" = 0 ] && return 0
    git_ledger_ref || return 0
    # Nor does each step of a rebase: the user checked out nothing.
    { [ -d "$git_ledger_git_dir/rebase-merge" ] || [ -d "$git_ledger_git_dir/rebase-apply" ]; } \\
        && return 0
    # The line every write to this worktree's ledger keeps ready (no Python here), printed
    # while the ledger exists (an archived one has no ref).
    [ -s "$git_ledger_git_dir/ledger-checkout" ] || return 0
    git rev-parse -q --verify "$git_ledger_ref^{commit}" >/dev/null 2>&1 || return 0
    read -r line < "$git_ledger_git_dir/ledger-checkout" || [ -n "$line" ] || return 0
    printf 'git ledger: %s\\n' "$line" >&2
}
git_ledger_post_checkout "$@" </dev/null
"""

_POST_REWRITE = """git_ledger_post_rewrite() {
    unset GIT_INDEX_FILE
    case $(git config --get-all notes.rewriteRef 2>/dev/null) in
        *{notes}*) ;;
        *) printf '%s\\n' "$git_ledger_input" | GIT_NOTES_REWRITE_REF={notes} \\
               GIT_NOTES_REWRITE_MODE=cat_sort_uniq git notes copy --for-rewrite="$1" \\
               2>/dev/null ;;
    esac
    git_ledger_rewritten "$1"
    kept=$(git ls-tree -r --name-only refs/ledger/keep -- commits 2>/dev/null) || return 0
    for old in $(printf '%s\\n' "$git_ledger_input" | cut -d' ' -f1); do
        case $kept in
            *"$old"*) git_ledger_queue post-rewrite "$1" $(printf '%s\\n' "$git_ledger_input" \\
                          | cut -d' ' -f1,2)
                      return 0 ;;
        esac
    done
}
# The rewritten commits this worktree's ledger recorded (their notes, copied to the new
# commits, say commit-in <this ledger>): one rewrite event names each old and new commit,
# so that the ledger backs the copied lines (docs/format.md, "Notes on code commits").
git_ledger_rewritten() {
    git_ledger_ref || return 0
    pairs=
    while read -r old new rest; do
        [ -n "$new" ] || continue
        case $(git notes --ref=ledger show "$old" 2>/dev/null) in
            *"commit-in $git_ledger_ref "*) pairs="$pairs
Ledger-Rewritten: $old $new" ;;
        esac
    done <<git_ledger_end
$git_ledger_input
git_ledger_end
    [ -n "$pairs" ] || return 0
    git_ledger_append "rewrite ($1)

Ledger-Event: rewrite$pairs" "a $1 of commits it recorded"
}
git_ledger_post_rewrite "$@"
"""

# Only in post-commit and post-rewrite: what needs Python goes to the queue and a detached
# drain, so that git returns at once (docs/hooks.md, "The queue").
_QUEUE = """# The session (GIT_LEDGER_SESSION_ID, cleaned) in git_ledger_session, - for none.
git_ledger_session() {
    git_ledger_session=-
    [ -n "${GIT_LEDGER_SESSION_ID:-}" ] || return 0
    git_ledger_session=$(printf '%s' "$GIT_LEDGER_SESSION_ID" | tr -cd 'A-Za-z0-9._:@+-' \\
        | cut -c1-200)
    [ -n "$git_ledger_session" ] || git_ledger_session=-
}

# Queue event $1 with fields $2...: one line appended (one write, O_APPEND) to the queue,
# then a detached git ledger hook drain applies it; git does not wait for it.  When the
# line cannot be written (a full disk), the event is applied now instead.
git_ledger_queue() {
    if ! command -v git-ledger >/dev/null 2>&1; then
        echo "git ledger: git-ledger is not on PATH; the ledger hook did nothing" >&2
        return 0
    fi
    git_ledger_event=$1; shift
    git_ledger_session
    if ! printf '1 %s %s %s\\n' "$git_ledger_event" "$git_ledger_session" "$*" \\
            >> "$git_ledger_git_dir/ledger-queue" 2>/dev/null; then
        case $git_ledger_event in
            post-rewrite) printf '%s\\n' "$git_ledger_input" \\
                              | git_ledger_python post-rewrite "$1" ;;
            *) git_ledger_python "$git_ledger_event" ;;
        esac
        return 0
    fi
    # A held lock is waited out for seconds, not a minute: the next command tries again.
    if command -v setsid >/dev/null 2>&1; then
        GIT_LEDGER_RETRY_SECONDS=3 setsid git-ledger hook drain </dev/null >/dev/null 2>&1 &
    else
        GIT_LEDGER_RETRY_SECONDS=3 nohup git-ledger hook drain </dev/null >/dev/null 2>&1 &
    fi
}
"""

_TAIL = """exit $git_ledger_status
"""


def template(name: str) -> str:
    """The whole script installed as hook ``name``."""
    values = {"mark": MARK, "name": name, "chained": CHAINED_SUFFIX, "notes": NOTES_REF}
    chain = _CHAIN_WITH_INPUT if name == "post-rewrite" else _CHAIN
    body = {"post-commit": _POST_COMMIT, "post-checkout": _POST_CHECKOUT,
            "post-rewrite": _POST_REWRITE}[name]
    writes = [_WRITE, _QUEUE] if name in ("post-commit", "post-rewrite") else []
    parts = [_HEAD.format(**values), chain.format(**values), _FIND_LEDGER, *writes,
             body.replace("{notes}", NOTES_REF), _TAIL]
    return "\n".join(parts)

