'use strict';
// The VS Code glue: a LanguageClient for `navinspect serve`, and views and commands that only
// map lib/model.js's plain items onto VS Code's types. Logic belongs in lib/, which the tests run.

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');
const { NavinspectModel } = require('./lib/model');

let client;

/** Opens a coordinator's declaration. */
async function reveal(model, id) {
  const location = await model.location(id);
  if (!location) {
    vscode.window.showWarningMessage(`navinspect: ${id} has no source location`);
    return;
  }
  const position = new vscode.Position(location.line - 1, 0);
  await vscode.window.showTextDocument(vscode.Uri.file(location.file), { selection: new vscode.Range(position, position) });
}

const collapsible = {
  none: vscode.TreeItemCollapsibleState.None,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
};

/** The "Coordinators" view: nodes are the server's tree nodes. */
class CoordinatorsProvider {
  constructor(model) {
    this.model = model;
    this.emitter = new vscode.EventEmitter();
    this.onDidChangeTreeData = this.emitter.event;
    model.onDidChange(() => this.emitter.fire());
  }

  getChildren(node) {
    return node ? this.model.children(node) : this.model.roots();
  }

  getTreeItem(node) {
    const plain = this.model.treeItem(node);
    const item = new vscode.TreeItem(plain.label, collapsible[plain.collapsible]);
    Object.assign(item, { id: plain.id, description: plain.description, tooltip: plain.tooltip, contextValue: plain.contextValue });
    item.command = { command: 'navinspect.reveal', title: 'Open', arguments: [node.id] };
    return item;
  }
}

/** The "Current Stack" view: one item per view controller on screen. */
class StackProvider {
  constructor(model) {
    this.model = model;
    this.emitter = new vscode.EventEmitter();
    this.onDidChangeTreeData = this.emitter.event;
    model.onDidChange(() => this.emitter.fire());
  }

  getChildren(entry) {
    return entry ? [] : this.model.currentStack();
  }

  getTreeItem(entry) {
    const item = new vscode.TreeItem(entry.label, vscode.TreeItemCollapsibleState.None);
    Object.assign(item, { description: entry.description, tooltip: entry.tooltip });
    if (entry.owner) item.command = { command: 'navinspect.reveal', title: 'Open owner', arguments: [entry.owner] };
    return item;
  }
}

async function activate(context) {
  const settings = vscode.workspace.getConfiguration('navinspect');
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  client = new LanguageClient('navinspect', 'navinspect',
    { command: settings.get('path'), args: ['serve'] },
    { documentSelector: [{ scheme: 'file', language: 'swift' }] });

  // The model listens before the client starts: the first treeDidChange follows initialize closely.
  const connection = {
    sendRequest: (method, params) => client.sendRequest(method, params),
    onNotification: (method, handler) => context.subscriptions.push(client.onNotification(method, handler)),
  };
  const model = new NavinspectModel(connection, {}, {
    root: folder ? folder.uri.fsPath : undefined,
    generation: settings.get('generation') ?? undefined,
  });
  await client.start();
  model.capabilities = client.initializeResult.capabilities;

  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left);
  status.command = 'workbench.view.explorer';
  status.text = model.statusText();
  status.show();
  model.onDidChange(() => { status.text = model.statusText(); });

  const stackProvider = new StackProvider(model);
  context.subscriptions.push(
    client, status,
    vscode.window.createTreeView('navinspect.coordinators', { treeDataProvider: new CoordinatorsProvider(model), showCollapseAll: true }),
    vscode.window.createTreeView('navinspect.currentStack', { treeDataProvider: stackProvider }),
    vscode.commands.registerCommand('navinspect.reveal', (id) => reveal(model, id)),
    vscode.commands.registerCommand('navinspect.refresh', () => model.useGeneration(model.generation)),
    vscode.commands.registerCommand('navinspect.describe', async (node) => {
      const lines = await model.describe(node.id);
      vscode.window.showInformationMessage(lines.filter(Boolean).join(' · ').replace(/\*\*/g, ''));
    }),
    vscode.commands.registerCommand('navinspect.currentStack', () => vscode.commands.executeCommand('navinspect.currentStack.focus')),
    vscode.commands.registerCommand('navinspect.findCoordinator', async () => {
      const type = await vscode.window.showQuickPick(model.typeCases(), { placeHolder: 'findCoordinator(type: …)' });
      if (!type) return;
      const match = await vscode.window.showQuickPick(model.findAll(type),
        { placeHolder: `.${type}: every match in the order the app's search visits them` });
      if (match) await reveal(model, match.id);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('navinspect.generation')) {
        model.useGeneration(vscode.workspace.getConfiguration('navinspect').get('generation') ?? undefined);
      }
    }),
  );
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
