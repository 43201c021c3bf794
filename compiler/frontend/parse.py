"""ASN.1 front end: source text to the syntax tree of ``ilpc.frontend.ast``.

``parse_file`` / ``parse_text`` run the ANTLR4 lexer and parser generated from
``grammar/ASN1.g4`` (into ``ilpc.parser``) and then :class:`_Builder`, a visitor that
turns the parse tree into ``ast`` nodes.  Each labelled grammar alternative has a
``visit<Label>`` method here and, for supported constructs, an ``ast`` node of the
same name.

Problems become diagnostics ``file:line:col: error: message`` (columns 1-based):

* lexer errors (bad characters, unterminated comments and strings) and parser
  errors, worded for people rather than in ANTLR's terms, at most one per line;
* constructs the grammar recognises but ilpc does not support (information object
  classes, macros, ...) as ``unsupported: <what> (...)``
  at their first token;
* malformed literals ('012'B), misplaced extension markers, OPTIONAL on a CHOICE
  alternative and the like.

Both functions return ``None`` when they reported any error, so later passes never
see a partial tree.
"""
from __future__ import annotations

import math
import re
from typing import Callable, Iterable, NoReturn, Optional, TypeVar, Union

from antlr4 import CommonTokenStream, InputStream, Token
from antlr4.IntervalSet import IntervalSet
from antlr4.atn.ATNState import ATNState
from antlr4.error.ErrorListener import ErrorListener
from antlr4.error.ErrorStrategy import DefaultErrorStrategy
from antlr4.error.Errors import (InputMismatchException, LexerNoViableAltException,
                                 NoViableAltException)
from antlr4.tree.Tree import ParseTree, TerminalNode

from ..diagnostics import Diagnostics
from ..parser.ASN1Lexer import ASN1Lexer
from ..parser.ASN1Parser import ASN1Parser
from ..parser.ASN1Visitor import ASN1Visitor
from . import ast
from .associated import associated_type, object_descriptor

__all__ = ["parse_file", "parse_text"]

P = ASN1Parser  # token type constants, e.g. P.ASSIGN


# ======================================================================= entry points

def parse_file(path: str, diags: Diagnostics) -> Optional[ast.SpecFile]:
    """Read ``path`` as UTF-8 and parse it; see :func:`parse_text`."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        diags.error(None, f"cannot read {path}: {e.strerror or e}")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        diags.error(_byte_loc(path, data, e.start),
                    f"invalid UTF-8 byte 0x{data[e.start]:02X} (specifications must be UTF-8)")
        return None
    return parse_text(text, path, diags)


def parse_text(text: str, path: str, diags: Diagnostics) -> Optional[ast.SpecFile]:
    """Parse the ASN.1 ``text`` of file ``path``.

    Reports every problem into ``diags`` and returns the syntax tree, or ``None`` if
    any error was reported.
    """
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark is not part of the specification
    tree = _parse_tree(text, path, diags)
    if tree is None:
        return None
    errors_before = _error_count(diags)
    spec = _Builder(path, diags).visitSpecFile(tree)
    return spec if _error_count(diags) == errors_before else None


def _parse_tree(text: str, path: str, diags: Diagnostics) -> Optional[ASN1Parser.SpecFileContext]:
    """The parse tree of ``text``, or None after reporting its syntax errors."""
    collector = _SyntaxErrorCollector(path)
    lexer = _Lexer(InputStream(text))
    lexer.removeErrorListeners()  # ANTLR's default listener prints to stderr
    lexer.addErrorListener(collector)
    parser = ASN1Parser(CommonTokenStream(lexer))
    parser.removeErrorListeners()
    parser.addErrorListener(collector)
    parser._errHandler = _ErrorWording()
    tree = parser.specFile()
    collector.report(diags, lexer.comment_notes)
    return None if collector.errors else tree


def _error_count(diags: Diagnostics) -> int:
    return sum(1 for d in diags.items if d.severity == "error")


def _byte_loc(path: str, data: bytes, offset: int) -> ast.Loc:
    """The line and (character) column of byte ``offset`` of undecodable ``data``."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return ast.Loc(path, line, col)


# ===================================================================== syntax errors

class _Lexer(ASN1Lexer):
    """The generated lexer, with its errors worded for people.

    It also drops the line comments (which the grammar puts on the hidden channel),
    noting in ``comment_notes`` the ones that are likely mistakes -- a comment closed
    by "--" with more text after it on its line, or a "--" glued to a name -- so that
    a syntax error soon after can point at them.
    """

    def __init__(self, input_stream: InputStream):
        super().__init__(input_stream)
        self.comment_notes: list[tuple[int, int, str]] = []  # line, column, message
        self._previous: Optional[Token] = None

    def nextToken(self) -> Token:
        closed_comment = None
        while True:
            token = super().nextToken()
            if token.type != self.LINE_COMMENT:
                break
            previous = self._previous
            if previous is not None and previous.type in _NAME_TOKENS \
                    and previous.stop + 1 == token.start:
                self.comment_notes.append((token.line, token.column + 1,
                                           "this '--' starts a comment: a name cannot "
                                           "contain '--'"))
            closed = len(token.text) >= 4 and token.text.endswith("--")
            closed_comment = token if closed else None
        if closed_comment is not None and token.line == closed_comment.line \
                and token.type != Token.EOF:
            self.comment_notes.append((closed_comment.line,
                                       closed_comment.column + len(closed_comment.text) - 1,
                                       "this '--' ends the comment: an ASN.1 comment runs "
                                       "to the next '--' or to the end of the line"))
        self._previous = token
        return token

    def notifyListeners(self, e: LexerNoViableAltException) -> None:
        start = self._tokenStartCharIndex
        text = self._input.getText(start, self._input.index)
        at_eof = self._input.LA(1) == Token.EOF
        if text.startswith("/*"):
            message = "unterminated comment"
        elif text.startswith('"') and at_eof:
            message = "unterminated string"
        elif text.startswith("'") and at_eof:
            message = "unterminated string"
        else:
            message = f"unexpected character {_describe_char(text[:1])}"
        self.getErrorListenerDispatch().syntaxError(
            self, None, self._tokenStartLine, self._tokenStartColumn, message, e)

    def emit(self) -> Token:
        token = super().emit()
        # The grammar lets '_' into names only so that this one clear error is given
        # and parsing goes on as if the name were right.
        if token.type in _NAME_TOKENS and "_" in token.text:
            self.getErrorListenerDispatch().syntaxError(
                self, None, token.line, token.column,
                f"'{token.text}': ASN.1 names cannot contain '_' (use '-')", None)
        return token


def _describe_char(c: str) -> str:
    if not c:
        return "end of file"
    if c.isprintable() and not c.isspace():
        return f"'{c}'"
    return f"U+{ord(c):04X}"


class _SyntaxErrorCollector(ErrorListener):
    """Collects lexer and parser errors; :meth:`report` hands the useful ones on.

    ANTLR's recovery can produce follow-on errors, so only the first error of each
    line is kept, and an error at the end of the file (typically a missing 'END') is
    kept only if it is the first one.  An error shortly after a comment that was
    closed mid-line gets a note pointing at the closing "--".
    """

    def __init__(self, path: str):
        self.path = path
        self.errors: list[tuple[int, int, str, bool]] = []  # line, col, message, at EOF

    def syntaxError(self, recognizer, offendingSymbol, line, column, msg, e):
        at_eof = offendingSymbol is not None and offendingSymbol.type == Token.EOF
        self.errors.append((line, column + 1, msg, at_eof))

    def report(self, diags: Diagnostics, comment_notes: list[tuple[int, int, str]]) -> None:
        """Reports the errors, each followed by the notes about comments on the three
        lines before it (or on its own line, before it) not given yet."""
        reported_lines: set[int] = set()
        pending_notes = list(comment_notes)
        for line, col, msg, at_eof in sorted(self.errors, key=lambda e: (e[0], e[1])):
            if line in reported_lines or (at_eof and reported_lines):
                continue
            reported_lines.add(line)
            diags.error(ast.Loc(self.path, line, col), msg)
            for note in list(pending_notes):
                note_line, note_col, note_message = note
                if line - 3 <= note_line and (note_line, note_col) <= (line, col):
                    pending_notes.remove(note)
                    diags.note(ast.Loc(self.path, note_line, note_col), note_message)


