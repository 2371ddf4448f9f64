"""The git hooks' ``sh`` templates: what git (or a hook manager's call) runs.

``post-commit`` records the commit and writes its note with git plumbing alone, since every
commit pays for it, and queues what needs Python.  A hook that was there before is kept as
``<hook>.pre-ledger`` and runs first; a ledger hook always exits 0, never blocking git.
"""

from __future__ import annotations

from gitledger.ledger import hook_routes

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
# again, a few times.  1 when the ref is no ledger commit (none, archived), 2 when it
# stays busy (the caller says what is not recorded).  Sets git_ledger_tip to the tip the
# event was written on.
git_ledger_append() {
    for attempt in 1 2 3 4 5; do
        git_ledger_tip=$(git rev-parse -q --verify "$git_ledger_ref^{commit}" 2>/dev/null) \\
            || return 1
        event=$(printf '%s\\n' "$1" | git commit-tree "$git_ledger_tip^{tree}" \\
            -p "$git_ledger_tip") || return 1
        git update-ref -m "git ledger: ${1%%"$git_ledger_nl"*}" "$git_ledger_ref" "$event" \\
            "$git_ledger_tip" 2>/dev/null && return 0
        sleep 0.1 2>/dev/null || sleep 1
    done
    return 2
}
git_ledger_nl='
'

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
    # Marked before the work and after it: a hook stopped in between (killed, a full disk)
    # leaves the two apart, and the next git ledger command records the commit.
    printf '%s\\n' "$head" > "$git_ledger_git_dir/ledger-recording" 2>/dev/null
    git_ledger_extra= git_ledger_lines= python=
    # Trailer keys are case-insensitive to git; so is this look.  The ids are resolved
    # here, so that the note is in git when git commit returns; the status change follows
    # in Python.  An id this cannot resolve alone leaves the whole commit to Python.
    case $commit in
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Ii][Mm][Pp][Ll][Ee][Mm][Ee][Nn][Tt][Ss]:*|\\
        *[Ll][Ee][Dd][Gg][Ee][Rr]-[Rr][Ee][Ff][Ss]:*)
            python=1
            if ! git_ledger_trailers "${commit#*"$git_ledger_nl$git_ledger_nl"}"; then
                git_ledger_queue post-commit "$head" && git_ledger_done
                return 0
            fi ;;
    esac
    # A commit that changes a file a decision's footprint names also goes to Python,
    # which checks the lines for drift.  The tokens are the path index's
    # (<git dir>/ledger-paths, one fixed string a line); no index, no extra process.
    if [ -z "$python" ] && [ -s "$git_ledger_git_dir/ledger-paths" ] && git diff-tree \\
            --root --no-commit-id --name-only -r "$head" 2>/dev/null \\
            | grep -qF -f "$git_ledger_git_dir/ledger-paths"; then
        python=1
    fi
    # Every process costs a commit a millisecond or two: shell expansions where they do.
    message="commit ${head%????????????????????????????}

Ledger-Event: commit
Ledger-Commit: $head$git_ledger_extra"
    git_ledger_session
    [ "$git_ledger_session" = - ] || message="$message
