'use strict';
// Everything the extension asks navinspect and turns into items, with no `vscode` import: the
// connection is injected as `{ sendRequest(method, params), onNotification(method, handler) }`
// (a vscode-languageclient LanguageClient in the editor, a plain LSP pipe in the tests).

const path = require('node:path');

/** The codes navinspect answers with (protocol/README.md, "Error codes"). */
const NO_TREE_LOADED = -32010;

/** The most levels one tree request asks for: the server's own limit. */
const MAX_DEPTH = 100;

function typeLabel(type) {
  return typeof type === 'string' ? `.${type}` : '(no type)';
}

/**
 * The extension's view of one navinspect server: the tree (fetched once per generation), the
 * current stack, findCoordinator's visiting order and describe's source locations.
 */
class NavinspectModel {
  /**
   * @param {{sendRequest: Function, onNotification: Function}} connection
   * @param {object} capabilities the `capabilities` of the server's `initialize` result
   * @param {{root?: string, generation?: number}} options `root`: the app folder that source
   *   files are relative to; `generation`: the generation queries ask about, when the server takes it
   */
  constructor(connection, capabilities, options = {}) {
    this.connection = connection;
    this.capabilities = capabilities || {};
    this.root = options.root || process.cwd();
    this.generation = options.generation;
    this.state = null;
    this.listeners = [];
    this.cachedTree = null;
    connection.onNotification('navinspect/treeDidChange', (params) => this.treeDidChange(params));
  }

  /** True when the server advertises the optional `generation` param of its queries. */
  supportsGeneration() {
    const navinspect = (this.capabilities.experimental || {}).navinspect;
    return Boolean(navinspect && navinspect.generation !== undefined && navinspect.generation !== null
      && navinspect.generation !== false);
  }

  /** The params a query sends: `params`, plus `generation` when chosen and advertised. */
  params(params = {}) {
    const sent = { ...params };
    if (this.generation !== undefined && this.generation !== null && this.supportsGeneration()) {
      sent.generation = this.generation;
    }
    return sent;
  }

  /** Sends a navinspect query. */
  request(method, params) {
    return this.connection.sendRequest(method, this.params(params));
  }

  /** Chooses the generation queries ask about (undefined: the newest), and redraws. */
  useGeneration(generation) {
    this.generation = generation;
    this.cachedTree = null;
    this.fire();
  }

  /** Registers `listener(state)`, called when the tree changes; returns a function removing it. */
  onDidChange(listener) {
    this.listeners.push(listener);
    return () => { this.listeners = this.listeners.filter((other) => other !== listener); };
  }

  treeDidChange(params) {
    this.state = params;
    this.cachedTree = null;
    this.fire();
  }

  fire() {
    for (const listener of this.listeners) listener(this.state);
  }

  /** The whole tree, as `navinspect/tree` answers it; null while the app is being indexed. */
  async tree() {
    if (!this.cachedTree) {
      try {
        this.cachedTree = await this.request('navinspect/tree', { depth: MAX_DEPTH });
      } catch (error) {
        if (error && error.code === NO_TREE_LOADED) return null;
        throw error;
      }
    }
    return this.cachedTree;
  }

  /** The top-level nodes of the tree view: the root alone, or none before the first index. */
  async roots() {
    const tree = await this.tree();
    return tree ? [tree] : [];
  }

  /** A node's children; those the depth cut are fetched with a tree request from the node. */
  async children(node) {
    if (!node.hasMore) return node.children;
    const subtree = await this.request('navinspect/tree', { from: node.id, depth: MAX_DEPTH });
    return subtree.children;
  }

  /** What the tree view shows for a node (the glue maps it onto a TreeItem). */
  treeItem(node) {
    return {
      id: node.id,
      label: node.class,
      // A flow shown with its children elsewhere names where they are.
      description: node.sameAs ? `${typeLabel(node.type)} · same as ${node.sameAs}` : typeLabel(node.type),
      tooltip: node.id,
      collapsible: node.childCount === 0 ? 'none' : 'expanded',
      contextValue: 'navinspect.coordinator',
    };
  }

  /** Where a coordinator is declared, `{file, line}` with an absolute file and a 1-based line, or null. */
  async location(id) {
    const described = await this.request('navinspect/describe', { id });
    if (!described || !described.source) return null;
    const file = path.isAbsolute(described.source.file)
      ? described.source.file : path.join(this.root, described.source.file);
    return { file, line: described.source.line };
  }

  /** What describe says about a coordinator, as Markdown lines. */
  async describe(id) {
    const d = await this.request('navinspect/describe', { id });
    const lines = [`**${d.class}** ${typeLabel(d.type)}`, '', `path: ${d.path.join(' → ')}`,
      `children: ${d.children.length ? d.children.join(', ') : 'none'}`];
    if (d.trigger) lines.push(`trigger: ${d.trigger.method} (${d.trigger.onLaunch ? 'started on launch' : 'on demand'})`);
    return lines;
  }

  /** The type cases the tree's coordinators declare, sorted, each once: the quick pick's choices. */
  async typeCases() {
    const tree = await this.tree();
    const types = new Set();
    const walk = (node) => {
      if (typeof node.type === 'string') types.add(node.type);
      node.children.forEach(walk);
    };
    if (tree) walk(tree);
    return [...types].sort();
  }

  /**
   * Every coordinator of `type` in the order the app's findCoordinator(type:) visits them, as
   * quick pick items; the first is the one the app gets.
   */
  async findAll(type) {
    const matches = await this.request('navinspect/findCoordinator', { type, all: true });
    return matches.map((match, index) => ({
      id: match.id,
      label: match.class,
      description: index === 0 ? `${typeLabel(match.type)} · the app gets this one` : typeLabel(match.type),
      detail: match.path.join(' → '),
      first: index === 0,
    }));
  }

  /** The current-stack view's items: one per view controller on screen, bottom to top. */
  async currentStack() {
    let stack;
    try {
      stack = await this.request('navinspect/currentStack', {});
    } catch (error) {
      if (error && error.code === NO_TREE_LOADED) return [];
      throw error;
    }
    return stack.viewControllers.map((entry, index) => ({
      id: `${index}`,
      label: `${index + 1}. ${entry.class}`,
      description: entry.owner ? `owner: ${entry.owner}` : 'no owner',
      tooltip: `in ${entry.container}`,
      owner: entry.owner || null,
    }));
  }

  /** The status bar's text: the size of the tree the server last announced. */
  statusText() {
    if (!this.state) return '$(sync~spin) navinspect: indexing';
    return `$(type-hierarchy) ${this.state.coordinators} coordinators`;
  }
}

module.exports = { NavinspectModel, MAX_DEPTH, NO_TREE_LOADED };