# Token groups used to word "expected ..." lists.
_NAME_TOKENS = {P.TYPE_REFERENCE, P.ALL_CAPS_REFERENCE, P.IDENTIFIER}
_TYPE_START = {
    P.BOOLEAN, P.NULL, P.REAL, P.OCTET, P.INTEGER, P.ENUMERATED, P.BIT, P.BMPString,
    P.GeneralString, P.GraphicString, P.IA5String, P.ISO646String, P.NumericString,
    P.PrintableString, P.TeletexString, P.T61String, P.UniversalString, P.UTF8String,
    P.VideotexString, P.VisibleString, P.SEQUENCE, P.SET, P.CHOICE, P.TYPE_REFERENCE,
    P.ALL_CAPS_REFERENCE, P.LBRACKET, P.OBJECT, P.RELATIVE_OID, P.OID_IRI,
    P.RELATIVE_OID_IRI, P.CHARACTER, P.EMBEDDED, P.EXTERNAL, P.ANY, P.INSTANCE, P.UTCTime,
    P.GeneralizedTime, P.TIME, P.DATE, P.TIME_OF_DAY, P.DATE_TIME, P.DURATION,
    P.ObjectDescriptor, P.CLASS, P.TYPE_IDENTIFIER, P.ABSTRACT_SYNTAX, P.IDENTIFIER,
}
_VALUE_START = {
    P.NUMBER, P.MINUS, P.REAL_NUMBER, P.PLUS_INFINITY, P.MINUS_INFINITY, P.NOT_A_NUMBER,
    P.TRUE, P.FALSE, P.NULL, P.CSTRING, P.BSTRING, P.HSTRING, P.QUOTED_WITHOUT_RADIX,
    P.IDENTIFIER,
    P.TYPE_REFERENCE, P.ALL_CAPS_REFERENCE, P.LBRACE, P.CONTAINING,
}
_CONSTRAINT_START = _VALUE_START | _TYPE_START | {
    P.SIZE, P.FROM, P.LPAREN, P.INCLUDES, P.WITH, P.PATTERN, P.SETTINGS, P.MIN, P.MAX,
    P.ALL, P.CONSTRAINED, P.ENCODED}
_COMPONENT_START = {P.IDENTIFIER, P.ELLIPSIS, P.LBRACKET, P.COMPONENTS}
_ASSIGNMENT_START = {P.TYPE_REFERENCE, P.ALL_CAPS_REFERENCE, P.IDENTIFIER}
# Tokens that start optional clauses; named in "expected" lists only when nothing
# else could come instead.
_OPTIONAL_CLAUSE = {
    P.LPAREN, P.OPTIONAL, P.DEFAULT, P.EXCLAMATION, P.EXPLICIT, P.IMPLICIT, P.AUTOMATIC,
    P.EXTENSIBILITY, P.EXPORTS, P.IMPORTS, P.LESS, P.BAR, P.CARET, P.UNION,
    P.INTERSECTION, P.EXCEPT, P.ENCODED,
}
_TOKEN_WORDS = {
    P.TYPE_REFERENCE: "a type reference", P.ALL_CAPS_REFERENCE: "a type reference",
    P.IDENTIFIER: "an identifier", P.NUMBER: "a number", P.REAL_NUMBER: "a number",
    P.CSTRING: "a string", P.BSTRING: "a bit string", P.HSTRING: "a hex string",
    P.QUOTED_WITHOUT_RADIX: "a bit string", Token.EOF: "end of file",
}


# The rule contexts whose ','-separated lists get a missing ',' put in.
_COMMA_LIST_CONTEXTS = (ASN1Parser.SequenceTypeContext, ASN1Parser.ChoiceTypeContext,
                        ASN1Parser.EnumeratedTypeContext, ASN1Parser.IntegerTypeContext,
                        ASN1Parser.BitStringTypeContext)


