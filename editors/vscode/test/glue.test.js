'use strict';
// extension.js with stand-ins for `vscode` and `vscode-languageclient` (neither can be installed
// here), its LanguageClient backed by the real server on Tests/Clients/harbor: the views, commands
// and status bar it registers, checked against package.json and `navinspect query … --json`.

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const Module = require('node:module');
const { execFileSync } = require('node:child_process');
const { startServer } = require('./connection');

const binary = process.env.NAVINSPECT || 'navinspect';
const app = path.resolve(__dirname, '../../../Tests/Clients/harbor');
const manifest = require('../package.json');

function query(...args) {
  return JSON.parse(execFileSync(binary, ['query', ...args, '--source', app, '--json'], { encoding: 'utf8' }));
}

/** A `vscode` module with what extension.js uses, recording what it is asked to do. */
function fakeVscode(record) {
  class EventEmitter {
    constructor() { this.listeners = []; this.event = (listener) => this.listeners.push(listener); }
    fire(value) { this.listeners.forEach((listener) => listener(value)); }
  }
  class TreeItem { constructor(label, collapsibleState) { this.label = label; this.collapsibleState = collapsibleState; } }
  class Position { constructor(line, character) { this.line = line; this.character = character; } }
  class Range { constructor(start, end) { this.start = start; this.end = end; } }
  return {
    EventEmitter, TreeItem, Position, Range,
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    StatusBarAlignment: { Left: 1, Right: 2 },
    Uri: { file: (file) => ({ fsPath: file }) },
    workspace: {
      workspaceFolders: [{ uri: { fsPath: app } }],
      getConfiguration: () => ({ get: (key) => ({ path: binary, generation: null })[key] }),
      onDidChangeConfiguration: () => ({ dispose() {} }),
    },
    window: {
      createStatusBarItem: () => (record.status = { text: '', show() {}, dispose() {} }),
      createTreeView: (id, options) => { record.views[id] = options.treeDataProvider; return { dispose() {} }; },
      showQuickPick: async (items, options) => {
        const resolved = await items;
        record.picks.push({ items: resolved, options });
        return record.choose.shift()(resolved);
      },
      showTextDocument: async (uri, options) => { record.opened.push({ file: uri.fsPath, line: options.selection.start.line }); },
      showWarningMessage: (message) => record.warnings.push(message),
      showInformationMessage: (message) => record.messages.push(message),
    },
    commands: {
      registerCommand: (id, handler) => { record.commands[id] = handler; return { dispose() {} }; },
      executeCommand: async (id) => { record.executed.push(id); },
    },
  };
}

/** A LanguageClient that talks to the real server through the tests' pipe. */
function fakeLanguageClient(record) {
  return class LanguageClient {
    constructor(id, name, serverOptions) {
      record.serverOptions = serverOptions;
      this.early = [];
    }
    onNotification(method, handler) { this.early.push([method, handler]); return { dispose() {} }; }
    async start() {
      const { connection, capabilities } = await startServer(record.serverOptions.command, app);
      record.connection = connection;
      this.initializeResult = { capabilities };
      for (const [method, handler] of this.early) connection.onNotification(method, handler);
    }
    sendRequest(method, params) { return record.connection.sendRequest(method, params); }
    stop() { return record.connection.stop(); }
    dispose() {}
  };
}

test('the extension registers what package.json contributes and shows the server\'s answers', async () => {
  const record = { views: {}, commands: {}, picks: [], choose: [], opened: [], warnings: [], messages: [], executed: [] };
  const original = Module._load;
  Module._load = function load(request, ...rest) {
    if (request === 'vscode') return fakeVscode(record);
    if (request === 'vscode-languageclient/node') return { LanguageClient: fakeLanguageClient(record) };
    return original.call(this, request, ...rest);
  };
  const extension = require('../extension');
  Module._load = original;
  const context = { subscriptions: [] };
  await extension.activate(context);
  try {
    assert.deepEqual(record.serverOptions, { command: binary, args: ['serve'] });
    // Every contributed view and command is registered.
    const views = manifest.contributes.views.explorer.map((view) => view.id);
    assert.deepEqual(views, ['navinspect.coordinators', 'navinspect.currentStack']);
    assert.deepEqual(Object.keys(record.views).sort(), [...views].sort());
    for (const command of manifest.contributes.commands) assert.ok(record.commands[command.command], command.command);

    // The status bar follows treeDidChange.
    const tree = query('tree');
    const deadline = Date.now() + 20000;
    while (!/coordinators/.test(record.status.text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const count = JSON.stringify(tree).match(/"childCount"/g).length;
    assert.equal(record.status.text, `$(type-hierarchy) ${count} coordinators`);

    // The Coordinators view: the root, then its children, as TreeItems that open the source.
    const coordinators = record.views['navinspect.coordinators'];
    const [root] = await coordinators.getChildren();
    const rootItem = coordinators.getTreeItem(root);
    assert.equal(rootItem.label, tree.class);
    assert.equal(rootItem.description, `.${tree.type}`);
    assert.deepEqual((await coordinators.getChildren(root)).map((node) => coordinators.getTreeItem(node).label),
      tree.children.map((child) => child.class));
    await record.commands[rootItem.command.command](...rootItem.command.arguments);
    const described = query('describe', '--id', tree.id);
    assert.deepEqual(record.opened.pop(), { file: path.join(app, described.source.file), line: described.source.line - 1 });

    // The Current Stack view, and its command.
    const stack = record.views['navinspect.currentStack'];
    const entries = await stack.getChildren();
    assert.deepEqual(entries.map((entry) => stack.getTreeItem(entry).label),
      query('currentStack').viewControllers.map((entry, index) => `${index + 1}. ${entry.class}`));
    await record.commands['navinspect.currentStack']();
    assert.deepEqual(record.executed, ['navinspect.currentStack.focus']);

    // findCoordinator: the type cases, then the matches in visiting order; the pick opens the source.
    record.choose.push((types) => types.find((type) => type === 'tide'), (matches) => matches[1]);
    await record.commands['navinspect.findCoordinator']();
    const [types, matches] = record.picks;
    const walk = (node) => [node.type, ...node.children.flatMap(walk)];
    assert.deepEqual(types.items, [...new Set(walk(tree))].sort());
    const expected = query('findCoordinator', '--type', 'tide', '--all');
    assert.deepEqual(matches.items.map((item) => item.id), expected.map((match) => match.id));
    const second = query('describe', '--id', expected[1].id);
    assert.deepEqual(record.opened.pop(), { file: path.join(app, second.source.file), line: second.source.line - 1 });
  } finally {
    await extension.deactivate();
  }
});
