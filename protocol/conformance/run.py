#!/usr/bin/env python3
"""Runs the navinspect protocol conformance cases against any server command.

Each case in cases/ is data: messages to send (JSON, or raw bytes for framing cases) and what
must come back. Every result and error the server sends is also validated against the method's
JSON Schema in ../schemas/, so a server that answers the right values in the wrong shape fails.

    python3 protocol/conformance/run.py --server "navinspect serve"
"""

import argparse
import json
import os
import queue
import socket
import shlex
import subprocess
import sys
import threading
import time

try:
    import jsonschema
except ImportError:  # The runner still checks values; schemas need the package.
    jsonschema = None

HERE = os.path.dirname(os.path.abspath(__file__))
PROTOCOL = os.path.dirname(HERE)
SCHEMAS = os.path.join(PROTOCOL, "schemas")
DEFAULT_TIMEOUT = 20.0


class Failure(Exception):
    """A case step whose expectation was not met."""


# ---------------------------------------------------------------------------------------------
# Talking to the server


class Server:
    """A server process with framed messages written to stdin and read from stdout."""

    def __init__(self, command, extra_args):
        self.process = subprocess.Popen(
            shlex.split(command) + extra_args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.messages = queue.Queue()
        self.pending = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.stderr = []
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0"))
            body = stream.read(length)
            try:
                self.messages.put(json.loads(body))
            except ValueError:
                self.messages.put({"$unparsable": body.decode("utf-8", "replace")})

    def _drain_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def write(self, data):
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
        self.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def close_input(self):
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass

    def next_matching(self, predicate, timeout):
        """Removes and returns the first message (received or arriving) for which predicate holds."""
        deadline = time.monotonic() + timeout
        while True:
            for index, message in enumerate(self.pending):
                if predicate(message):
                    return self.pending.pop(index)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                return None
            if message is None:
                self.messages.put(None)
                if not any(predicate(m) for m in self.pending):
                    return None
                continue
            self.pending.append(message)

    def collect(self, seconds):
        """Everything that arrives within `seconds`, without consuming earlier messages."""
        deadline = time.monotonic() + seconds
        arrived = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return arrived
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                return arrived
            if message is None:
                self.messages.put(None)
                return arrived
            arrived.append(message)
            self.pending.append(message)

    def stop(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


class AppConnection(Server):
    """A live app's TCP connection to the server's --listen port, read and written like stdio."""

    def __init__(self, port, timeout):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise Failure(f"cannot connect to the --listen port {port}")
                time.sleep(0.05)
        self.socket.settimeout(None)
        self.stream = self.socket.makefile("rb")
        self.messages = queue.Queue()
        self.pending = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.stream
        while True:
            headers = {}
            while True:
                try:
                    line = stream.readline()
                except OSError:
                    line = b""
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode("ascii", "replace").partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers.get("content-length", "0")))
            try:
                self.messages.put(json.loads(body))
            except ValueError:
                self.messages.put({"$unparsable": body.decode("utf-8", "replace")})

    def write(self, data):
        try:
            self.socket.sendall(data)
        except OSError:
            pass

    def close_input(self):
        try:
            self.socket.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def stop(self):
        self.close_input()
        self.socket.close()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ---------------------------------------------------------------------------------------------
# Matching


def matches(expected, actual, path="$"):
    """Raises Failure unless `actual` has everything `expected` asks for (objects by subset)."""
    if isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)).startswith("$"):
        operator, argument = next(iter(expected.items()))
        if operator == "$any":
            return
        if operator == "$contains":
            if not isinstance(actual, str) or argument not in actual:
                raise Failure(f"{path}: expected a string containing {argument!r}, got {actual!r}")
            return
        if operator == "$type":
            kinds = {"string": str, "number": (int, float), "integer": int, "boolean": bool,
                     "object": dict, "array": list, "null": type(None)}
            if not isinstance(actual, kinds[argument]) or (argument in ("number", "integer") and isinstance(actual, bool)):
                raise Failure(f"{path}: expected a {argument}, got {actual!r}")
            return
        if operator == "$length":
            if not isinstance(actual, list) or len(actual) != argument:
                raise Failure(f"{path}: expected an array of {argument}, got {actual!r}")
            return
        raise Failure(f"unknown matcher {operator}")
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            raise Failure(f"{path}: expected an object, got {actual!r}")
        for key, value in expected.items():
            if isinstance(value, dict) and value == {"$absent": True}:
                if key in actual:
                    raise Failure(f"{path}.{key}: expected no such member, got {actual[key]!r}")
                continue
            if key not in actual:
                raise Failure(f"{path}: missing member {key!r} in {actual!r}")
            matches(value, actual[key], f"{path}.{key}")
        return
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            raise Failure(f"{path}: expected {len(expected)} elements, got {actual!r}")
        for index, (want, got) in enumerate(zip(expected, actual)):
            matches(want, got, f"{path}[{index}]")
        return
    # JSON numbers: 1 and 1.0 differ in text, but an id must come back as the same kind.
    if type(expected) is not type(actual) or expected != actual:
        raise Failure(f"{path}: expected {expected!r}, got {actual!r}")


