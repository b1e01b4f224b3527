"""A small JSON-RPC 2.0 client for servers that speak LSP framing over stdio.

    from lsp_client import LSPClient

    with LSPClient(["navinspect", "serve"]) as client:
        client.initialize()
        summary = client.request("navinspect/load", {"path": "tree.json"})
        match = client.request("navinspect/findCoordinator", {"type": "home"})
        client.shutdown()

Two ways of reading the server's output:

* Inline (the default until `start_reader()`): `request()` writes the request
  and reads frames on the calling thread until its response arrives. No thread
  hand-off, so this is what to use for measuring one request's latency.
* On a reader thread (after `start_reader()`, or with `reader_thread=True`):
  every frame is read as it comes, responses are matched to their requests by
  id (they may arrive out of order), and `pipeline()` can write many requests
  while the responses are being collected.

Notifications from the server are kept in `notifications` (see
`wait_notification`). Requests from the server (sourcekit-lsp sends a few) are
answered with a null result so that the server never waits on us. Only the
standard library is used.
"""

import itertools
import json
import os
import subprocess
import threading
import time

__all__ = ["LSPClient", "ResponseError", "ServerClosed", "encode_frame"]


class ResponseError(Exception):
    """The server answered a request with an error."""

    def __init__(self, error, method=None):
        self.code = error.get("code")
        self.message = error.get("message")
        self.data = error.get("data")
        self.method = method
        super().__init__("%s: error %s: %s" % (method or "request", self.code, self.message))


class ServerClosed(Exception):
    """The server's output ended (it exited or closed stdout)."""


def encode_frame(message):
    """The bytes of one framed message: the Content-Length header and the UTF-8 JSON body."""
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class FrameReader:
    """Splits a byte stream into message bodies; reads in large chunks."""

    def __init__(self, fd, chunk=1 << 20):
        self.fd = fd
        self.chunk = chunk
        self.buffer = bytearray()
        self.position = 0

    def _fill(self):
        data = os.read(self.fd, self.chunk)
        if not data:
            raise ServerClosed("the server closed its output")
        if self.position:
            del self.buffer[:self.position]
            self.position = 0
        self.buffer += data

    def read_body(self):
        """The next message body (bytes). Raises ServerClosed at the end of the stream."""
        while True:
            end = self.buffer.find(b"\r\n\r\n", self.position)
            if end >= 0:
                break
            self._fill()
        length = None
        for line in bytes(self.buffer[self.position:end]).split(b"\r\n"):
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        if length is None:
            raise ValueError("frame without Content-Length: %r" % bytes(self.buffer[self.position:end]))
        start = end + 4
        while len(self.buffer) - start < length:
            start -= self.position
            self._fill()
            start += self.position
        body = bytes(self.buffer[start:start + length])
        self.position = start + length
        return body


class _Pending:
    __slots__ = ("event", "message", "method")

    def __init__(self, method):
        self.event = threading.Event()
        self.message = None
        self.method = method


