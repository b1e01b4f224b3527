'use strict';
// The extension's model against the real server on Tests/Clients/harbor, compared with what
// `navinspect query … --json` answers for the same app.
//   NAVINSPECT=path/to/navinspect node --test editors/vscode/test/*.test.js

const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');
const { NavinspectModel } = require('../lib/model');
const { startServer } = require('./connection');

const binary = process.env.NAVINSPECT || 'navinspect';
const app = path.resolve(__dirname, '../../../Tests/Clients/harbor');

function query(...args) {
  return JSON.parse(execFileSync(binary, ['query', ...args, '--source', app, '--json'], { encoding: 'utf8' }));
}

/** A model on a server started for the app, once its first index has given a tree. */
async function indexedModel() {
  const { connection, capabilities } = await startServer(binary, app);
  let announced;
  const ready = new Promise((resolve) => { announced = resolve; });
  const model = new NavinspectModel(connection, capabilities, { root: app });
  model.onDidChange(announced);
  if (!model.state) await ready;
  return { model, connection };
}

function preorder(node, depth = 0, out = []) {
  out.push({ id: node.id, class: node.class, type: node.type, depth });
  node.children.forEach((child) => preorder(child, depth + 1, out));
  return out;
}

test('the tree view shows the tree navinspect query answers, node for node', async () => {
  const { model, connection } = await indexedModel();
  try {
    const shown = [];
    const walk = async (nodes, depth) => {
      for (const node of nodes) {
        const item = model.treeItem(node);
        shown.push({ id: item.id, class: item.label, type: item.description.slice(1), depth });
        assert.equal(item.collapsible, node.childCount > 0 ? 'expanded' : 'none');
        await walk(await model.children(node), depth + 1);
      }
    };
    await walk(await model.roots(), 0);
    assert.deepEqual(shown, preorder(query('tree')));
    assert.equal(model.statusText(), `$(type-hierarchy) ${shown.length} coordinators`);
  } finally {
    await connection.stop();
  }
});

test('a node opens at its declaration, as describe says', async () => {
  const { model, connection } = await indexedModel();
  try {
    const id = 'HarborCoordinator/DocksCoordinator/TideCoordinator';
    const described = query('describe', '--id', id);
    assert.deepEqual(await model.location(id), { file: path.join(app, described.source.file), line: described.source.line });
    const text = (await model.describe(id)).join('\n');
    assert.match(text, new RegExp(described.path.join(' → ')));
  } finally {
    await connection.stop();
  }
});

test('findCoordinator: the quick pick offers the type cases, then every match in visiting order', async () => {
  const { model, connection } = await indexedModel();
  try {
    const types = [...new Set(preorder(query('tree')).map((node) => node.type))].sort();
    assert.deepEqual(await model.typeCases(), types);
    const expected = query('findCoordinator', '--type', 'tide', '--all');
    const items = await model.findAll('tide');
    assert.equal(items.length, 2);
    assert.deepEqual(items.map((item) => item.id), expected.map((match) => match.id));
    assert.deepEqual(items.map((item) => item.detail), expected.map((match) => match.path.join(' → ')));
    assert.equal(items[0].id, query('findCoordinator', '--type', 'tide').id);
    assert.match(items[0].description, /the app gets this one/);
    assert.doesNotMatch(items[1].description, /the app gets/);
    assert.deepEqual(await model.findAll('nowhere'), []);
  } finally {
    await connection.stop();
  }
});

test('the current-stack view lists what navinspect query currentStack lists, with owners', async () => {
  const { model, connection } = await indexedModel();
  try {
    const expected = query('currentStack').viewControllers;
    const items = await model.currentStack();
    assert.deepEqual(items.map((item) => item.label), expected.map((entry, index) => `${index + 1}. ${entry.class}`));
    assert.deepEqual(items.map((item) => item.owner), expected.map((entry) => entry.owner));
    assert.ok(items.length >= 4);
  } finally {
    await connection.stop();
  }
});

test('an edit that changes the tree fires onDidChange, and the tree is asked for again', async () => {
  const { model, connection } = await indexedModel();
  try {
    const before = preorder(await model.tree()).length;
    const file = path.join(app, 'HarborCoordinator.swift');
    const text = fs.readFileSync(file, 'utf8').replace('        tide.start()\n',
      '        tide.start()\n        let ferry = FerryCoordinator(navigationController: navigationController)\n'
      + '        childCoordinators.append(ferry)\n        ferry.start()\n');
    const changed = new Promise((resolve) => model.onDidChange(resolve));
    connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: pathToFileURL(file).href, languageId: 'swift', version: 1, text },
    });
    const state = await changed;
    assert.equal(state.coordinators, before + 1);
    assert.equal(preorder(await model.tree()).length, before + 1);
    assert.equal(model.statusText(), `$(type-hierarchy) ${before + 1} coordinators`);
  } finally {
    await connection.stop();
  }
});

test('the generation param goes out only when chosen and advertised', () => {
  const sent = [];
  const fake = { sendRequest: (method, params) => { sent.push(params); return Promise.resolve(null); }, onNotification() {} };
  const plain = new NavinspectModel(fake, { experimental: { navinspect: { version: 1 } } }, { generation: 3 });
  const live = new NavinspectModel(fake, { experimental: { navinspect: { version: 1, generation: true } } }, { generation: 3 });
  plain.request('navinspect/tree', { depth: 1 });
  live.request('navinspect/tree', { depth: 1 });
  live.useGeneration(undefined);
  live.request('navinspect/tree', { depth: 1 });
  assert.deepEqual(sent, [{ depth: 1 }, { depth: 1, generation: 3 }, { depth: 1 }]);
});

test('a flow shown as the same as another says where its children are', () => {
  const item = NavinspectModel.prototype.treeItem.call(null, {
    id: 'Shop/Library/Basket', class: 'BasketCoordinator', type: 'basket', childCount: 0, children: [], hasMore: false,
    sameAs: 'Shop/Shelf/Basket',
  });
  assert.equal(item.description, '.basket · same as Shop/Shelf/Basket');
  assert.equal(item.collapsible, 'none');
  const plain = NavinspectModel.prototype.treeItem.call(null, {
    id: 'Shop', class: 'ShopCoordinator', type: null, childCount: 1, children: [], hasMore: true,
  });
  assert.equal(plain.description, '(no type)');
});