# ---------------------------------------------------------------------------------------------
# Schemas


class SchemaChecker:
    """Validates every result, error and notification against the protocol's schemas."""

    def __init__(self):
        self.cache = {}
        self.checked = 0

    def _schema(self, name):
        if name not in self.cache:
            path = os.path.join(SCHEMAS, name)
            self.cache[name] = json.load(open(path)) if os.path.exists(path) else None
        return self.cache[name]

    def check(self, message, sent_methods):
        if jsonschema is None or not isinstance(message, dict):
            return
        if "method" in message and "id" not in message:
            schema = self._schema(message["method"].replace("/", ".") + ".params.json")
            self._validate(message.get("params"), schema, f"params of {message['method']}")
        elif "error" in message:
            self._validate(message["error"], self._schema("error.json"), "error")
        elif "result" in message:
            method = sent_methods.get(json.dumps(message.get("id")))
            if method:
                schema = self._schema(method.replace("/", ".") + ".result.json")
                self._validate(message["result"], schema, f"result of {method}")

    def _validate(self, instance, schema, what):
        if schema is None:
            return
        try:
            jsonschema.validate(instance, schema)
            self.checked += 1
        except jsonschema.ValidationError as error:
            raise Failure(f"{what} does not match its schema: {error.message} at {list(error.absolute_path)}")


# ---------------------------------------------------------------------------------------------
# Cases


def substitute(value):
    """Replaces {"$document": file} with the file's JSON and {"$path": file} with its absolute path."""
    if isinstance(value, dict):
        if set(value) == {"$document"}:
            return json.load(open(os.path.join(PROTOCOL, value["$document"])))
        if set(value) == {"$path"}:
            return os.path.join(PROTOCOL, value["$path"])
        return {key: substitute(item) for key, item in value.items()}
    if isinstance(value, list):
        return [substitute(item) for item in value]
    return value


def run_case(case, command, schemas):
    args = [substitute(arg) if isinstance(arg, dict) else arg for arg in case.get("args", [])]
    # "{port}" in an argument (for --listen) becomes a free port, which app steps connect to.
    port = free_port()
    args = [arg.replace("{port}", str(port)) if isinstance(arg, str) else arg for arg in args]
    server = Server(command, args)
    server.app_port = port
    server.app = None
    sent_methods = {}
    try:
        for number, step in enumerate(case["steps"], 1):
            try:
                run_step(step, server, sent_methods, schemas)
            except Failure as failure:
                raise Failure(f"step {number} ({next(iter(step))}): {failure}")
        for message in server.pending:
            schemas.check(message, sent_methods)
    finally:
        if server.app is not None:
            server.app.stop()
        server.stop()


def expand(step):
    """The shorthand steps most cases start with, as the plain steps they stand for."""
    if "initialize" in step:
        options = step["initialize"] if isinstance(step["initialize"], dict) else None
        params = {"processId": None, "rootUri": None, "capabilities": {}}
        if options is not None:
            params["initializationOptions"] = options
        return [
            {"send": {"jsonrpc": "2.0", "id": "initialize", "method": "initialize", "params": params}},
            {"expect": {"id": "initialize", "result": {"capabilities": {"experimental": {"navinspect": {"version": 1}}}}}},
            {"send": {"jsonrpc": "2.0", "method": "initialized", "params": {}}},
        ]
    if "load" in step:
        return [
            {"send": {"jsonrpc": "2.0", "id": "load", "method": "navinspect/load", "params": {"path": {"$path": step["load"]}}}},
            {"expect": {"method": "navinspect/treeDidChange"}},
            {"expect": {"id": "load", "result": {"root": {"$type": "string"}}}},
        ]
    return [step]


