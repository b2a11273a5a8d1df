// Sending an event over a page's connection: the acknowledgement comes back as a promise, and a
// refusal or a time-out is shown in the toast (the one way every page talks to the server).
//
//   const send = sender(socket);
//   const ack = await send("bid", { quantity: 3, face: 5 });   // { ok: true } or { ok: false, code, message }

import { errorText, t } from "./i18n.js";
import { hideToast, showToast } from "./toast.js";

// options.errorText(code, message) words a refusal for this event (default: the catalogue's).
export function sender(socket) {
  return function send(event, payload = {}, options = {}) {
    const words = options.errorText ?? errorText;
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
