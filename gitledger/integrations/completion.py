"""Shell completion for ``git ledger`` and ``git-ledger`` in bash, zsh and fish, and
installing the scripts where each shell finds them.

Every script asks ``git ledger complete`` what to offer, so a new command or option
completes without touching a script.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gitledger.derived.files import write_atomic
from gitledger.errors import LedgerError

SHELLS = ("bash", "zsh", "fish")

BASH = r"""# git ledger completion for bash: `git ledger <TAB>` through git's completion, and
# `git-ledger <TAB>`.  Load it from ~/.bashrc:  eval "$(git ledger completion bash)"
__git_ledger_offer ()
{
	# $1: what follows a word (" ", or "" where the shell adds it); the words after
	# `ledger` are in __git_ledger_words, the word being completed in $2.
	local suffix="$1" cur="$2" out type value help files=
	out=$(git ledger complete --shell bash -- "${__git_ledger_words[@]}" "$cur" \
		2>/dev/null) || return 0
	COMPREPLY=()
	while IFS=$'\t' read -r type value help; do
		case "$type" in
		file|dir) files=1 ;;
		'') ;;
		*) COMPREPLY+=("$value$suffix") ;;
		esac
	done <<< "$out"
	if [[ -n $files ]]; then
		compopt -o filenames 2>/dev/null
		local IFS=$'\n'
		COMPREPLY+=($(compgen -f -- "$cur"))
	fi
}

# What git's completion calls for `git ledger …` (words, cword and cur are its own).
_git_ledger ()
{
	local i start=0
	for ((i = 1; i < cword; i++)); do
		if [[ ${words[i]} == ledger ]]; then start=$i; break; fi
	done
	local -a __git_ledger_words=("${words[@]:start+1:cword-start-1}")
	__git_ledger_offer " " "$cur"
}

__git_ledger_direct ()
{
	local -a __git_ledger_words=("${COMP_WORDS[@]:1:COMP_CWORD-1}")
	__git_ledger_offer "" "${COMP_WORDS[COMP_CWORD]}"
}
complete -F __git_ledger_direct git-ledger
"""

ZSH = r"""#compdef git-ledger
# git ledger completion for zsh: `git ledger <TAB>` (zsh's _git calls _git-ledger) and
# `git-ledger <TAB>`.  Install it as a file named _git-ledger in a directory of $fpath,
# before compinit runs:  git ledger completion zsh > ~/.zfunc/_git-ledger
_git-ledger () {
	local -a words_before offers
	local out line kind rest value help files=0 ret=1
	words_before=("${(@)words[2,CURRENT-1]}")
	out=$(git ledger complete --shell zsh -- "${words_before[@]}" "${words[CURRENT]}" \
		2>/dev/null) || return 1
	for line in "${(@f)out}"; do
		kind=${line%%$'\t'*}; rest=${line#*$'\t'}
		value=${rest%%$'\t'*}; help=${rest#*$'\t'}
		case $kind in
			file|dir) files=1 ;;
			'') ;;
			*) offers+=("${value//:/\\:}${help:+:$help}") ;;
		esac
	done
	(( ${#offers} )) && _describe -t ledger 'git ledger' offers && ret=0
	(( files )) && _files && ret=0
	return ret
}
_git-ledger "$@"
"""

FISH = r"""# git ledger completion for fish: `git ledger <TAB>` and `git-ledger <TAB>`.  Install:
#   git ledger completion fish > ~/.config/fish/conf.d/git-ledger.fish
# (conf.d, not completions/: fish loads completions/git-ledger.fish only for `git-ledger`,
# and its git completion does not hand `git ledger` to it before fish 3.7.)
function __git_ledger_complete
    set -l words (commandline -opc)
    set -e words[1]
    if test "$words[1]" = ledger
        set -e words[1]
    end
    set -l cur (commandline -ct)
    git ledger complete --shell fish -- $words $cur 2>/dev/null |
        while read -l -d \t kind value help
            switch $kind
                case file dir
                    __fish_complete_path $cur
                case '*'
                    printf '%s\t%s\n' $value $help
            end
        end
end
complete -c git-ledger -f -a '(__git_ledger_complete)'
complete -c git -f -n '__fish_seen_subcommand_from ledger' -a '(__git_ledger_complete)'
"""

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}


def script(shell: str) -> str:
    return SCRIPTS[shell]


def target(shell: str, env: Mapping[str, str]) -> Path:
    """Where ``install --completion`` puts a shell's script: where bash-completion and
    fish load it on demand, and a directory of zsh's own for $fpath."""
    home = Path(env.get("HOME") or Path.home())
    data = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    config = Path(env.get("XDG_CONFIG_HOME") or home / ".config")
    if shell == "bash":
        return data / "bash-completion" / "completions" / "git-ledger"
    if shell == "zsh":
        return data / "zsh" / "site-functions" / "_git-ledger"
    return config / "fish" / "conf.d" / "git-ledger.fish"


#: What the user still has to do for a shell once its script is in place.
NOTES = {
    "bash": "loaded by bash-completion on the next `git ledger <TAB>` in a new shell",
    "zsh": "add to ~/.zshrc, before compinit: fpath=({dir} $fpath)",
    "fish": "loaded by every new fish",
}


@dataclass(frozen=True)
class Installed:
    shell: str
    path: str
    #: ``added``, ``updated`` or ``unchanged`` (``would add`` … with --dry-run).
    action: str
    note: str


def detect_shell(env: Mapping[str, str]) -> str:
    """The user's login shell from $SHELL, when it is one we complete; else bash."""
    name = os.path.basename(env.get("SHELL", ""))
    return name if name in SHELLS else "bash"


def install_completion(shell: str, env: Mapping[str, str], *,
                       dry_run: bool = False) -> Installed:
    """Write ``shell``'s script where it is found (``target``), whole; nothing when it is
    already there as it would be written."""
    path = target(shell, env)
    text = script(shell)
    try:
        before = path.read_text(encoding="utf-8") if path.is_file() else None
    except (OSError, UnicodeDecodeError):
        before = None
    action = "unchanged" if before == text else "updated" if path.exists() else "added"
    if action != "unchanged" and not dry_run:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text, sync=True)
        except OSError as exc:
            raise LedgerError(f"cannot write {path}: {exc.strerror or exc}") from None
    note = NOTES[shell].format(dir=path.parent)
    if dry_run and action != "unchanged":
        action = {"added": "would add", "updated": "would update"}[action]
    return Installed(shell, str(path), action, note)


def installed_json(result: Installed) -> dict[str, Any]:
    return {"completion": {"shell": result.shell, "path": result.path,
                           "action": result.action, "note": result.note}}


def installed_text(result: Installed) -> str:
    return f"{result.action}: {result.shell} completion {result.path} ({result.note})"


__all__ = ["BASH", "FISH", "SCRIPTS", "SHELLS", "ZSH", "Installed", "detect_shell",
           "install_completion", "installed_json", "installed_text", "script", "target"]