def run_step(step, server, sent_methods, schemas):
    timeout = step.get("timeout", DEFAULT_TIMEOUT)
    if "initialize" in step or "load" in step:
        for plain in expand(step):
            run_step(plain, server, sent_methods, schemas)
    elif "send" in step:
        message = substitute(step["send"])
        for item in message if isinstance(message, list) else [message]:
            if isinstance(item, dict) and "id" in item and isinstance(item.get("method"), str):
                sent_methods[json.dumps(item["id"])] = item["method"]
        server.send(message)
    elif "appSend" in step or "appExpect" in step or "appSendRaw" in step or "appClose" in step:
        if server.app is None:
            server.app = AppConnection(server.app_port, timeout)
        app = server.app
        if "appSend" in step:
            message = substitute(step["appSend"])
            if isinstance(message, dict) and "id" in message:
                sent_methods[json.dumps(message["id"])] = message["method"]
            app.send(message)
        elif "appSendRaw" in step:
            app.write(step["appSendRaw"].encode("utf-8"))
        elif "appClose" in step:
            app.close_input()
            server.app = None
        else:
            expected = step["appExpect"]
            found = app.next_matching(lambda m: isinstance(m, dict) and m.get("id") == expected.get("id"), timeout)
            if found is None:
                raise Failure(f"no answer with id {expected.get('id')!r} on the app connection")
            matches(expected, found)
            schemas.check(found, sent_methods)
    elif "sendRaw" in step:
        server.write(step["sendRaw"].encode("utf-8"))
    elif "sendBody" in step:
        # A body that is not valid JSON, framed with its true length.
        body = step["sendBody"].encode("utf-8")
        server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    elif "sendFramed" in step:
        # A list of frames goes out in one write; "slowly" sends one byte per write instead.
        specs = step["sendFramed"] if isinstance(step["sendFramed"], list) else [step["sendFramed"]]
        data = b"".join(framed(spec, sent_methods) for spec in specs)
        if step.get("slowly"):
            for byte in data:
                server.write(bytes([byte]))
        else:
            server.write(data)
    elif "sendHex" in step:
        server.write(bytes.fromhex(step["sendHex"]))
    elif "sendFramedHex" in step:
        body = bytes.fromhex(step["sendFramedHex"])
        server.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    elif "expect" in step:
        expected = step["expect"]
        if "id" in expected:
            key = json.dumps(expected["id"])
            found = server.next_matching(lambda m: isinstance(m, dict) and "method" not in m and json.dumps(m.get("id")) == key, timeout)
            what = f"a response with id {expected['id']!r}"
        else:
            found = server.next_matching(lambda m: isinstance(m, dict) and m.get("method") == expected["method"], timeout)
            what = f"a {expected['method']} notification"
        if found is None:
            raise Failure(f"no {what} within {timeout}s; received {server.pending!r}")
        matches(expected, found)
        schemas.check(found, sent_methods)
    elif "expectBatch" in step:
        found = server.next_matching(lambda m: isinstance(m, list), timeout)
        if found is None:
            raise Failure(f"no batch answer within {timeout}s; received {server.pending!r}")
        matches(step["expectBatch"], found)
        for item in found:
            schemas.check(item, sent_methods)
    elif "expectNothing" in step:
        arrived = server.collect(step["expectNothing"])
        if arrived:
            raise Failure(f"expected silence, received {arrived!r}")
    elif "closeInput" in step:
        server.close_input()
    elif "expectExit" in step:
        try:
            code = server.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise Failure(f"the server did not exit within {timeout}s")
        if code != step["expectExit"]:
            raise Failure(f"exit code {code}, expected {step['expectExit']}")
    else:
        raise Failure(f"unknown step {step!r}")


def framed(spec, sent_methods):
    """A frame with the headers written as given: {length}, {length+N} and {length-N} stand for
    the body's true length, so a case can declare a wrong one on purpose."""
    if "bodyText" in spec:
        body = spec["bodyText"].encode("utf-8")
    else:
        message = substitute(spec["body"])
        if isinstance(message, dict) and "id" in message and isinstance(message.get("method"), str):
            sent_methods[json.dumps(message["id"])] = message["method"]
        body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")

    def length(match):
        offset = int(match.group(2) or 0) * (-1 if match.group(1) == "-" else 1)
        return str(len(body) + offset)

    import re
    headers = re.sub(r"\{length(?:([+-])(\d+))?\}", length, spec["headers"])
    return headers.encode("utf-8") + body


def load_cases(directory):
    cases = []
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name)) as file:
                for case in json.load(file):
                    case["file"] = name
                    cases.append(case)
    return cases


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help='the server command, e.g. "navinspect serve"')
    parser.add_argument("--cases", default=os.path.join(HERE, "cases"), help="the folder of case files")
    parser.add_argument("--filter", default="", help="run only cases whose name contains this text")
    parser.add_argument("--list-coverage", action="store_true", help="print what the cases cover, as JSON, and exit")
    parser.add_argument(
        "--no-test-hooks", action="store_true",
        help="skip cases that need navinspect's --test-hooks (for servers without them)")
    arguments = parser.parse_args()

    cases = [case for case in load_cases(arguments.cases) if arguments.filter in case["name"]]
    if arguments.no_test_hooks:
        cases = [case for case in cases if "--test-hooks" not in case.get("args", [])]
    if arguments.list_coverage:
        print(json.dumps(sorted({item for case in cases for item in case.get("covers", [])})))
        return 0
    if jsonschema is None:
        print("conformance: the jsonschema package is missing; results are not checked against schemas", file=sys.stderr)

    schemas = SchemaChecker()
    passed = failed = 0
    for case in cases:
        try:
            run_case(case, arguments.server, schemas)
            passed += 1
            print(f"PASS  {case['file']}: {case['name']}")
        except Failure as failure:
            failed += 1
            print(f"FAIL  {case['file']}: {case['name']}\n      {failure}")
    print(f"({schemas.checked} messages checked against schemas)")
    print(f"conformance: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
