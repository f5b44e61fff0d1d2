"""A canary for app/serving.py, which builds its deadlines, head limit and bounded pipelining on
uvicorn's private httptools protocol and flow control. uvicorn does not promise those members
from one release to the next, so pyproject.toml pins it below its next minor release; these
tests check that the members app/serving.py overrides, calls or reads still exist with the
parameters and behaviour it needs, so that moving the pin fails here, saying what to check,
before a slow client finds the gap (tests/system/test_timeouts.py covers the protections
themselves against a real server)."""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections import deque

import httptools
import pytest
import uvicorn
from uvicorn.protocols.http import flow_control, httptools_impl
from uvicorn.server import ServerState

from app import serving

CHECK = (
    "uvicorn {version} changed {what}, which app/serving.py relies on: read "
    "uvicorn/protocols/http/httptools_impl.py and flow_control.py of this version beside "
    "app/serving.py's Protocol and Flow, adapt them, then move the uvicorn pin in pyproject.toml "
    "and the lock files (docs/deploy.md, 'Why uvicorn is pinned')"
)

# HttpToolsProtocol's methods app/serving.py overrides (calling the original) or calls, with the
# parameters after self that it passes or receives.
PROTOCOL_METHODS = {
    "connection_made": ["transport"],
    "data_received": ["data"],  # replaced whole: uvicorn's stops the idle timer on any byte
    "connection_lost": ["exc"],
    "on_message_begin": [],
    "on_headers_complete": [],
    "on_message_complete": [],
    "on_response_complete": [],
    "_should_upgrade": [],
    "handle_websocket_upgrade": [],
    "_unsupported_upgrade_warning": [],
    "send_400_response": ["msg"],
    "_unset_keepalive_if_required": [],
    "timeout_keep_alive_handler": [],
}
FLOW_METHODS = {"__init__": ["transport"], "pause_reading": [], "resume_reading": []}


def explain(what: str) -> str:
    return CHECK.format(version=uvicorn.__version__, what=what)


def parameters(function: object) -> list[str]:
    return [name for name in inspect.signature(function).parameters if name != "self"]  # type: ignore[arg-type]


def test_serving_subclasses_the_private_classes_it_names() -> None:
    assert issubclass(serving.Protocol, httptools_impl.HttpToolsProtocol), explain("HttpToolsProtocol")
    assert issubclass(serving.Flow, flow_control.FlowControl), explain("FlowControl")


@pytest.mark.parametrize("name", sorted(PROTOCOL_METHODS))
def test_the_protocol_methods_serving_uses_keep_their_parameters(name: str) -> None:
    method = getattr(httptools_impl.HttpToolsProtocol, name, None)
    assert callable(method), explain(f"HttpToolsProtocol.{name} (gone)")
    assert parameters(method) == PROTOCOL_METHODS[name], explain(
        f"HttpToolsProtocol.{name}'s parameters (now {parameters(method)})"
    )


@pytest.mark.parametrize("name", sorted(FLOW_METHODS))
def test_the_flow_control_methods_serving_uses_keep_their_parameters(name: str) -> None:
    method = getattr(flow_control.FlowControl, name, None)
    assert callable(method), explain(f"FlowControl.{name} (gone)")
    assert parameters(method) == FLOW_METHODS[name], explain(f"FlowControl.{name}'s parameters")


def test_the_protocol_is_made_with_the_keywords_serving_passes_on() -> None:
    # uvicorn's server makes each connection's protocol with these keywords; Protocol passes them on.
    wanted = ["config", "server_state", "app_state", "_loop"]
    got = parameters(httptools_impl.HttpToolsProtocol.__init__)
    assert got == wanted, explain(f"HttpToolsProtocol.__init__'s parameters (now {got})")


def test_the_status_line_of_431_is_there() -> None:
    # RFC 6585, 5: the status and its reason phrase, as `Protocol.head_too_large` writes it.
    line = httptools_impl.STATUS_LINE.get(431)
    assert line == b"HTTP/1.1 431 Request Header Fields Too Large\r\n", explain("STATUS_LINE")


async def ok(scope, receive, send) -> None:  # type: ignore[no-untyped-def]
    """The smallest ASGI app: 200 and two bytes."""
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


def test_a_connection_has_the_state_serving_reads_and_arms_the_idle_timer_after_an_answer() -> None:
    """uvicorn's own protocol, served on a real loopback socket: the attributes Protocol reads exist
    with the types it uses, header names arrive lowercased (the two-Host check counts b"host"), and
    after an answer uvicorn arms `timeout_keep_alive_task` with `timeout_keep_alive_handler`, which
    `_unset_keepalive_if_required` cancels (Protocol's idle clock is that same timer)."""

    async def run() -> httptools_impl.HttpToolsProtocol:
        config = uvicorn.Config(ok, http="httptools", timeout_keep_alive=7, log_level="warning")
        made: list[httptools_impl.HttpToolsProtocol] = []

        def factory() -> httptools_impl.HttpToolsProtocol:
            made.append(httptools_impl.HttpToolsProtocol(config=config, server_state=ServerState(), app_state={}))
            return made[-1]

        server = await asyncio.get_running_loop().create_server(factory, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET / HTTP/1.1\r\nHOST: a\r\nX-Two: b\r\n\r\n")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 200 OK\r\n")
        assert await asyncio.wait_for(reader.readexactly(2), 5) == b"ok"
        (protocol,) = made
        timer = protocol.timeout_keep_alive_task
        assert isinstance(timer, asyncio.TimerHandle), explain("the idle timer after an answer")
        assert timer._callback == protocol.timeout_keep_alive_handler, explain("the idle timer's handler")
        protocol._unset_keepalive_if_required()
        assert protocol.timeout_keep_alive_task is None and timer.cancelled(), explain("_unset_keepalive_if_required")
        writer.close()
        server.close()
        await server.wait_closed()
        return protocol

    protocol = asyncio.run(run())
    assert protocol.headers == [(b"host", b"a"), (b"x-two", b"b")], explain("HttpToolsProtocol.headers")
    assert protocol.timeout_keep_alive == 7, explain("HttpToolsProtocol.timeout_keep_alive")
    assert isinstance(protocol.pipeline, deque), explain("HttpToolsProtocol.pipeline")
    assert isinstance(protocol.logger, logging.Logger), explain("HttpToolsProtocol.logger")
    assert isinstance(protocol.loop, asyncio.AbstractEventLoop), explain("HttpToolsProtocol.loop")
    assert isinstance(protocol.flow, flow_control.FlowControl), explain("HttpToolsProtocol.flow")
    assert protocol.transport is not None, explain("HttpToolsProtocol.transport")


def test_the_parser_is_httptools_and_fed_a_slice_at_a_time() -> None:
    """Protocol feeds `self.parser` (httptools' parser, made by uvicorn) a slice at a time, and a new
    protocol has no idle timer until its connection is made."""
    config = uvicorn.Config(ok, http="httptools", log_level="warning")
    loop = asyncio.new_event_loop()
    try:
        protocol = httptools_impl.HttpToolsProtocol(config=config, server_state=ServerState(), app_state={}, _loop=loop)
    finally:
        loop.close()
    assert isinstance(protocol.parser, httptools.HttpRequestParser), explain("HttpToolsProtocol.parser")
    assert protocol.timeout_keep_alive_task is None, explain("HttpToolsProtocol.timeout_keep_alive_task")