class _ErrorWording(DefaultErrorStrategy):
    """ANTLR's error recovery, with messages that speak ASN.1.

    All reports go through :meth:`_message`, which knows the usual mistakes; the
    fallback is ``unexpected 'X', expected ...`` with a short list of expectations.
    """

    def sync(self, recognizer: ASN1Parser) -> None:
        if self.inErrorRecoveryMode(recognizer):
            return
        state = recognizer._interp.atn.states[recognizer.state]
        if state.stateType == ATNState.BLOCK_START and _in_module_header(recognizer):
            # Before an optional clause of a module header, ANTLR would give up on
            # the whole module; leaving the error to the next match() lets it insert
            # or delete a single token ("M DEFINITIONS BEGIN" reports the missing
            # '::=' and parses on).
            return
        if self._inserted_missing_comma(recognizer, state):
            return
        if state.stateType in (ATNState.PLUS_LOOP_BACK, ATNState.STAR_LOOP_BACK):
            self._sync_loop_back(recognizer, state)
            return
        super().sync(recognizer)

    def _sync_loop_back(self, recognizer: ASN1Parser, state: ATNState) -> None:
        """DefaultErrorStrategy.sync for the end of a loop iteration, except that it
        does not add to the follow set it gets from the ATN: the Python runtime hands
        out its cached set, so adding to it would change how every later parse in
        the process recovers from errors."""
        next_tokens = recognizer.atn.nextTokens(state)
        if recognizer.getTokenStream().LA(1) in next_tokens or Token.EPSILON in next_tokens:
            return
        self.reportUnwantedToken(recognizer)
        resume_at = IntervalSet()
        resume_at.addSet(recognizer.getExpectedTokens())
        resume_at.addSet(self.getErrorRecoverySet(recognizer))
        self.consumeUntil(recognizer, resume_at)

    def _inserted_missing_comma(self, recognizer: ASN1Parser, state: ATNState) -> bool:
        """In a list of components, ENUMERATED items or named numbers, an item that
        follows the previous one without a ',' (typically at the end of a line) is
        reported, and a ',' is put into the token stream so that the rest of the
        list parses instead of failing item by item."""
        if not isinstance(recognizer._ctx, _COMMA_LIST_CONTEXTS) or \
                state.stateType not in (ATNState.STAR_LOOP_ENTRY, ATNState.STAR_LOOP_BACK):
            return False
        tokens = recognizer.getTokenStream()
        following = tokens.LT(1)
        next_tokens = recognizer.atn.nextTokens(state)
        if following.type not in (P.IDENTIFIER, P.ELLIPSIS) or P.COMMA not in next_tokens \
                or following.type in next_tokens:
            return False
        self.beginErrorCondition(recognizer)  # ends when the ',' is matched
        self._report(recognizer, following, f"expected ',' before {_describe_token(following)}")
        comma = following.clone()
        comma.type, comma.text, comma.stop = P.COMMA, ",", following.start - 1
        tokens.tokens.insert(tokens.index, comma)
        for index in range(tokens.index, len(tokens.tokens)):
            tokens.tokens[index].tokenIndex = index
        return True

    def recover(self, recognizer: ASN1Parser, e) -> None:
        if _in_module_header(recognizer):
            # A broken module header: skip the module rather than read its body
            # as a series of further modules.
            self.consumeUntil(recognizer, {P.END})
            if recognizer.getTokenStream().LA(1) == P.END:
                recognizer.consume()
            return
        super().recover(recognizer, e)

    def recoverInline(self, recognizer: ASN1Parser) -> Token:
        if _value_set_assignment(recognizer._ctx) is not None:
            # Do not delete or invent tokens to make "Foo INTEGER" a value set
            # assignment; fail the assignment so recovery resumes at the next one.
            raise InputMismatchException(recognizer)
        return super().recoverInline(recognizer)

    def reportNoViableAlternative(self, recognizer: ASN1Parser, e: NoViableAltException):
        start, bad = e.startToken, e.offendingToken
        if isinstance(e.ctx, ASN1Parser.AssignmentContext) and start.type != Token.EOF:
            reported = self._report_bad_assignment(recognizer, start, bad)
            if reported:
                return
        expected = recognizer.getExpectedTokens() if start is bad else None
        self._report(recognizer, *self._message(recognizer, e.ctx, bad, expected))

    def reportInputMismatch(self, recognizer: ASN1Parser, e: InputMismatchException):
        self._report(recognizer, *self._message(recognizer, e.ctx, e.offendingToken,
                                                e.getExpectedTokens()))

    def reportUnwantedToken(self, recognizer: ASN1Parser):
        if self.inErrorRecoveryMode(recognizer):
            return
        self.beginErrorCondition(recognizer)
        self._report(recognizer, *self._message(recognizer, recognizer._ctx,
                                                recognizer.getCurrentToken(),
                                                self.getExpectedTokens(recognizer)))

    def reportMissingToken(self, recognizer: ASN1Parser):
        if self.inErrorRecoveryMode(recognizer):
            return
        self.beginErrorCondition(recognizer)
        self._report(recognizer, *self._message(recognizer, recognizer._ctx,
                                                recognizer.getCurrentToken(),
                                                self.getExpectedTokens(recognizer), missing=True))

    def _report(self, recognizer: ASN1Parser, token: Token, message: str) -> None:
        recognizer.notifyErrorListeners(message, token, None)

    def _report_bad_assignment(self, recognizer: ASN1Parser, start: Token, bad: Token) -> bool:
        """Reports the usual mistakes in the first tokens of an assignment; False if
        it does not recognise the mistake."""
        tokens = recognizer.getTokenStream()
        second = _token_at(tokens, start.tokenIndex + 1)
        saw_assign = any(_token_at(tokens, i).type == P.ASSIGN
                         for i in range(start.tokenIndex, bad.tokenIndex + 1))
        if start.type != P.IDENTIFIER and not saw_assign:
            self._report(recognizer, second, f"expected '::=' after type name '{start.text}'")
            return True
        if start.type == P.IDENTIFIER and second.type == P.ASSIGN:
            after = _token_at(tokens, second.tokenIndex + 1)
            if after.type in _TYPE_START - {P.IDENTIFIER}:
                self._report(recognizer, start,
                             f"type name '{start.text}' must start with an uppercase letter")
            else:
                self._report(recognizer, second,
                             f"expected a type after value name '{start.text}'")
            return True
        return False

    def _message(self, recognizer: ASN1Parser, ctx, bad: Token, expected,
                 missing: bool = False) -> tuple[Token, str]:
        """Where to report an error at token ``bad``, and in what words."""
        tokens = recognizer.getTokenStream()
        prev = _token_at(tokens, bad.tokenIndex - 1) if bad.tokenIndex > 0 else None
        expected_types = _token_types(expected)

        value_set = _value_set_assignment(ctx)
        if value_set is not None:
            # "Foo INTEGER" or "Foo <newline> Bar ::= ..." was taken for the start of
            # "Foo Type ::= { values }"; far more likely, '::=' is missing after Foo.
            name = value_set.start
            return (_token_at(tokens, name.tokenIndex + 1),
                    f"expected '::=' after type name '{name.text}'")
        if isinstance(ctx, ASN1Parser.ModuleDefinitionContext) and prev is not None:
            if bad.type == P.ASSIGN and prev.tokenIndex == ctx.start.tokenIndex:
                return bad, ("assignment outside a module: a specification is a module "
                             "'Name DEFINITIONS ::= BEGIN ... END'")
            if P.DEFINITIONS in expected_types:
                return bad, f"expected 'DEFINITIONS' after module name '{ctx.start.text}'"
        if bad.type == P.MINUS and prev is not None and prev.type in _NAME_TOKENS \
                and prev.stop + 1 == bad.start:
            return prev, f"'{prev.text}-': a name cannot end with a hyphen"
        if bad.type in (P.TYPE_REFERENCE, P.ALL_CAPS_REFERENCE) and \
                P.IDENTIFIER in expected_types and P.TYPE_REFERENCE not in expected_types:
            what = "component name" if P.COMPONENTS in expected_types else "identifier"
            return bad, f"{what} '{bad.text}' must start with a lowercase letter"
        if expected_types == {P.LESS} and prev is not None and prev.type == P.IDENTIFIER:
            # "a foo": 'foo' could only begin a selection type "foo < Type".
            return prev, (f"expected a type, found '{prev.text}' "
                          "(type names start with an uppercase letter)")

        wanted = _describe_expected(recognizer, expected)
        if missing and wanted:
            return bad, f"expected {wanted} before {_describe_token(bad)}"
        message = f"unexpected {_describe_token(bad)}"
        if wanted:
            message += f", expected {wanted}"
        return bad, message


def _value_set_assignment(ctx) -> Optional[ASN1Parser.ValueSetAssignmentContext]:
    """The value set assignment that ``ctx`` is, or is the '{ ... }' of."""
    if isinstance(ctx, (ASN1Parser.BracedTokensContext, ASN1Parser.SetBodyContext)):
        ctx = ctx.parentCtx
    return ctx if isinstance(ctx, ASN1Parser.ValueSetAssignmentContext) else None


def _in_module_header(recognizer: ASN1Parser) -> bool:
    ctx = recognizer._ctx
    return isinstance(ctx, ASN1Parser.ModuleDefinitionContext) and ctx.BEGIN() is None


def _token_at(tokens: CommonTokenStream, index: int) -> Token:
    """Token ``index`` of the stream (the last one, end of file, if beyond)."""
    tokens.sync(index)
    return tokens.get(min(index, len(tokens.tokens) - 1))


def _token_types(expected) -> set[int]:
    types: set[int] = set()
    if expected is not None:
        for interval in expected.intervals or ():
            types.update(interval)
    types.discard(Token.EPSILON)
    return types


def _describe_token(token: Token) -> str:
    if token.type == Token.EOF:
        return "end of file"
    text = token.text if len(token.text) <= 24 else token.text[:21] + "..."
    return f"'{text}'"


def _describe_expected(recognizer: ASN1Parser, expected) -> str:
    """Words for a set of expected tokens ('' when the list would be too long)."""
    types = _token_types(expected)
    if not types:
        return ""
    words: list[str] = []
    if {P.INTEGER, P.BOOLEAN, P.SIZE, P.FROM, P.NUMBER} <= types:
        words.append("a constraint")
        types -= _CONSTRAINT_START
    if {P.INTEGER, P.BOOLEAN, P.SEQUENCE} <= types:
        words.append("a type")
        types -= _TYPE_START
    if {P.NUMBER, P.CSTRING, P.TRUE} <= types:
        words.append("a value")
        types -= _VALUE_START
    if P.COMPONENTS in types and _COMPONENT_START <= types:
        words.append("a component")
        types -= _COMPONENT_START
    if P.END in types and _ASSIGNMENT_START <= types:
        words.append("an assignment")
        types -= _ASSIGNMENT_START
    if words or types - _OPTIONAL_CLAUSE:
        types -= _OPTIONAL_CLAUSE
    if len(types) + len(words) > 4:
        return ""
    for t in sorted(types, key=_token_order):
        word = _TOKEN_WORDS.get(t) or _literal_name(recognizer, t)
        if word not in words:
            words.append(word)
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _literal_name(recognizer: ASN1Parser, token_type: int) -> str:
    names = recognizer.literalNames
    if 0 < token_type < len(names) and names[token_type] != "<INVALID>":
        return names[token_type]
    return recognizer.symbolicNames[token_type]


