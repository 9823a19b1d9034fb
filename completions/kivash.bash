# bash completion for kivash — generated from kivash's options by its tests (KIVASH_RECORD=1); do not edit.
_kivash() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
  case "$prev" in
    -c) return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --decoder) COMPREPLY=($(compgen -W "fast foundation" -- "$cur")); return ;;
    --record) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --check) COMPREPLY=($(compgen -f -- "$cur")); return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "-c --echo -k --keep-going --color --no-persist --no-init --decoder --json --csv --record --check --update -h --help -V --version" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _kivash kivash
