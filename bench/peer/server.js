// The Node peer of bench/load.py --peer: the bare server (bench/_bare_server.py) on socket.io 4.
//
//   node bench/peer/server.js PORT
//
// listens on 127.0.0.1:PORT, one process, and does what the bare Flask-SocketIO server does, so that
// the same python-socketio generators measure both: a client joins the room named by its auth
// {"table": ...}; a "ping" {"seq", "size"} broadcasts "state" {"version": seq, "pad": ...} of `size`
// bytes (as JSON) to the sender's room; a client connecting with auth.first_state gets one "state"
// of FIRST_STATE_BYTES at once. GET /healthz answers {"ok": true}. No rules, no log, no per-seat views.
"use strict";

const http = require("http");
const { Server } = require("socket.io");

const FIRST_STATE_BYTES = 4000;
const pads = new Map();

function pad(size) {
  if (!pads.has(size)) {
    const overhead = JSON.stringify({ version: 0, pad: "" }).length;
    pads.set(size, "x".repeat(Math.max(0, size - overhead)));
  }
  return pads.get(size);
}

const server = http.createServer((request, response) => {
  if (request.url === "/healthz") {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"ok":true}');
    return;
  }
  response.writeHead(404);
  response.end();
});
const io = new Server(server, { maxHttpBufferSize: 16 * 1024, serveClient: false });

io.on("connection", (socket) => {
  const auth = socket.handshake.auth || {};
  const room = String(auth.table ?? "");
  socket.join(room);
  if (auth.first_state) socket.emit("state", { version: 0, pad: pad(FIRST_STATE_BYTES) });
  socket.on("ping", (data) => {
    const seq = Number(data.seq), size = Number(data.size);
    io.to(room).emit("state", { version: seq, pad: pad(size) });
  });
});

server.on("connection", (sock) => sock.setNoDelay(true));
server.listen(Number(process.argv[2]), "127.0.0.1");
process.on("SIGTERM", () => process.exit(0));
