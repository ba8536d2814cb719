"""An HTTP server on 127.0.0.1 that misbehaves in one chosen way, for tests of clients.

Usage: misbehaving-http-server.py MODE
Prints "port N" once it listens, then answers every connection according to MODE:

  silent        reads the request and never answers
  drip          sends the status line and headers, then the body one byte every half second
  reset         reads the request and resets the connection (RST)
  close         reads the request and closes the connection without a word
  status:CODE   answers CODE with an empty body
  body:TEXT     answers 200 with TEXT as a JSON body
  files:DIR     behaves: answers a GET with the file at its path under DIR, or 404

It exits when its standard input closes (the test that started it is gone) or after two
minutes, whichever comes first, and serves loopback only.
"""

import os
import socket
import struct
import sys
import threading
import time

LIFETIME_SECONDS = 120


def serve_file(connection, request, root):
    target = request.split(b" ")[1].decode().split("?")[0].lstrip("/") if b" " in request else ""
    path = os.path.normpath(os.path.join(root, target))
    if path.startswith(os.path.realpath(root) + os.sep) and os.path.isfile(path):
        with open(path, "rb") as file:
            respond(connection, 200, file.read())
    else:
        respond(connection, 404, b'{"error": {"code": "not_found", "message": "no such file"}}')


def read_request(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(4096)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip() or b"0")
    while len(body) < length:
        chunk = connection.recv(4096)
        if not chunk:
            break
        body += chunk
    return data


def respond(connection, status, body):
    reason = {200: "OK", 404: "Not Found", 500: "Internal Server Error", 502: "Bad Gateway"}.get(
        status, "Status"
    )
    head = (
        f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    connection.sendall(head.encode() + body)


def serve(connection, mode):
    try:
        request = read_request(connection)
        if mode.startswith("files:"):
            serve_file(connection, request, mode.split(":", 1)[1])
        elif mode == "silent":
            connection.settimeout(LIFETIME_SECONDS)
            while connection.recv(4096):
                pass
        elif mode == "drip":
            body = b'{"trips": [], "total_matches": 0}' * 100
            connection.sendall(
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
            )
            for byte in body:
                connection.sendall(bytes([byte]))
                time.sleep(0.5)
        elif mode == "reset":
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        elif mode == "close":
            pass
        elif mode.startswith("status:"):
            respond(connection, int(mode.split(":", 1)[1]), b"")
        elif mode.startswith("body:"):
            respond(connection, 200, mode.split(":", 1)[1].encode())
    except OSError:
        pass
    finally:
        connection.close()


def main():
    mode = sys.argv[1]
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    # One write with its line's end (print would write the end apart): the test closes this
    # pipe once it has the line, and a write into the closed pipe would end the server.
    sys.stdout.write(f"port {server.getsockname()[1]}\n")
    sys.stdout.flush()

    def watch_parent():
        sys.stdin.read()
        server.close()

    threading.Thread(target=watch_parent, daemon=True).start()
    started = time.monotonic()
    server.settimeout(1)
    while time.monotonic() - started < LIFETIME_SECONDS:
        try:
            connection, _ = server.accept()
        except socket.timeout:
            continue
        except OSError:
            return
        threading.Thread(target=serve, args=(connection, mode), daemon=True).start()


if __name__ == "__main__":
    main()