Ledger-Session: $git_ledger_session"
    git_ledger_append "$message" || case $? in
        2)  echo "git ledger: $git_ledger_ref stayed busy or locked ($git_ledger_ref.lock?);" \\
                "the next git ledger command records commit" \\
                "${head%????????????????????????????}" >&2
            git_ledger_queue post-commit "$head" && git_ledger_done
            return 0 ;;
        # No ledger commit to record in (archived): the trailers go to Python, which
        # implements a project decision all the same and says what it cannot do.
        *)  if [ -n "$python" ]; then git_ledger_queue post-commit "$head" || return 0; fi
            git_ledger_done
            return 0 ;;
    esac
    git_ledger_note "$head" "commit-in $git_ledger_ref $git_ledger_tip$git_ledger_lines"
    if [ -n "$python" ]; then git_ledger_queue post-commit "$head" || return 0; fi
    git_ledger_done
}
git_ledger_done() {
    printf '%s\\n' "$head" > "$git_ledger_git_dir/ledger-recorded" 2>/dev/null
}
# Note commit $1 with lines $2 (one a line, the first the commit-in line).  A new commit
# has no note yet; only when it has one are the lines merged, sorted and unique.  Two
# lines are in order already (commit-in, then implements or refs): no sort.
git_ledger_note() {
    case $2 in
        *"$git_ledger_nl"*"$git_ledger_nl"*) printf '%s\\n' "$2" | LC_ALL=C sort -u \\
                | git notes --ref=ledger add -F - "$1" 2>/dev/null && return 0 ;;
        *) git notes --ref=ledger add -m "$2" "$1" 2>/dev/null && return 0 ;;
    esac
    note=$(git notes --ref=ledger show "$1" 2>/dev/null)
    { [ -n "$note" ] && printf '%s\\n' "$note"; printf '%s\\n' "$2"; } \\
        | LC_ALL=C sort -u | git notes --ref=ledger add -f -F - "$1" 2>/dev/null
}
# The Ledger-Implements and Ledger-Refs ids of message $1's last paragraph, read as Python
# reads them (git_events.py), resolved to full ids: the event's trailers in
# git_ledger_extra and the note's lines in git_ledger_lines.  1 when an id is not one this
# resolves alone (not an id prefix of two characters or more, unknown, ambiguous, a
# decision that cannot become implemented): Python then does it all, and says why.
git_ledger_trailers() {
    # One paragraph has no trailers; a CR (CRLF line ends) fails the id patterns below.
    case $1 in *"$git_ledger_nl$git_ledger_nl"*) ;; *) return 1 ;; esac
    implements= refs=
    while IFS= read -r line; do
        key=${line%%:*}
        case $key in
            [Ll][Ee][Dd][Gg][Ee][Rr]-[Ii][Mm][Pp][Ll][Ee][Mm][Ee][Nn][Tt][Ss]) ;;
            [Ll][Ee][Dd][Gg][Ee][Rr]-[Rr][Ee][Ff][Ss]) ;;
            *[Ll][Ee][Dd][Gg][Ee][Rr]-[Ii][Mm][Pp][Ll][Ee][Mm][Ee][Nn][Tt][Ss]*|\\
            *[Ll][Ee][Dd][Gg][Ee][Rr]-[Rr][Ee][Ff][Ss]*) return 1 ;;
            *) continue ;;
        esac
        # The words between commas and blanks, without a process (and without globbing).
        set -f; git_ledger_ifs=$IFS; IFS=", 	"
        set -- ${line#*:}
        IFS=$git_ledger_ifs; set +f
        for word in "$@"; do
            case $word in
                [a-z]-[0-9a-z][0-9a-z]|[a-z]-[0-9a-z][0-9a-z]*[0-9a-z]) ;;
                *) return 1 ;;
            esac
            case $key in
                *[Ii][Mm][Pp][Ll]*) implements="$implements $word" ;;
                *) refs="$refs $word" ;;
            esac
        done
    done <<git_ledger_end
${1##*"$git_ledger_nl$git_ledger_nl"}
git_ledger_end
    [ -n "$implements$refs" ] || return 1
    seen=
    for word in $implements; do
        case "$seen " in *" $word "*) continue ;; esac
        seen="$seen $word"
        git_ledger_entry "$word" implements || return 1
        git_ledger_extra="$git_ledger_extra
Ledger-Implements: $git_ledger_id"
        git_ledger_lines="$git_ledger_lines
implements $git_ledger_id $git_ledger_in"
    done
    seen=
    for word in $refs; do
        case "$seen " in *" $word "*) continue ;; esac
        seen="$seen $word"
        git_ledger_entry "$word" || return 1
        git_ledger_extra="$git_ledger_extra
Ledger-Refs: $git_ledger_id"
        git_ledger_lines="$git_ledger_lines
