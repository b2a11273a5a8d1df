// The one place the page puts its `state` together (docs/protocol.md, "public and seat"): a whole
// `state` as it connects and after `sync`; after every change a `public` part for everyone and,
// before it, a `seat` part for a seat whose own part changed. The same rules as the Python
// clients' referee/state_parts.py (StateFeed): a public part that names a seat part this page
// does not hold waits for it; a second one means one was missed, and the page asks `sync`.
//
//   const feed = stateFeed(socket);
//   feed.onState((state) => render(state));   // every merged state, oldest first

const SPECTATOR_YOU = { seat: null, role: "spectator", is_host: false };
const BY_FIELD = ["game", "gm"]; // a seat part overrides these field by field
const LEAD = ["version", "server_now_ms"]; // `you` comes after these, as in a whole state

// The state a holder of `part` (null: a spectator) reads from `publicPart`.
export function merge(publicPart, part) {
  const you = { ...(part ? part.you : SPECTATOR_YOU) };
  const view = {};
  for (const key of LEAD) if (key in publicPart) view[key] = publicPart[key];
  view.you = you;
  for (const [key, value] of Object.entries(publicPart)) {
    if (key === "seat_parts" || LEAD.includes(key)) continue;
    view[key] = key === "game" && value && value.seat_flags ? withFlags(value, you.seat) : value;
  }
  for (const [key, value] of Object.entries(part ?? {})) {
    if (key === "version" || key === "you") continue;
    const base = view[key];
    view[key] = BY_FIELD.includes(key) && isObject(base) && isObject(value) ? { ...base, ...value } : value;
  }
  return view;
}

function withFlags(game, seat) {
  const { seat_flags: flags, ...rest } = game;
  for (const [flag, seats] of Object.entries(flags)) rest[flag] = seat !== null && seats.includes(seat);
  return rest;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function stateFeed(socket) {
  const listeners = [];
  let state = null;
  let part = null;
  let waiting = null;
  let asked = false;

  function tell(merged) {
    state = merged;
    for (const listener of listeners) listener(merged);
  }

  function names(publicPart, held) {
    return held !== null && (publicPart.seat_parts ?? {})[String(held.you.seat)] === held.version;
  }

  function onPublic(publicPart) {
    if (part === null && state === null) {
      waiting = publicPart; // a connection first hears its state or its seat part: wait for it
      return;
    }
    const seat = part ? part.you.seat : state.you.seat;
    if (seat === null || names(publicPart, part)) {
      waiting = null;
      tell(merge(publicPart, part));
      return;
    }
    const missed = waiting !== null;
    waiting = publicPart;
    if (missed && !asked) {
      asked = true;
      socket.emit("sync", {});
    }
  }

  const older = (payload) => state !== null && payload.version < state.version;
  socket.on("state", (whole) => {
    if (older(whole)) return;
    const pending = waiting;
    part = null;
    waiting = null;
    asked = false;
    tell(whole);
    if (pending && pending.version >= whole.version) onPublic(pending);
  });
  socket.on("seat", (seatPart) => {
    if (older(seatPart)) return;
    if (part === null || seatPart.version >= part.version) part = seatPart;
    const pending = waiting;
    waiting = null;
    if (pending) onPublic(pending);
  });
  socket.on("public", (publicPart) => {
    if (!older(publicPart)) onPublic(publicPart);
  });

  return {
    // Call `listener` with every merged state from now on (and with the newest one now, if any).
    onState(listener) {
      listeners.push(listener);
      if (state) listener(state);
    },
    get state() {
      return state;
    },
  };
}