def _token_order(token_type: int) -> tuple[int, int]:
    """Names and literals first, then punctuation, then keywords, then end of file."""
    if token_type == Token.EOF:
        return (3, 0)
    if token_type in _TOKEN_WORDS:
        return (0, token_type)
    if token_type >= P.ASSIGN:
        return (1, token_type)
    return (2, token_type)


# ========================================================================== builder

class _Unsupported(Exception):
    """Raised by the builder for a construct ilpc does not support; caught where the
    surrounding assignment or component can be skipped."""

    def __init__(self, loc: ast.Loc, message: str):
        super().__init__(message)
        self.loc = loc
        self.message = message


T = TypeVar("T")
_Context = Union[ParseTree, Token]


class _Builder(ASN1Visitor):
    """Turns a syntax-error-free parse tree into ``ast`` nodes."""

    def __init__(self, path: str, diags: Diagnostics):
        self.path = path
        self.diags = diags

    # ------------------------------------------------------------------ helpers

    def loc(self, where: _Context) -> ast.Loc:
        """The location of a token, a terminal node or the first token of a rule."""
        if isinstance(where, TerminalNode):
            token = where.getSymbol()
        elif isinstance(where, Token):
            token = where
        else:
            token = where.start
        return ast.Loc(self.path, token.line, token.column + 1)

    def error(self, where: _Context, message: str) -> None:
        self.diags.error(self.loc(where), message)

    def unsupported(self, where: _Context, what: str) -> NoReturn:
        raise _Unsupported(self.loc(where), f"unsupported: {what}")

    def each(self, items: Iterable[T], build: Callable[[T], Optional[object]]) -> list:
        """``build`` every item, reporting unsupported ones and leaving them out."""
        results = []
        for item in items:
            try:
                result = build(item)
            except _Unsupported as u:
                self.diags.error(u.loc, u.message)
                continue
            if result is not None:
                results.append(result)
        return results

    @staticmethod
    def words(ctx: ParseTree) -> str:
        """The tokens of ``ctx`` joined by single spaces."""
        tokens = []

        def collect(node: ParseTree) -> None:
            if isinstance(node, TerminalNode):
                tokens.append(node.getText())
            else:
                for child in node.getChildren():
                    collect(child)
        collect(ctx)
        return " ".join(tokens)

    # ------------------------------------------------------------------ modules

    def visitSpecFile(self, ctx: ASN1Parser.SpecFileContext) -> ast.SpecFile:
        modules = [self.visitModuleDefinition(m) for m in ctx.moduleDefinition()]
        if not modules:
            self.diags.error(ast.Loc(self.path, 1, 1),
                             "no module in this file: a specification is one or more "
                             "modules 'Name DEFINITIONS ::= BEGIN ... END'")
        return ast.SpecFile(self.path, modules)

    def visitModuleDefinition(self, ctx: ASN1Parser.ModuleDefinitionContext) -> ast.Module:
        exports = None
        if isinstance(ctx.exports(), ASN1Parser.ExportsSymbolsContext):
            exports = self.each(ctx.exports().symbol(), self.symbol)
        imports = []
        if ctx.imports() is not None:
            imports = [self.visitSymbolsFromModule(s) for s in ctx.imports().symbolsFromModule()]
        return ast.Module(
            name=ctx.name.getText(),
            oid=self.oid_text(ctx.oid) if ctx.oid is not None else None,
            tag_default=ctx.tagDefault().tagging.text if ctx.tagDefault() else None,
            extensibility_implied=ctx.extensionDefault() is not None,
            exports=exports,
            imports=imports,
            assignments=self.each(ctx.assignment(), self.visit),
            loc=self.loc(ctx.name),
        )

    def oid_text(self, ctx: ASN1Parser.ObjectIdentifierValueContext) -> str:
        """``{ iso ( 1 ) 2 }`` as ``iso(1) 2``: one space between components."""
        return " ".join(c.getText() for c in ctx.objectIdentifierComponent())

    def visitSymbolsFromModule(self, ctx: ASN1Parser.SymbolsFromModuleContext) -> ast.Import:
        symbols = [s for s in ctx.symbol() if s.builtin is None]
        builtins = [s for s in ctx.symbol() if s.builtin is not None]
        assigned = ctx.assignedIdentifier()
        oid = None
        if assigned is not None and assigned.objectIdentifierValue() is not None:
            oid = self.oid_text(assigned.objectIdentifierValue())
        if ctx.selection is not None and oid is None:
            self.error(ctx.selection, f"WITH {ctx.selection.text} needs the module's OID in braces "
                                      f"after '{ctx.module.getText()}'")
        return ast.Import(symbols=self.each(symbols, self.symbol),
                          module=ctx.module.getText(), loc=self.loc(ctx.module), oid=oid,
                          selection=ctx.selection.text if ctx.selection is not None else None,
                          builtins=self.each(builtins, self.symbol))

    def symbol(self, ctx: ASN1Parser.SymbolContext) -> tuple[str, ast.Loc]:
        # `Name{}` (X.683) only says that Name is parameterized: the name is what counts.
        return ctx.getChild(0).getText(), self.loc(ctx)

    # -------------------------------------------------------------- assignments

    def visitTypeAssignment(self, ctx: ASN1Parser.TypeAssignmentContext) -> ast.TypeAssignment:
        return ast.TypeAssignment(ctx.name.getText(), self.visit(ctx.type_()), self.loc(ctx))

    def visitValueAssignment(self, ctx: ASN1Parser.ValueAssignmentContext) -> ast.ValueAssignment:
        return ast.ValueAssignment(ctx.name.text, self.visit(ctx.type_()),
                                   self.visit(ctx.value()), self.loc(ctx))

    def visitValueSetAssignment(self, ctx: ASN1Parser.ValueSetAssignmentContext) -> ast.SetAssignment:
        body = ctx.setBody()
        specs = body.elementSetSpecs()
        root = extension = None
        extensible = body.ELLIPSIS() is not None  # `{ ... }`, `{ ..., additions }`
        if specs is not None:
            if specs.exceptionSpec() is not None:
                self.unsupported(specs.exceptionSpec(), "exception specification '!'")
            if extensible:
                extension = self.visitElementSetSpec(specs.root)
            else:
                root = self.visitElementSetSpec(specs.root)
                extensible = specs.extensionMark is not None
                extension = self.visitElementSetSpec(specs.additions) if specs.additions else None
        return ast.SetAssignment(ctx.name.getText(), self.visit(ctx.type_()), root, extensible,
                                 extension, self.loc(ctx))

    def visitParameterizedTypeAssignment(self, ctx: ASN1Parser.ParameterizedTypeAssignmentContext
                                         ) -> ast.ParameterizedTypeAssignment:
        params: list[ast.Parameter] = []
        seen: set[str] = set()
        for p in ctx.parameterList().parameter():
            name = p.paramName.text
            if name in seen:
                self.error(p, f"duplicate parameter '{name}'")
            seen.add(name)
            governor = self.visit(p.governor) if p.governor is not None else None
            if governor is None and p.paramName.type == P.IDENTIFIER:
                self.error(p, f"parameter '{name}' starts with a lowercase letter, so it is a "
                              f"value: give its type, as in '{{INTEGER : {name}}}'")
            params.append(ast.Parameter(name, governor, self.loc(p)))
        return ast.ParameterizedTypeAssignment(ctx.name.getText(), params,
                                               self.visit(ctx.type_()), self.loc(ctx))

    def visitParameterizedAssignment(self, ctx) -> NoReturn:
        name = ctx.getChild(0).getText()
        self.unsupported(ctx, f"parameterized assignment '{name}{{...}}' (X.683)")

    def visitMacroDefinition(self, ctx: ASN1Parser.MacroDefinitionContext) -> NoReturn:
        self.unsupported(ctx, f"macro definition '{ctx.name.getText()} MACRO' "
                              "(X.208 macros are not part of ASN.1 since 1994)")

    def visitMacroTypeNotation(self, ctx: ASN1Parser.MacroTypeNotationContext) -> NoReturn:
        self.unsupported(ctx.macroName, f"macro notation '{ctx.macroName.text}' (X.208 macro)")

    def visitMacroValueNotation(self, ctx: ASN1Parser.MacroValueNotationContext) -> NoReturn:
        self.unsupported(ctx.macroName, f"macro notation '{ctx.macroName.text}' (X.208 macro)")

    # -------------------------------------------------------------------- types

    def visitTaggedType(self, ctx: ASN1Parser.TaggedTypeContext) -> ast.TaggedType:
        tag = ctx.tag()
        number = tag.tagNumber()
        if number.NUMBER() is not None:
            tag_number: ast.Value = ast.IntValue(int(number.getText()), self.loc(number))
        else:
            tag_number = self.visitDefinedValue(number.definedValue())
        return ast.TaggedType(
            loc=self.loc(ctx),
            tag_class=tag.tagClass.text if tag.tagClass is not None else "CONTEXT",
            number=tag_number,
            mode=ctx.tagging.text if ctx.tagging is not None else None,
            inner=self.visit(ctx.type_()),
        )

    def visitSequenceOfType(self, ctx: ASN1Parser.SequenceOfTypeContext) -> ast.SequenceOfType:
        constraints = []
        if ctx.size is not None:  # SEQUENCE SIZE (...) OF: as if written (SIZE (...))
            size_loc = self.loc(ctx.SIZE())
            size = ast.SizeConstraint(self.visitConstraint(ctx.size), size_loc)
            constraints.append(ast.Constraint(root=ast.ElementSet([[size]], size_loc),
                                              extensible=False, extension=None, loc=size_loc))
        elif ctx.constraint():  # SEQUENCE (SIZE (...)) OF
            constraints.append(self.visitConstraint(ctx.constraint()))
        return ast.SequenceOfType(
            loc=self.loc(ctx),
            constraints=constraints,
            kind=ctx.kind.text,
            element=self.visit(ctx.type_()),
            element_name=ctx.elementName.text if ctx.elementName is not None else None,
        )

    def visitConstrainedType(self, ctx: ASN1Parser.ConstrainedTypeContext) -> ast.Type:
        node = self.visit(ctx.typeBody())
        node.constraints.extend(self.visitConstraint(c) for c in ctx.constraint())
        return node

    def visitBuiltinType(self, ctx: ASN1Parser.BuiltinTypeContext) -> ast.BuiltinType:
        return ast.BuiltinType(loc=self.loc(ctx), kind=self.words(ctx))

    def visitIntegerType(self, ctx: ASN1Parser.IntegerTypeContext) -> ast.IntegerType:
        return ast.IntegerType(loc=self.loc(ctx),
                               named_numbers=[self.visitNamedNumber(n) for n in ctx.namedNumber()])

    def visitBitStringType(self, ctx: ASN1Parser.BitStringTypeContext) -> ast.BitStringType:
        return ast.BitStringType(loc=self.loc(ctx),
                                 named_bits=[self.visitNamedNumber(n) for n in ctx.namedNumber()])

    def visitNamedNumber(self, ctx: ASN1Parser.NamedNumberContext) -> ast.NamedNumber:
        return ast.NamedNumber(ctx.name.text, self.number_or_reference(ctx), self.loc(ctx))

    def number_or_reference(self, ctx) -> ast.Value:
        """The ``(signedNumber | definedValue)`` part of a named number or item."""
        if ctx.signedNumber() is not None:
            return self.visitSignedNumber(ctx.signedNumber())
        return self.visitDefinedValue(ctx.definedValue())

    def visitEnumeratedType(self, ctx: ASN1Parser.EnumeratedTypeContext) -> ast.EnumeratedType:
        items: list[ast.EnumItem] = []
        additions: list[ast.EnumItem] = []
        markers = 0
        for item in ctx.enumerationItem():
            if isinstance(item, ASN1Parser.EnumExtensionMarkerContext):
                markers += 1
                if item.exceptionSpec() is not None:
                    self.unsupported(item.exceptionSpec(), "exception specification '!'")
                if markers == 2:
                    self.error(item, "an ENUMERATED type has at most one extension marker '...'")
                continue
            number = None
            if item.signedNumber() is not None or item.definedValue() is not None:
                number = self.number_or_reference(item)
            (additions if markers else items).append(
                ast.EnumItem(item.name.text, number, self.loc(item)))
        if not items:
            self.error(ctx, "an ENUMERATED type needs at least one item before '...'")
        return ast.EnumeratedType(loc=self.loc(ctx), items=items,
                                  extensible=markers > 0, additions=additions)

    def visitCharStringType(self, ctx: ASN1Parser.CharStringTypeContext) -> ast.CharStringType:
        return ast.CharStringType(loc=self.loc(ctx), kind=ctx.kind.text)

    def visitSequenceType(self, ctx: ASN1Parser.SequenceTypeContext) -> ast.SequenceType:
        components, extensible = self.component_list(ctx.componentItem(), ctx.kind.text)
        return ast.SequenceType(loc=self.loc(ctx), kind=ctx.kind.text,
                                components=components, extensible=extensible)

    def visitChoiceType(self, ctx: ASN1Parser.ChoiceTypeContext) -> ast.ChoiceType:
        alternatives, extensible = self.component_list(ctx.componentItem(), "CHOICE")
        return ast.ChoiceType(loc=self.loc(ctx), alternatives=alternatives, extensible=extensible)

    def component_list(self, items: list, kind: str) -> tuple[list[ast.Component], bool]:
        """The components of a SEQUENCE/SET/CHOICE, with the extension markers taken
        out: components between the first and a second '...' are extension additions;
        a second '...' closes the extension (SEQUENCE/SET root components may follow)."""
        components: list[ast.Component] = []
        markers = 0
        groups = 0
        for item in items:
            try:
                if isinstance(item, ASN1Parser.ExtensionMarkerContext):
                    markers += 1
                    if item.exceptionSpec() is not None:
                        self.unsupported(item.exceptionSpec(), "exception specification '!'")
                    if markers == 3:
                        self.error(item, f"a {kind} has at most two extension markers '...'")
                elif isinstance(item, ASN1Parser.ComponentContext):
                    if kind == "CHOICE" and markers == 2:
                        self.error(item, "no CHOICE alternative may follow the closing "
                                         "extension marker '...'")
                    components.append(self.component(item, kind, after_extension=markers == 1))
                elif isinstance(item, ASN1Parser.ExtensionAdditionGroupContext):
                    groups += 1
                    components.extend(self.addition_group(item, kind, groups, markers))
                else:
                    if kind == "CHOICE":
                        self.error(item, "COMPONENTS OF is only allowed in a SEQUENCE or SET")
                        continue
                    components.append(ast.ComponentsOf(self.visit(item.type_()), markers == 1,
                                                       self.loc(item)))
            except _Unsupported as u:
                self.diags.error(u.loc, u.message)
        return components, markers > 0

    def addition_group(self, ctx, kind: str, number: int, markers: int) -> list:
        """An extension addition group ``[[ [n:] ... ]]``.  In a SEQUENCE or SET it is one
        OPTIONAL component ``ext_group<number>`` (a name no ASN.1 identifier can take) of an
        anonymous SEQUENCE holding the group's components, which keep their own OPTIONAL
        and DEFAULT (docs/mapping.md); in a CHOICE its alternatives are additions."""
        if markers != 1:
            self.error(ctx, "an extension addition group '[[ ... ]]' must come after the "
                            "extension marker '...'")
            return []
        inner: list = []
        for item in ctx.componentItem():
            if isinstance(item, ASN1Parser.ComponentContext):
                inner.append(self.component(item, kind, after_extension=kind == "CHOICE"))
            elif isinstance(item, ASN1Parser.ComponentsOfContext) and kind != "CHOICE":
                inner.append(ast.ComponentsOf(self.visit(item.type_()), False, self.loc(item)))
            else:
                self.error(item, "an extension addition group holds only components")
        if kind == "CHOICE":
            return inner
        return [ast.Component(name=f"ext_group{number}",
                              type=ast.SequenceType(loc=self.loc(ctx), kind="SEQUENCE", components=inner),
                              optional=True, default=None, after_extension=True, loc=self.loc(ctx))]

    def component(self, ctx: ASN1Parser.ComponentContext, kind: str,
                  after_extension: bool) -> ast.Component:
        if kind == "CHOICE" and (ctx.OPTIONAL() or ctx.DEFAULT()):
            keyword = ctx.OPTIONAL() or ctx.DEFAULT()
            self.error(keyword, f"a CHOICE alternative cannot be {keyword.getText()}")
        return ast.Component(
            name=ctx.name.text,
            type=self.visit(ctx.type_()),
            optional=ctx.OPTIONAL() is not None,
            default=self.visit(ctx.value()) if ctx.DEFAULT() is not None else None,
            after_extension=after_extension,
            loc=self.loc(ctx),
        )

    def visitTypeRef(self, ctx: ASN1Parser.TypeRefContext) -> ast.TypeRef:
        return ast.TypeRef(loc=self.loc(ctx), name=ctx.name.getText(),
                           module=ctx.module.getText() if ctx.module is not None else None)

    # Types recognised by the grammar but not supported.

    def visitParameterizedType(self, ctx: ASN1Parser.ParameterizedTypeContext
                               ) -> ast.ParameterizedTypeRef:
        args: list = []
        for a in ctx.actualParameterList().actualParameter():
            if a.type_() is not None:
                args.append(self.visit(a.type_()))
            elif a.value() is not None:
                args.append(self.visit(a.value()))
            else:
                specs = a.elementSetSpecs()
                if specs.exceptionSpec() is not None:
                    self.unsupported(specs.exceptionSpec(), "exception specification '!'")
                args.append(ast.ValueSetArg(ast.Constraint(
                    root=self.visitElementSetSpec(specs.root),
                    extensible=specs.extensionMark is not None,
                    extension=self.visitElementSetSpec(specs.additions) if specs.additions else None,
                    loc=self.loc(a)), self.loc(a)))
        return ast.ParameterizedTypeRef(
            loc=self.loc(ctx), name=ctx.name.getText(), args=args,
            module=ctx.module.getText() if ctx.module is not None else None)

    def visitObjectClassFieldType(self, ctx: ASN1Parser.ObjectClassFieldTypeContext) -> ast.ClassFieldType:
        cls = ctx.definedObjectClass()
        refs = cls.typeReference()
        if not refs and cls.TYPE_IDENTIFIER() is None:
            self.unsupported(ctx, f"information object class field type '{ctx.getText()}' "
                                  "of the class ABSTRACT-SYNTAX (X.681)")
        names = [n.getText() for n in ctx.fieldName().getChildren() if n.getText() not in ("&", ".")]
        return ast.ClassFieldType(loc=self.loc(ctx),
                                  class_name=refs[-1].getText() if refs else "TYPE-IDENTIFIER", field=names,
                                  module=refs[0].getText() if len(refs) == 2 else None)

    def visitObjectClass(self, ctx: ASN1Parser.ObjectClassContext) -> ast.ObjectClass:
        fields = []
        for f in ctx.fieldSpec():
            dflt = f.DEFAULT().getSymbol().tokenIndex if f.DEFAULT() is not None else None
            types = [t for t in f.type_() if dflt is None or t.start.tokenIndex < dflt]
            default = None
            if dflt is not None:
                after = [t for t in f.type_() if t.start.tokenIndex > dflt]
                default = self.visit(f.value()) if f.value() is not None else self.visit(after[0])
            fields.append(ast.ClassField(
                name=f.name.text, type=self.visit(types[0]) if types else None,
                unique=f.unique is not None, optional=f.OPTIONAL() is not None,
                default=default, loc=self.loc(f)))
        syntax = None
        if ctx.syntax is not None:
            syntax = [(t.getText(), self.loc(t)) for t in _terminals(ctx.syntax)][1:-1]
        return ast.ObjectClass(loc=self.loc(ctx), fields=fields, syntax=syntax)

    def visitObjectIdentifierType(self, ctx) -> ast.BuiltinType:
        kind = self.words(ctx)
        if kind not in ("OBJECT IDENTIFIER", "RELATIVE-OID"):
            self.unsupported(ctx, f"{kind} (internationalized resource identifier types; "
                                  "use OBJECT IDENTIFIER or RELATIVE-OID)")
        return ast.BuiltinType(loc=self.loc(ctx), kind=kind)

    # CHARACTER STRING, EMBEDDED PDV and EXTERNAL are their associated SEQUENCE types
    # (X.680; compiler/frontend/associated.py).
    def visitUnrestrictedCharacterStringType(self, ctx) -> ast.SequenceType:
        return associated_type("CHARACTER STRING", self.loc(ctx))

    def visitEmbeddedPdvType(self, ctx) -> ast.SequenceType:
        return associated_type("EMBEDDED PDV", self.loc(ctx))

    def visitExternalType(self, ctx) -> ast.SequenceType:
        return associated_type("EXTERNAL", self.loc(ctx))

    def visitAnyType(self, ctx) -> ast.AnyType:
        ident = ctx.IDENTIFIER()
        return ast.AnyType(loc=self.loc(ctx), defined_by=ident.getText() if ident else None)

    def visitInstanceOfType(self, ctx) -> NoReturn:
        self.unsupported(ctx, "INSTANCE OF (X.681)")

    def visitTimeType(self, ctx) -> ast.BuiltinType:
        return ast.BuiltinType(loc=self.loc(ctx), kind=ctx.getText())

    def visitObjectDescriptorType(self, ctx) -> ast.CharStringType:
        return object_descriptor(self.loc(ctx))

    def visitObjectClassDefinition(self, ctx) -> ast.TypeRef:
        if ctx.start.type == P.ABSTRACT_SYNTAX:
            self.unsupported(ctx, "information object class 'ABSTRACT-SYNTAX' (X.681)")
        # TYPE-IDENTIFIER (X.681 annex A): a class the semantic pass knows by name
        return ast.TypeRef(loc=self.loc(ctx), name="TYPE-IDENTIFIER")

    def visitSelectionType(self, ctx) -> NoReturn:
        self.unsupported(ctx, f"selection type '{self.words(ctx)}' (name the "
                              "alternative's type instead)")

    # -------------------------------------------------------------- constraints

    def visitConstraint(self, ctx: ASN1Parser.ConstraintContext) -> ast.Constraint:
        if ctx.exceptionSpec() is not None:
            self.unsupported(ctx.exceptionSpec(), "exception specification '!'")
        spec = ctx.constraintSpec()
        if isinstance(spec, ASN1Parser.TableConstraintContext):
            return self.visitTableConstraint(spec)
        if isinstance(spec, ASN1Parser.UserDefinedConstraintContext):
            # X.682 9: a constraint stated in words or elsewhere; accepted, without effect
            return ast.Constraint(root=ast.ElementSet([], self.loc(spec)), extensible=False,
                                  extension=None, loc=self.loc(ctx), user_defined=True)
        if isinstance(spec, ASN1Parser.ContentsConstraintContext):
            contents = ast.Contents(
                type=self.visit(spec.type_()) if spec.type_() is not None else None,
                encoded_by=self.visit(spec.value()) if spec.value() is not None else None,
                loc=self.loc(spec))
            return ast.Constraint(root=ast.ElementSet([[contents]], self.loc(spec)),
                                  extensible=False, extension=None, loc=self.loc(ctx))
        if not isinstance(spec, ASN1Parser.SubtypeConstraintContext):
            self.visit(spec)  # raises _Unsupported
        specs = spec.elementSetSpecs()
        if specs.exceptionSpec() is not None:
            self.unsupported(specs.exceptionSpec(), "exception specification '!'")
        return ast.Constraint(
            root=self.visitElementSetSpec(specs.root),
            extensible=specs.extensionMark is not None,
            extension=self.visitElementSetSpec(specs.additions) if specs.additions else None,
            loc=self.loc(ctx),
        )

    def visitUserDefinedConstraint(self, ctx) -> NoReturn:
        self.unsupported(ctx, "CONSTRAINED BY (user-defined constraint, X.682)")

    def visitTableConstraint(self, ctx: ASN1Parser.TableConstraintContext) -> ast.Constraint:
        specs = ctx.objectSet
        if specs.exceptionSpec() is not None:
            self.unsupported(specs.exceptionSpec(), "exception specification '!'")
        refs = [ast.AtRef([i.getText() for i in at.IDENTIFIER()], at.inner is not None, self.loc(at))
                for at in ctx.atNotation()]
        return ast.Constraint(
            root=self.visitElementSetSpec(specs.root),
            extensible=specs.extensionMark is not None,
            extension=self.visitElementSetSpec(specs.additions) if specs.additions else None,
            loc=self.loc(ctx.parentCtx), table=True, table_refs=refs)

    def visitElementSetSpec(self, ctx: ASN1Parser.ElementSetSpecContext) -> ast.ElementSet:
        if ctx.ALL() is not None:  # ALL EXCEPT B: one element, the set difference
            return ast.ElementSet([[ast.Except(None, self.visit(ctx.elements()), self.loc(ctx))]], self.loc(ctx))
        unions = [[self.visitIntersectionElements(e) for e in i.intersectionElements()]
                  for i in ctx.intersections()]
        return ast.ElementSet(unions, self.loc(ctx))

    def visitIntersectionElements(self, ctx: ASN1Parser.IntersectionElementsContext) -> ast.Element:
        if ctx.EXCEPT() is not None:
            return ast.Except(self.visit(ctx.elements(0)), self.visit(ctx.excluded), self.loc(ctx.EXCEPT()))
        return self.visit(ctx.elements(0))

    def visitSingleValue(self, ctx: ASN1Parser.SingleValueContext) -> ast.SingleValue:
        return ast.SingleValue(self.visit(ctx.value()), self.loc(ctx))

    def visitPointedRange(self, ctx: ASN1Parser.PointedRangeContext) -> ast.ValueRange:
        number, dots = ctx.pointed, ctx.ELLIPSIS().getSymbol()
        if dots.start != number.stop + 1:  # "1 ...2": not a real with a trailing point
            self.error(dots, "unexpected '...', expected ')'")
        upper = ctx.upper
        if upper.MIN() is not None:
            self.error(upper, "MIN cannot be the upper end of a range")
        return ast.ValueRange(
            lower=ast.RealValue(float(number.text), self.loc(number)),
            upper=self.visit(upper.value()) if upper.value() is not None else None,
            lower_open=False,
            upper_open=ctx.upperOpen is not None,
            loc=self.loc(ctx),
        )

    def visitValueRange(self, ctx: ASN1Parser.ValueRangeContext) -> ast.ValueRange:
        lower, upper = ctx.lower, ctx.upper
        if lower.MAX() is not None:
            self.error(lower, "MAX cannot be the lower end of a range")
        if upper.MIN() is not None:
            self.error(upper, "MIN cannot be the upper end of a range")
        return ast.ValueRange(
            lower=self.visit(lower.value()) if lower.value() is not None else None,
            upper=self.visit(upper.value()) if upper.value() is not None else None,
            lower_open=ctx.lowerOpen is not None,
            upper_open=ctx.upperOpen is not None,
            loc=self.loc(ctx),
        )

    def visitSizeConstraint(self, ctx: ASN1Parser.SizeConstraintContext) -> ast.SizeConstraint:
        return ast.SizeConstraint(self.visitConstraint(ctx.constraint()), self.loc(ctx))

    def visitPermittedAlphabet(self, ctx: ASN1Parser.PermittedAlphabetContext
                               ) -> ast.PermittedAlphabet:
        return ast.PermittedAlphabet(self.visitConstraint(ctx.constraint()), self.loc(ctx))

    def visitParenthesizedElementSet(self, ctx: ASN1Parser.ParenthesizedElementSetContext
                                     ) -> ast.ElementSet:
        element_set = self.visitElementSetSpec(ctx.elementSetSpec())
        element_set.loc = self.loc(ctx)
        return element_set

    def visitContainedSubtype(self, ctx: ASN1Parser.ContainedSubtypeContext) -> ast.ContainedSubtype:
        # In a constraint it is reported by the semantic pass; in an object set it names a set.
        return ast.ContainedSubtype(self.visit(ctx.type_()), self.words(ctx), self.loc(ctx))

    def visitSingleInnerTypeConstraint(self, ctx: ASN1Parser.SingleInnerTypeConstraintContext
                                       ) -> ast.InnerTypeConstraint:
        return ast.InnerTypeConstraint(self.visitConstraint(ctx.constraint()), [], False, self.loc(ctx))

    def visitMultipleInnerTypeConstraint(self, ctx: ASN1Parser.MultipleInnerTypeConstraintContext
                                         ) -> ast.InnerTypeConstraint:
        components = []
        for cc in ctx.componentConstraint():
            components.append(ast.ComponentConstraint(
                cc.name.text,
                self.visitConstraint(cc.constraint()) if cc.constraint() is not None else None,
                cc.presence.text if cc.presence is not None else None,
                self.loc(cc)))
        return ast.InnerTypeConstraint(None, components, ctx.partial is not None, self.loc(ctx))

    def visitPatternConstraint(self, ctx) -> ast.Pattern:
        return ast.Pattern(self.visit(ctx.value()), self.loc(ctx))

    def visitPropertySettings(self, ctx) -> NoReturn:
        self.unsupported(ctx, "SETTINGS constraint (property settings)")

    # ------------------------------------------------------------------- values

    def visitSignedNumber(self, ctx: ASN1Parser.SignedNumberContext) -> ast.IntValue:
        number = int(ctx.NUMBER().getText())
        return ast.IntValue(-number if ctx.MINUS() else number, self.loc(ctx))

    def visitIntValue(self, ctx: ASN1Parser.IntValueContext) -> ast.IntValue:
        return self.visitSignedNumber(ctx.signedNumber())

    def visitRealValue(self, ctx: ASN1Parser.RealValueContext) -> ast.RealValue:
        number = float(ctx.REAL_NUMBER().getText())
        return ast.RealValue(-number if ctx.MINUS() else number, self.loc(ctx))

    def visitSpecialRealValue(self, ctx: ASN1Parser.SpecialRealValueContext) -> ast.RealValue:
        special = {"PLUS-INFINITY": math.inf, "MINUS-INFINITY": -math.inf,
                   "NOT-A-NUMBER": math.nan}
        return ast.RealValue(special[ctx.getText()], self.loc(ctx))

    def visitBoolValue(self, ctx: ASN1Parser.BoolValueContext) -> ast.BoolValue:
        return ast.BoolValue(ctx.TRUE() is not None, self.loc(ctx))

    def visitNullValue(self, ctx: ASN1Parser.NullValueContext) -> ast.NullValue:
        return ast.NullValue(self.loc(ctx))

    def visitStringValue(self, ctx: ASN1Parser.StringValueContext) -> ast.StringValue:
        return ast.StringValue(_cstring_value(ctx.getText()), self.loc(ctx))

    def visitBitsValue(self, ctx: ASN1Parser.BitsValueContext) -> ast.BitsValue:
        token = ctx.start
        if token.type == P.QUOTED_WITHOUT_RADIX:
            self.error(ctx, "a quoted string must end in 'B (bit string) or 'H (hex string)")
            return ast.BitsValue("", False, self.loc(ctx))
        is_hex = token.type == P.HSTRING
        digits = "0123456789ABCDEF" if is_hex else "01"
        bits = []
        for offset, char in enumerate(token.text[1:-2], start=1):
            if char in " \t\r\n\v\f":
                continue
            if char not in digits:
                kind = ("hex string (digits 0-9 and A-F)" if is_hex
                        else "bit string (digits 0 and 1)")
                self.diags.error(_offset_loc(self.path, token, offset),
                                 f"invalid character {_describe_char(char)} in {kind}")
                return ast.BitsValue("", is_hex, self.loc(ctx))
            bits.append(format(int(char, 16), "04b") if is_hex else char)
        return ast.BitsValue("".join(bits), is_hex, self.loc(ctx))

    def visitValueRef(self, ctx: ASN1Parser.ValueRefContext) -> ast.ValueRef:
        return self.visitDefinedValue(ctx.definedValue())

    def visitDefinedValue(self, ctx: ASN1Parser.DefinedValueContext) -> ast.ValueRef:
        return ast.ValueRef(ctx.name.text,
                            ctx.module.getText() if ctx.module is not None else None,
                            self.loc(ctx))

    def visitBracedValue(self, ctx: ASN1Parser.BracedValueContext):
        """An OBJECT IDENTIFIER value when the contents read as one, else the tokens
        (an information object, read once its class is known); an OidValue keeps the
        tokens too (``raw``), for an object whose defined syntax looks like one."""
        tokens = [t.getSymbol() for t in _terminals(ctx)][1:-1]
        raw = ast.RawValue(tokens, self.words(ctx), self.loc(ctx))
        oid = self.oid_value(ctx.bracedTokens())
        if oid is None:
            return raw
        oid.raw = raw  # type: ignore[attr-defined]
        return oid

    def oid_value(self, ctx) -> Optional[ast.OidValue]:
        """The contents of ``{ ... }`` as object identifier components (ITU-T X.680
        32.3: name form, number form, name and number form, defined value), or None
        when they do not read as such (nested braces, commas, other tokens)."""
        tokens: list[Token] = []
        for child in ctx.getChildren():
            if not isinstance(child, TerminalNode):
                return None  # nested braces
            tokens.append(child.getSymbol())
        tokens = tokens[1:-1]  # the braces
        if not tokens:
            return None
        ref_types = (P.TYPE_REFERENCE, P.ALL_CAPS_REFERENCE)
        kinds = [t.type for t in tokens]
        comps: list[ast.OidComponent] = []
        i = 0

        def at(j: int, *types: int) -> bool:
            return j < len(kinds) and kinds[j] in types

        def ref(j: int) -> tuple[Optional[ast.ValueRef], int]:
            """A defined value at j (``name`` or ``Module.name``) and the index after it."""
            if at(j, P.IDENTIFIER):
                return ast.ValueRef(tokens[j].text, None, self.loc(tokens[j])), j + 1
            if at(j, *ref_types) and at(j + 1, P.DOT) and at(j + 2, P.IDENTIFIER):
                return ast.ValueRef(tokens[j + 2].text, tokens[j].text, self.loc(tokens[j])), j + 3
            return None, j

        while i < len(tokens):
            tok = tokens[i]
            if at(i, P.NUMBER):
                comps.append(ast.OidComponent(None, ast.IntValue(int(tok.text), self.loc(tok)),
                                              self.loc(tok)))
                i += 1
            elif at(i, P.IDENTIFIER) and at(i + 1, P.LPAREN):
                if at(i + 2, P.NUMBER) and at(i + 3, P.RPAREN):
                    number: Union[ast.IntValue, ast.ValueRef, None] = ast.IntValue(
                        int(tokens[i + 2].text), self.loc(tokens[i + 2]))
                    nxt = i + 4
                else:
                    number, nxt = ref(i + 2)
                    if number is None or not at(nxt, P.RPAREN):
                        return None
                    nxt += 1
                comps.append(ast.OidComponent(tok.text, number, self.loc(tok)))
                i = nxt
            elif at(i, P.IDENTIFIER):
                comps.append(ast.OidComponent(tok.text, None, self.loc(tok)))
                i += 1
            else:
                value, nxt = ref(i)
                if value is None:
                    return None
                comps.append(ast.OidComponent(None, value, self.loc(tok)))
                i = nxt
        return ast.OidValue(comps, self.loc(ctx))

    def visitChoiceValue(self, ctx: ASN1Parser.ChoiceValueContext) -> ast.ChoiceValue:
        return ast.ChoiceValue(ctx.IDENTIFIER().getText(), self.visit(ctx.value()), self.loc(ctx))

    def visitEmptyBracedValue(self, ctx: ASN1Parser.EmptyBracedValueContext) -> ast.BracedValue:
        return ast.BracedValue([], False, self.loc(ctx))

    def visitNamedValueList(self, ctx: ASN1Parser.NamedValueListContext) -> ast.BracedValue:
        items = [ast.NamedValue(nv.name.text, self.visit(nv.value()), self.loc(nv))
                 for nv in ctx.namedValue()]
        return ast.BracedValue(items, True, self.loc(ctx))

    def visitValueList(self, ctx: ASN1Parser.ValueListContext) -> ast.BracedValue:
        return ast.BracedValue([self.visit(v) for v in ctx.value()], False, self.loc(ctx))

    def visitOpenTypeValue(self, ctx: ASN1Parser.OpenTypeValueContext) -> ast.OpenTypeValue:
        name = ctx.typeReference()
        return ast.OpenTypeValue(ast.TypeRef(loc=self.loc(name), name=name.getText()),
                                 self.visit(ctx.value()), self.loc(ctx))

    def visitContainingValue(self, ctx) -> NoReturn:
        self.unsupported(ctx, "CONTAINING value")


