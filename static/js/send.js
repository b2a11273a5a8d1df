// Sending an event over a page's connection: the acknowledgement comes back as a promise, and a
// refusal or a time-out is shown in the toast (the one way every page talks to the server).
// While the page is not connected nothing is sent: the press is refused at once with a visible
// "not connected" (Socket.IO would otherwise keep the event and send it, unseen, on reconnecting,
// a bid made against a table the player could no longer see).
//
//   const send = sender(socket);
//   const ack = await send("bid", { quantity: 3, face: 5 });   // { ok: true } or { ok: false, code, message }
//   // offline: { ok: false, code: "net/not_connected" }, and the toast says so

import { errorText, t } from "./i18n.js";
import { hideToast, showToast } from "./toast.js";

// options.errorText(code, message) words a refusal for this event (default: the catalogue's).
export function sender(socket) {
  return function send(event, payload = {}, options = {}) {
    const words = options.errorText ?? errorText;
    if (!socket.connected) {
      showToast(t("error.not_connected"));
      return Promise.resolve({ ok: false, code: "net/not_connected" });
    }
    return new Promise((resolve) => {
      socket.timeout(10000).emit(event, payload, (timedOut, ack) => {
        if (timedOut) showToast(t("error.network"));
        else if (!ack.ok) showToast(words(ack.code, ack.message));
        else hideToast();
        resolve(timedOut ? { ok: false } : ack);
      });
    });
  };
}
