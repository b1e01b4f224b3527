"""A real LSP client (pytest-lsp, on pygls) talking to `navinspect serve` on Tests/Clients/app."""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

HERE = pathlib.Path(__file__).resolve().parent
APP = HERE.parent / "app"
REPOSITORY = HERE.parents[2]
NAVINSPECT = os.environ.get("NAVINSPECT_BIN", str(REPOSITORY / ".build" / "debug" / "navinspect"))


def uri(relative: str) -> str:
    return (APP / relative).as_uri()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[NAVINSPECT, "serve"]))
async def client(lsp_client: LanguageClient):
    capabilities = types.ClientCapabilities(window=types.WindowClientCapabilities(work_done_progress=True))
    # Kept for the tests that read what the server claims.
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=APP.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=APP.as_uri(), name="app")],
        )
    )
    await lsp_client.wait_for_notification("navinspect/treeDidChange")
    yield
    await lsp_client.shutdown_session()