def _terminals(ctx) -> list:
    """The terminal nodes of a parse tree, in order."""
    out = []

    def walk(node) -> None:
        if isinstance(node, TerminalNode):
            out.append(node)
        else:
            for child in node.getChildren():
                walk(child)
    walk(ctx)
    return out


def parse_fragment(tokens: list, rule: str, path: str, diags: Diagnostics):
    """Build the syntax tree of ``tokens`` (taken from a parse tree, e.g. a setting of an
    information object) read as the grammar rule ``rule`` ("type", "value" or
    "elementSetSpecs"); None after reporting an error.  Locations are the tokens' own."""
    from antlr4.ListTokenSource import ListTokenSource
    if not tokens:
        return None
    collector = _SyntaxErrorCollector(path)
    copies = []
    for i, t in enumerate(tokens):
        c = t.clone()
        c.tokenIndex = i
        copies.append(c)
    parser = ASN1Parser(CommonTokenStream(ListTokenSource(copies)))
    parser.removeErrorListeners()
    parser.addErrorListener(collector)
    parser._errHandler = _ErrorWording()
    tree = {"type": parser.type_, "value": parser.value, "elementSetSpecs": parser.elementSetSpecs}[rule]()
    if parser.getTokenStream().LA(1) != Token.EOF and not collector.errors:
        t = parser.getTokenStream().LT(1)
        collector.errors.append((t.line, t.column + 1, f"unexpected {_describe_token(t)}", False))
    if collector.errors:
        collector.report(diags, [])
        return None
    try:
        return _Builder(path, diags).visit(tree)
    except _Unsupported as u:
        diags.error(u.loc, u.message)
        return None


def _cstring_value(text: str) -> str:
    """The characters of a "cstring" token (X.680 12.14): "" stands for one quote, and
    where the string runs over a line end, the line end and the white space around
    it are not part of the value."""
    body = text[1:-1].replace('""', '"')
    return re.sub(r"[ \t\v\f]*[\r\n][ \t\v\f\r\n]*", "", body)


def _offset_loc(path: str, token: Token, offset: int) -> ast.Loc:
    """The location of character ``offset`` of ``token``'s text."""
    before = token.text[:offset]
    newlines = before.count("\n")
    if newlines:
        return ast.Loc(path, token.line + newlines, offset - before.rfind("\n"))
    return ast.Loc(path, token.line, token.column + offset + 1)
