#!/usr/bin/env bash
# Regenerate the ANTLR4 Python parser for grammar/ASN1.g4 into compiler/parser/.
#
#   grammar/regen.sh           regenerate compiler/parser/ASN1{Lexer,Parser,Visitor}.py
#   grammar/regen.sh --check   regenerate into a temporary directory and fail (exit 1)
#                              if the committed files differ from what the grammar gives
#
# Exit status 2 means ANTLR itself could not be run or rejected the grammar.
#
# Works from any directory.  Needs java and the `antlr4` command of the pip package
# antlr4-tools (which downloads the ANTLR jar on first use).  ANTLR is run from inside
# grammar/ on the relative file name, so the "Generated from ASN1.g4" header holds no
# machine-specific path and the output is the same everywhere.  Only the .py files
# are kept; the .interp/.tokens side files are not needed at run time.
set -euo pipefail

ANTLR_VERSION=4.13.2
GENERATED=(ASN1Lexer.py ASN1Parser.py ASN1Visitor.py)

grammar_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
parser_dir="$(cd "$grammar_dir/../compiler/parser" && pwd)"

check=0
case "${1:-}" in
    "") ;;
    --check) check=1 ;;
    *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if ! command -v antlr4 >/dev/null 2>&1; then
    echo "regen.sh: the 'antlr4' command is missing (pip install antlr4-tools)" >&2
    exit 2
fi

out_dir="$(mktemp -d)"
trap 'rm -rf "$out_dir"' EXIT

if ! (cd "$grammar_dir" && antlr4 -v "$ANTLR_VERSION" -Dlanguage=Python3 \
        -visitor -no-listener -o "$out_dir" ASN1.g4); then
    echo "regen.sh: ANTLR $ANTLR_VERSION failed on grammar/ASN1.g4" >&2
    exit 2
fi

if [ "$check" -eq 1 ]; then
    stale=0
    for f in "${GENERATED[@]}"; do
        if ! diff -q "$out_dir/$f" "$parser_dir/$f" >/dev/null 2>&1; then
            echo "regen.sh: compiler/parser/$f is stale or missing" >&2
            stale=1
        fi
    done
    if [ "$stale" -eq 1 ]; then
        echo "regen.sh: the generated parser does not match grammar/ASN1.g4;" \
             "run grammar/regen.sh" >&2
        exit 1
    fi
    echo "regen.sh: compiler/parser is up to date with grammar/ASN1.g4"
    exit 0
fi

for f in "${GENERATED[@]}"; do
    cp "$out_dir/$f" "$parser_dir/$f"
done
echo "regen.sh: regenerated ${GENERATED[*]} in compiler/parser"
