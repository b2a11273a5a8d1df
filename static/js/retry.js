// A refused connection that mends by itself: the table is moving between server processes, or the
// database is briefly away. Socket.IO never retries a refused connection, so this does, a little
// later each time (docs/deploy.md, "Failover").
export const PASSING = new Set(["table/moving", "store/unavailable", "store/busy"]);
const FIRST_MS = 250;
const LAST_MS = 4000;

export function retryPassingRefusals(socket) {
  let pause = FIRST_MS;
  socket.on("connect", () => { pause = FIRST_MS; });
  socket.on("connect_error", (error) => {
    if (!PASSING.has(error.data?.code)) return;
    setTimeout(() => socket.connect(), pause);
    pause = Math.min(pause * 2, LAST_MS);
  });
}
