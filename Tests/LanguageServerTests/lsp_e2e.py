"""End to end: the real layout-lsp, driven over stdio by pygls's LanguageClient, as an editor drives it.

    Tools/python3 Tests/LanguageServerTests/lsp_e2e.py PATH/TO/layout-lsp REPOSITORY_ROOT

Each check prints one line, `ok: ...` or `FAILED: ...`; the script ends with `N passed, N failed` and exits with
1 when any failed. Every wait is bounded (a request or a diagnostics notification waits at most 20 s).
"""

import asyncio
import os
import sys
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

TIMEOUT = 20.0
passed = 0
failed = 0


def check(condition, what, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what}" + (f": {detail}" if detail else ""))


def utf16_position(text, index):
    """The LSP position of a code-point index into text."""
    line = text.count("\n", 0, index)
    start = text.rfind("\n", 0, index) + 1
    return types.Position(line=line, character=len(text[start:index].encode("utf-16-le")) // 2)


def position_of(text, needle, occurrence=0, offset=0):
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return utf16_position(text, index + offset)


class Client(LanguageClient):
    def __init__(self):
        super().__init__("layout-lsp-e2e", "1")
        self.diagnostics = {}
        self.publications = 0
        self.arrived = asyncio.Condition()

    async def diagnostics_for(self, uri, version):
        """The diagnostics published for a document's version, waiting at most TIMEOUT seconds."""
        async with self.arrived:
            await asyncio.wait_for(
                self.arrived.wait_for(lambda: self.diagnostics.get(uri, (None, None))[0] == version), TIMEOUT)
            return self.diagnostics[uri][1]


def make_client():
    client = Client()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    async def published(params):
        async with client.arrived:
            client.diagnostics[params.uri] = (params.version, params.diagnostics)
            client.publications += 1
            client.arrived.notify_all()

    return client


async def request(coroutine):
    return await asyncio.wait_for(coroutine, TIMEOUT)


def document(uri):
    return types.TextDocumentIdentifier(uri=uri)


async def main(server, root):
    client = make_client()
    await client.start_io(server)
    result = await request(client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), process_id=os.getpid(), root_uri=f"file://{root}")))
    capabilities = result.capabilities
    check(capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental,
          "initialize: incremental sync", str(capabilities.text_document_sync))
    check(capabilities.hover_provider and capabilities.definition_provider and capabilities.references_provider
          and capabilities.rename_provider and capabilities.document_symbol_provider
          and capabilities.completion_provider, "initialize: hover, definition, references, rename, symbols, completion")
    client.initialized(types.InitializedParams())

    # --- Diagnostics of the Quiz playground as opened: no error; the dry runs' missing-layout warning.
    path = os.path.join(root, "Playgrounds", "Quiz.layout")
    with open(path, encoding="utf-8") as file:
        quiz = file.read()
    uri = f"file://{path}"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="layout", version=1, text=quiz)))
    opened = await client.diagnostics_for(uri, 1)
    check(not [d for d in opened if d.severity == types.DiagnosticSeverity.Error],
          "Quiz.layout opens without errors", str([d.message for d in opened]))
    missing = [d for d in opened if d.code == "missing-layout"]
    check(len(missing) == 1 and missing[0].severity == types.DiagnosticSeverity.Warning,
          "a dry run of nextWithoutLayout finds missing-layout", str([d.code for d in opened]))
    if missing:
        block = position_of(quiz, "animate 0.5 {", quiz.index("action nextWithoutLayout") and
                            quiz[:quiz.index("action nextWithoutLayout")].count("animate 0.5 {"))
        check(missing[0].range.start == block, "missing-layout points at the block", f"{missing[0].range} vs {block}")
        related = missing[0].related_information or []
        check(any("nextWithoutLayout" in r.message for r in related), "it names the action whose dry run found it",
              str([r.message for r in related]))
        href = missing[0].code_description.href if missing[0].code_description else ""
        check(href.endswith("docs/diagnostics.md#missing-layout"), "its code links to its section", href)

    # --- As you type: a wrong name, with an incremental change.
    version = 2
    typed_at = position_of(quiz, "nextButton.centerX == root.centerX")
    started = time.monotonic()
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=typed_at, end=types.Position(line=typed_at.line, character=typed_at.character + 10)),
            text="nextButon")]))
    typed = await client.diagnostics_for(uri, version)
    elapsed = (time.monotonic() - started) * 1000
    unknown = [d for d in typed if d.code == "unknown-name"]
    check(len(unknown) == 1 and "did you mean 'nextButton'" in unknown[0].message,
          "typing 'nextButon' gives unknown-name with did you mean", str([d.message for d in typed]))
    if unknown:
        expected = types.Range(start=typed_at,
                               end=types.Position(line=typed_at.line, character=typed_at.character + 9))
        check(unknown[0].range == expected, "at the name's range", f"{unknown[0].range} vs {expected}")
        check(unknown[0].severity == types.DiagnosticSeverity.Error, "as an error")
    print(f"didChange to publishDiagnostics: {elapsed:.1f} ms (through pygls, debug build)")

    # The quick fix of the did-you-mean.
    actions = await request(client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(uri), range=unknown[0].range if unknown else types.Range(start=typed_at, end=typed_at),
        context=types.CodeActionContext(diagnostics=[]))))
    check(actions and actions[0].title == "Replace with 'nextButton'"
          and actions[0].edit.changes[uri][0].new_text == "nextButton", "a quick fix replaces it with the suggestion",
          str(actions))

    # Hover on the diagnostic's code.
    if unknown:
        hover = await request(client.text_document_hover_async(types.HoverParams(
            text_document=document(uri), position=typed_at)))
        text = hover.contents.value if hover else ""
        check("unknown-name" in text and "diagnostics.md#unknown-name" in text and "A name that is not declared" in text,
              "hovering the wrong name explains its code", text[:300])

    # Fixed again: the diagnostics go.
    version += 1
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=quiz)]))
    fixed = await client.diagnostics_for(uri, version)
    check([d.code for d in fixed] == ["missing-layout"], "fixing it leaves only the warning", str([d.code for d in fixed]))

    # A burst of keystrokes, faster than the server analyses: it publishes the last version, without one for each.
    published_before = client.publications
    for keystroke in range(30):
        version += 1
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
                text="#" if keystroke % 2 == 0 else "")]))
    await client.diagnostics_for(uri, version)
    burst = client.publications - published_before
    check(burst < 30, f"a burst of 30 keystrokes is analysed fewer than 30 times ({burst})", f"{burst} publications")
    version += 1
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=quiz)]))
    await client.diagnostics_for(uri, version)

    # --- Hover: a view's frame, a constraint, an animation header.
    hover = await request(client.text_document_hover_async(types.HoverParams(
        text_document=document(uri), position=position_of(quiz, "showAnswer.centerX", offset=3))))
    text = hover.contents.value if hover else ""
    check("**button** `showAnswer`" in text and "frame: x 128.75, y 337.2, width 117.5, height 32.4" in text
          and "intrinsic size: 117.5 × 32.4" in text and "showAnswer.top == answer.bottom + 3 * system" in text,
          "hovering a view shows its solved frame, intrinsic size and constraints", text)
    hover = await request(client.text_document_hover_async(types.HoverParams(
        text_document=document(uri), position=position_of(quiz, "questionX:", offset=2))))
    text = hover.contents.value if hover else ""
    check("**constraint** `questionX`" in text and "priority: 1000 (required)" in text
          and "satisfied in the solved layout" in text, "hovering a constraint shows its priority and state", text)
    hover = await request(client.text_document_hover_async(types.HoverParams(
        text_document=document(uri), position=position_of(quiz, "animate 0.5 spring", offset=2))))
    text = hover.contents.value if hover else ""
    check("spring: damping ratio 0.5" in text and "settles at 0.5 s" in text and "| 0.25 s (50 %) |" in text,
          "hovering a spring's header gives its constants, settling and progress", text)
    hover = await request(client.text_document_hover_async(types.HoverParams(
        text_document=document(uri), position=position_of(quiz, "animate 0.5 curve linear", offset=1))))
    text = hover.contents.value if hover else ""
    check("curve: linear" in text and "| 0.25 s (50 %) | 0.5 |" in text, "a linear curve's progress is the time's",
          text)

    # --- Navigation: definition, references, rename, symbols.
    run_next = position_of(quiz, "swap questionX nextX", offset=len("swap "))
    definition = await request(client.text_document_definition_async(types.DefinitionParams(
        text_document=document(uri), position=run_next)))
    target = definition[0] if isinstance(definition, list) else definition
    check(target is not None and target.range.start == position_of(quiz, "questionX:"),
          "go to definition of a constraint reaches its declaration", str(target))
    references = await request(client.text_document_references_async(types.ReferenceParams(
        text_document=document(uri), position=run_next,
        context=types.ReferenceContext(include_declaration=True))))
    check(references is not None and len(references) == quiz.count("questionX"),
          "find references lists every use of questionX", f"{len(references or [])} vs {quiz.count('questionX')}")
    rename = await request(client.text_document_rename_async(types.RenameParams(
        text_document=document(uri), position=run_next, new_name="currentX")))
    edits = rename.changes[uri] if rename and rename.changes else []
    check(len(edits) == quiz.count("questionX") and all(e.new_text == "currentX" for e in edits),
          "rename edits every use, in one edit", str(len(edits)))
    try:
        await request(client.text_document_rename_async(types.RenameParams(
            text_document=document(uri), position=run_next, new_name="nextX")))
        check(False, "renaming to a taken name is refused")
    except Exception as error:
        check("already the name of the constraint 'nextX'" in str(error), "renaming to a taken name is refused",
              str(error))
    action_use = position_of(quiz, "action nextSpring", offset=len("action "))
    definition = await request(client.text_document_definition_async(types.DefinitionParams(
        text_document=document(uri), position=action_use)))
    target = definition[0] if isinstance(definition, list) else definition
    check(target is not None and target.range.start == action_use, "an action's name is its own definition",
          str(target))
    symbols = await request(client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=document(uri))))
    names = [s.name for s in symbols]
    check("question" in names and "questionX" in names and "next" in names and "nextSpring" in names
          and "on load" in names, "document symbols list views, constraints and actions", str(names))

    # --- Completion: attributes after a view's name, colours, view names in did-you-mean order.
    version += 1
    edited = quiz + "\nnextButton.\n"
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    completion = await request(client.text_document_completion_async(types.CompletionParams(
        text_document=document(uri), position=position_of(edited, "nextButton.\n", 0, len("nextButton.")))))
    labels = [item.label for item in (completion.items if completion else [])]
    check("centerX" in labels and "firstBaseline" in labels and "alpha" in labels,
          "completion after 'nextButton.' offers its attributes and properties", str(labels[:20]))
    version += 1
    edited = quiz + "\nquestoin\n"
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)]))
    completion = await request(client.text_document_completion_async(types.CompletionParams(
        text_document=document(uri), position=position_of(edited, "questoin\n", 0, len("questoin")))))
    ordered = sorted(completion.items, key=lambda item: item.sort_text) if completion else []
    check(ordered and ordered[0].label == "question", "a misspelt name completes to the did-you-mean first",
          str([item.label for item in ordered[:5]]))

    # --- Non-ASCII text: ranges in UTF-16 code units.
    wide = "# Café 🎉 —\nview card color bleu\ncard.top == 0; card.left == 0; card.width == 10; card.height == 10\n"
    wide_uri = f"file://{root}/Wide.layout"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=wide_uri, language_id="layout", version=1, text=wide)))
    published = await client.diagnostics_for(wide_uri, 1)
    check(len(published) == 1 and published[0].code == "invalid-color"
          or any(d.code == "unknown-name" for d in published), "a wrong colour is reported",
          str([(d.code, d.message) for d in published]))
    # Put the colour on the first line after the emoji: its range counts the emoji as 2 units.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=wide_uri, version=2),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=9)),
            text="view 🎉x")]))
    published = await client.diagnostics_for(wide_uri, 2)
    invalid = [d for d in published if d.code == "invalid-character"]
    check(invalid and invalid[0].range.start == types.Position(line=0, character=5)
          and invalid[0].range.end == types.Position(line=0, character=7),
          "a character outside the BMP spans 2 UTF-16 units", str([(d.code, d.range) for d in published]))

    # --- Unsatisfiable constraints and ambiguity.
    conflict = ("view card\ncard.top == 0; card.left == 0; card.height == 10\nwide: card.width == 100\n"
                "narrow: card.width == 50\nview loose\nloose.top == 0\n")
    conflict_uri = f"file://{root}/Conflict.layout"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=conflict_uri, language_id="layout", version=1, text=conflict)))
    published = await client.diagnostics_for(conflict_uri, 1)
    broken = [d for d in published if d.code == "unsatisfiable-constraints"]
    check(broken and broken[0].range.start == position_of(conflict, "narrow:")
          and broken[0].related_information
          and broken[0].related_information[0].location.range.start == position_of(conflict, "wide:"),
          "an unsatisfiable constraint is the diagnostic, the one it conflicts with related information",
          str([(d.code, d.range, d.related_information) for d in published]))
    hover = await request(client.text_document_hover_async(types.HoverParams(
        text_document=document(conflict_uri), position=position_of(conflict, "narrow:", offset=1))))
    text = hover.contents.value if hover else ""
    check("**broken**" in text, "hovering the broken constraint says it was broken", text)

    ambiguous = "view card\ncard.top == 0; card.height == 10; card.width == 10\n"
    ambiguous_uri = f"file://{root}/Ambiguous.layout"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=ambiguous_uri, language_id="layout", version=1, text=ambiguous)))
    published = await client.diagnostics_for(ambiguous_uri, 1)
    check(any(d.code == "ambiguous-layout" for d in published), "an ambiguous layout is reported",
          str([d.code for d in published]))

    # --- A UIKit Swift scene: diagnostics only.
    swift = "import UIKit\nclass LoginViewController: UIViewController {\n  override func viewDidLoad() {\n    let x = \n  }\n}\n"
    swift_uri = f"file://{root}/Login.swift"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=swift_uri, language_id="swift", version=1, text=swift)))
    published = await client.diagnostics_for(swift_uri, 1)
    check(any(d.code == "invalid-swift" for d in published), "a Swift scene that does not parse gets invalid-swift",
          str([(d.code, d.message) for d in published]))

    # The playground's UIKit view controller with a width the canvas contradicts: the scene's diagnostic at the Swift.
    with open(os.path.join(root, "Playgrounds", "swift", "LoginViewController.swift"), encoding="utf-8") as file:
        login = file.read()
    added = "NSLayoutConstraint.activate([view.widthAnchor.constraint(equalToConstant: 10)])\n        "
    at = login.index("NSLayoutConstraint.activate([")
    login = login[:at] + added + login[at:]
    login_uri = f"file://{root}/LoginViewController.swift"
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=login_uri, language_id="swift", version=1, text=login)))
    published = await client.diagnostics_for(login_uri, 1)
    conflicts = [d for d in published if d.code == "unsatisfiable-constraints"]
    check(conflicts and conflicts[0].range.start.line == utf16_position(login, at).line,
          "a Swift scene's layout conflict is reported at the Swift line that made it",
          str([(d.code, d.range.start) for d in published]))
    check(any(d.code == "import-skipped" for d in published), "the import's warnings are reported at their Swift")

    # --- Closing clears a document's diagnostics; shutdown and exit end the server with status 0.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=document(conflict_uri)))
    async with client.arrived:
        await asyncio.wait_for(client.arrived.wait_for(
            lambda: len(client.diagnostics.get(conflict_uri, (0, [None]))[1]) == 0), TIMEOUT)
    check(True, "closing a document clears its diagnostics")

    await request(client.shutdown_async(None))
    client.exit(None)
    status = await asyncio.wait_for(client._server.wait(), TIMEOUT)
    check(status == 0, "shutdown then exit ends the server with status 0", str(status))
    await asyncio.wait_for(client.stop(), TIMEOUT)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        asyncio.run(main(sys.argv[1], os.path.abspath(sys.argv[2])))
    except Exception as error:
        failed += 1
        import traceback
        traceback.print_exc(file=sys.stdout)
        print(f"FAILED: {type(error).__name__}: {error}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