class LSPClient:
    """Spawns `argv` and talks JSON-RPC to it over its stdin and stdout."""

    def __init__(self, argv, cwd=None, env=None, stderr=subprocess.DEVNULL, reader_thread=False):
        self.argv = list(argv)
        self.spawned_at = time.perf_counter()
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
            cwd=cwd, env=env, bufsize=0)
        self._stdin = self.proc.stdin
        self._reader = FrameReader(self.proc.stdout.fileno())
        self._write_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._pending = {}          # id -> _Pending, while the reader thread runs
        self._early = {}            # responses read inline for ids nobody waits for yet
        self.notifications = []     # (method, params), in arrival order
        self._notified = threading.Condition(self._lock)
        self._thread = None
        self._closed = None         # the exception that ended the reader thread
        if reader_thread:
            self.start_reader()

    # -- process ----------------------------------------------------------

    @property
    def pid(self):
        return self.proc.pid

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self, timeout=5.0):
        """Closes stdin and waits for the process; kills it if it does not exit in time."""
        try:
            self._stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self._thread is not None:
            self._thread.join(timeout)
        try:
            self.proc.stdout.close()
        except OSError:
            pass
        return self.proc.returncode

    # -- writing ----------------------------------------------------------

    def write_bytes(self, data):
        with self._write_lock:
            self._stdin.write(data)

    def send(self, message):
        self.write_bytes(encode_frame(message))

    def next_id(self):
        return next(self._ids)

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request_message(self, method, params=None, id=None):
        """A request object with a fresh id (or `id`)."""
        message = {"jsonrpc": "2.0", "id": self.next_id() if id is None else id, "method": method}
        if params is not None:
            message["params"] = params
        return message

    # -- reading ----------------------------------------------------------

    def read_frame(self):
        """The body (bytes) of the next frame, read on the calling thread (only while no reader thread runs)."""
        return self._reader.read_body()

    def read_message(self):
        """The next message, read on the calling thread (only while no reader thread runs)."""
        return json.loads(self._reader.read_body())

    def handle_unrequested(self, message):
        """Deals with a message read inline that is not the response being waited for:
        notifications are kept, server requests answered, other responses kept for `wait`."""
        response = self._dispatch(message)
        if response is not None:
            self._early[response.get("id")] = response

    def _dispatch(self, message):
        """Handles a message that is not the response being waited for inline.

        Returns the response message if `message` is one, else None."""
        if "method" in message:
            if "id" in message:     # a request from the server: say yes to it
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            else:
                with self._notified:
                    self.notifications.append((message["method"], message.get("params")))
                    self._notified.notify_all()
            return None
        return message

    def _read_loop(self):
        try:
            while True:
                message = json.loads(self._reader.read_body())
                response = self._dispatch(message)
                if response is None:
                    continue
                # The waiter removes its entry once woken: removing it here would race with a
                # waiter that has not looked it up yet, which would then wait on a new one forever.
                with self._lock:
                    pending = self._pending.get(response.get("id"))
                    if pending is None:
                        self._early[response.get("id")] = response
                        continue
                    pending.message = response
                    pending.event.set()
        except BaseException as error:  # the end of the stream, or a bad frame
            with self._lock:
                self._closed = error if isinstance(error, ServerClosed) else ServerClosed(repr(error))
                waiting = list(self._pending.values())
                self._pending.clear()
                self._notified.notify_all()
            for pending in waiting:
                pending.event.set()

    def start_reader(self):
        """From now on, frames are read on a background thread."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._read_loop, name="lsp-reader", daemon=True)
            self._thread.start()

    # -- requests ---------------------------------------------------------

    def send_request(self, method, params=None):
        """Writes a request and returns its id; collect the response with `wait(id)`."""
        message = self.request_message(method, params)
        if self._thread is not None:
            with self._lock:
                self._pending[message["id"]] = _Pending(method)
        self.send(message)
        return message["id"]

    def wait_response(self, id, timeout=60.0):
        """The raw response message for request `id` (with "result" or "error")."""
        if self._thread is None:
            if id in self._early:
                return self._early.pop(id)
            while True:
                response = self._dispatch(self.read_message())
                if response is None:
                    continue
                if response.get("id") == id:
                    return response
                self._early[response.get("id")] = response
        with self._lock:
            if id in self._early:
                return self._early.pop(id)
            pending = self._pending.get(id)
            if pending is None:
                pending = self._pending[id] = _Pending(None)
            closed = self._closed
        if closed is not None and pending.message is None:
            raise closed
        woken = pending.event.wait(timeout)
        with self._lock:
            self._pending.pop(id, None)
        if not woken:
            raise TimeoutError("no response to request %r within %.0f s" % (id, timeout))
        if pending.message is None:
            raise self._closed or ServerClosed("the server closed its output")
        return pending.message

    def wait(self, id, timeout=60.0, method=None):
        """The result of request `id`; raises ResponseError if it failed."""
        response = self.wait_response(id, timeout)
        if "error" in response:
            raise ResponseError(response["error"], method)
        return response.get("result")

    def request(self, method, params=None, timeout=60.0):
        """Sends a request and waits for its result."""
        return self.wait(self.send_request(method, params), timeout, method)

    def pipeline(self, requests, chunk_bytes=1 << 16, timeout=300.0):
        """Writes every (method, params) in `requests` as fast as possible and collects the responses.

        The frames are encoded before the clock starts. Returns a dict with the number of
        requests, errors, the wall time from the first write to the last response, and
        the responses by id."""
        self.start_reader()
        frames, ids = [], []
        with self._lock:
            for method, params in requests:
                message = self.request_message(method, params)
                ids.append(message["id"])
                self._pending[message["id"]] = _Pending(method)
                frames.append(encode_frame(message))
        # Group the frames into writes of about chunk_bytes.
        blobs, current, size = [], [], 0
        for frame in frames:
            current.append(frame)
            size += len(frame)
            if size >= chunk_bytes:
                blobs.append(b"".join(current))
                current, size = [], 0
        if current:
            blobs.append(b"".join(current))
        with self._lock:
            waiters = [self._pending[i] for i in ids]

        started = time.perf_counter()
        for blob in blobs:
            self.write_bytes(blob)
        written = time.perf_counter()
        deadline = started + timeout
        for waiter in waiters:
            if not waiter.event.wait(max(0.0, deadline - time.perf_counter())):
                raise TimeoutError("pipelined responses did not all arrive within %.0f s" % timeout)
        finished = time.perf_counter()
        with self._lock:
            for i in ids:
                self._pending.pop(i, None)
        responses = {}
        errors = 0
        for i, waiter in zip(ids, waiters):
            if waiter.message is None:
                raise self._closed or ServerClosed("the server closed its output")
            responses[i] = waiter.message
            if "error" in waiter.message:
                errors += 1
        return {"requests": len(ids), "errors": errors, "seconds": finished - started,
                "write_seconds": written - started, "responses": responses}

    def wait_notification(self, method, timeout=60.0, after=0):
        """Waits for a notification `method` at index >= `after` in `notifications`; returns its params."""
        if self._thread is None:
            deadline = time.monotonic() + timeout
            while True:
                for index in range(after, len(self.notifications)):
                    if self.notifications[index][0] == method:
                        return self.notifications[index][1]
                if time.monotonic() > deadline:
                    raise TimeoutError("no %s notification" % method)
                response = self._dispatch(self.read_message())
                if response is not None:
                    self._early[response.get("id")] = response
        with self._notified:
            deadline = time.monotonic() + timeout
            while True:
                for index in range(after, len(self.notifications)):
                    if self.notifications[index][0] == method:
                        return self.notifications[index][1]
                if self._closed is not None:
                    raise self._closed
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self._notified.wait(remaining):
                    raise TimeoutError("no %s notification within %.0f s" % (method, timeout))

    # -- the LSP lifecycle ------------------------------------------------

    def initialize(self, params=None, timeout=60.0):
        """`initialize` then `initialized`; returns the initialize result."""
        if params is None:
            params = {"processId": None, "rootUri": None, "capabilities": {}}
        result = self.request("initialize", params, timeout)
        self.notify("initialized", {})
        return result

    def shutdown(self, timeout=30.0):
        """`shutdown`, then `exit`, then waits for the process; returns its exit code."""
        try:
            self.request("shutdown", None, timeout)
            self.notify("exit")
        except (OSError, ServerClosed):
            pass
        return self.close(timeout)
