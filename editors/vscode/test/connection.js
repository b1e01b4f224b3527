'use strict';
// A plain LSP client over a child process's pipes, for the tests: it offers the connection the
// model expects ({ sendRequest, onNotification }), which vscode-languageclient gives in the editor.

const { spawn } = require('node:child_process');
const { pathToFileURL } = require('node:url');

/** Starts `binary serve` on the app folder `root` and answers once `initialize` has. */
async function startServer(binary, root) {
  const child = spawn(binary, ['serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const pending = new Map();
  const handlers = new Map();
  // Notifications that come before anyone listens (the first treeDidChange may come with the
  // initialize response) wait for the first handler of their method.
  const early = [];
  let nextId = 1;
  let buffer = Buffer.alloc(0);

  const send = (message) => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };

  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString())[1]);
      if (buffer.length < end + 4 + length) return;
      const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString('utf8'));
      buffer = buffer.subarray(end + 4 + length);
      if (message.id !== undefined && message.method) {
        send({ id: message.id, result: null });
      } else if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting.reject(Object.assign(new Error(message.error.message), message.error));
        else waiting.resolve(message.result);
      } else if (handlers.has(message.method)) {
        for (const handler of handlers.get(message.method)) handler(message.params);
      } else {
        early.push(message);
      }
    }
  });

  const connection = {
    sendRequest(method, params) {
      const id = nextId++;
      send(params === undefined ? { id, method } : { id, method, params });
      return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
    },
    onNotification(method, handler) {
      handlers.set(method, [...(handlers.get(method) || []), handler]);
      for (const message of early.filter((m) => m.method === method)) handler(message.params);
      early.splice(0, early.length, ...early.filter((m) => m.method !== method));
    },
    sendNotification(method, params) {
      send({ method, params });
    },
    async stop() {
      await connection.sendRequest('shutdown');
      send({ method: 'exit' });
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };

  const uri = pathToFileURL(root).href;
  const result = await connection.sendRequest('initialize', {
    processId: process.pid, rootUri: uri, capabilities: {},
    workspaceFolders: [{ uri, name: 'app' }],
  });
  connection.sendNotification('initialized', {});
  return { connection, capabilities: result.capabilities };
}

module.exports = { startServer };