refs $git_ledger_id $git_ledger_ref"
    done
}
# The entry id prefix $1 names, in this worktree's ledger, else the project ledger (as
# locate does): git_ledger_id and git_ledger_in (its ledger).  With $2 = implements, only
# a decision that can become implemented (accepted, or implemented already).
git_ledger_entry() {
    core=${1#??} && rest=${core#?}
    dir="entries/${core%"$rest"}/${rest%"${rest#?}"}/"
    for git_ledger_in in "$git_ledger_ref" refs/ledger/project; do
        names=$(git ls-tree --name-only "$git_ledger_in" -- "$dir" 2>/dev/null) || continue
        git_ledger_id=
        for name in $names; do
            case $name in
                "$dir$1"*.toml)
                    [ -z "$git_ledger_id" ] || return 1
                    git_ledger_id=${name#"$dir"}; git_ledger_id=${git_ledger_id%.toml} ;;
            esac
        done
        [ -n "$git_ledger_id" ] || continue
        [ "${2:-}" = implements ] || return 0
        case $(git cat-file blob "$git_ledger_in:$dir$git_ledger_id.toml" 2>/dev/null) in
            *"status = \\"accepted\\""*|*"status = \\"implemented\\""*) return 0 ;;
        esac
        return 1
    done
    return 1
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
    # git passes no --quiet to its hooks: the checkout's own arguments say it (where the
    # system shows them, one NUL-ended argument each), read only when there is a line to
    # print.  A grep without -z fails here, and the line is printed.
    [ -r "/proc/$PPID/cmdline" ] && grep -qzxE -e '--quiet' -e '-[A-Za-z]*q[A-Za-z]*' \\
        "/proc/$PPID/cmdline" 2>/dev/null && return 0
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

Ledger-Event: rewrite$pairs"
    [ $? = 2 ] || return 0
    echo "git ledger: $git_ledger_ref stayed busy or locked ($git_ledger_ref.lock?);" \\
        "a $1 of commits it recorded is not recorded in the ledger" >&2
}
git_ledger_post_rewrite "$@"
"""

# Only in post-commit and post-rewrite: what needs Python goes to the queue and a detached
# drain, so that git returns at once (docs/hooks.md, "The queue").
_QUEUE = """# The session (GIT_LEDGER_SESSION_ID, cleaned) in git_ledger_session, - for none.
# A clean id of 200 characters or fewer (a UUID) costs no process.
git_ledger_session() {
    git_ledger_session=-
    [ -n "${GIT_LEDGER_SESSION_ID:-}" ] || return 0
    case $GIT_LEDGER_SESSION_ID in
        *[!A-Za-z0-9._:@+-]*) ;;
        *) if [ ${#GIT_LEDGER_SESSION_ID} -le 200 ]; then
               git_ledger_session=$GIT_LEDGER_SESSION_ID; return 0
           fi ;;
    esac
    git_ledger_session=$(printf '%s' "$GIT_LEDGER_SESSION_ID" | tr -cd 'A-Za-z0-9._:@+-' \\
        | cut -c1-200)
    [ -n "$git_ledger_session" ] || git_ledger_session=-
}

# Queue event $1 with fields $2...: one line appended (one write, O_APPEND) to the queue,
# then a detached git ledger hook drain applies it; git does not wait for it.  Without
# git-ledger on PATH the line waits for the next git ledger command.  When the line cannot
# be written (a full disk), the event is applied now instead; 1 when that fails too.
git_ledger_queue() {
    git_ledger_event=$1; shift
    git_ledger_session
    if ! printf '1 %s %s %s\\n' "$git_ledger_event" "$git_ledger_session" "$*" \\
            >> "$git_ledger_git_dir/ledger-queue" 2>/dev/null; then
        command -v git-ledger >/dev/null 2>&1 || return 1
        case $git_ledger_event in
            post-rewrite) printf '%s\\n' "$git_ledger_input" \\
                              | git_ledger_python post-rewrite "$1" ;;
            *) git_ledger_python "$git_ledger_event" ;;
        esac
        return 0
    fi
    if ! command -v git-ledger >/dev/null 2>&1; then
        echo "git ledger: git-ledger is not on PATH; the next git ledger command applies" \\
            "this $git_ledger_event" >&2
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

