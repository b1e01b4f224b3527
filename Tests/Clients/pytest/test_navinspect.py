"""The editor features of navinspect, as a pygls client sees them."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import APP, uri

ROOT = "RootCoordinator.swift"


def position(relative: str, needle: str, offset: int = 1) -> types.Position:
    """The position `offset` characters into the first `needle` of the file."""
    for number, line in enumerate((APP / relative).read_text().splitlines()):
        column = line.find(needle)
        if column >= 0:
            return types.Position(line=number, character=column + offset)
    raise AssertionError(f"{needle!r} not in {relative}")


async def test_capabilities_and_progress(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.hover_provider
    assert capabilities.definition_provider
    assert capabilities.references_provider
    assert capabilities.workspace_symbol_provider
    assert capabilities.code_lens_provider is not None
    assert capabilities.document_symbol_provider is None
    reports = client.progress_reports["navinspect-indexing"]
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    assert "3 coordinators" in reports[-1].message


async def test_diagnostics_follow_an_unsaved_edit(client: LanguageClient):
    camp = uri("Screens/CampCoordinator.swift")
    found = client.diagnostics[camp]
    assert [d.code for d in found] == ["weak-parent-reference"]
    assert found[0].range.start == types.Position(line=1, character=8)
    assert found[0].severity == types.DiagnosticSeverity.Warning

    text = (APP / "Screens/CampCoordinator.swift").read_text()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=camp, language_id="swift", version=1, text=text)))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=camp, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(1, 4), end=types.Position(1, 4)), text="weak ")
            ],
        ))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[camp]) == []


async def test_hover_on_a_class_and_on_find_coordinator(client: LanguageClient):
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri(ROOT)), position=position(ROOT, "AtlasCoordinator()")))
    assert "**AtlasCoordinator** · type `.atlas`" in hover.contents.value
    assert "Path: RootCoordinator → AtlasCoordinator" in hover.contents.value

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri(ROOT)), position=position(ROOT, "atlas)?")))
    assert "`findCoordinator(type: .atlas)` from **RootCoordinator**" in hover.contents.value
    assert "returns **AtlasCoordinator** (`RootCoordinator/AtlasCoordinator`)" in hover.contents.value


async def test_definition_and_references(client: LanguageClient):
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri(ROOT)), position=position(ROOT, "atlas)?")))
    assert [location.uri for location in found] == [uri("Screens/AtlasCoordinator.swift")]
    assert found[0].range.start == types.Position(line=0, character=12)

    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=types.TextDocumentIdentifier(uri("Screens/CampCoordinator.swift")),
            position=types.Position(line=0, character=14),
            context=types.ReferenceContext(include_declaration=False)))
    assert [(r.uri, r.range.start.line) for r in references] == [(uri(ROOT), position(ROOT, "CampCoordinator()").line)]


async def test_code_lenses_and_the_reveal_command(client: LanguageClient):
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri("Screens/CampCoordinator.swift"))))
    assert [lens.command.title for lens in lenses] == [
        "parent: RootCoordinator · 0 children · type .camp · on demand: pitchTent"]
    revealed = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command=lenses[0].command.command, arguments=lenses[0].command.arguments))
    assert revealed["path"] == ["RootCoordinator", "RootCoordinator/CampCoordinator"]


async def test_workspace_symbols(client: LanguageClient):
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="cc"))
    assert [symbol.name for symbol in symbols] == ["CampCoordinator"]
    assert symbols[0].kind == types.SymbolKind.Class
