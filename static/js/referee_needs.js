// What needs the referee now, always in view (the sticky #desk-needs bar): a paused game, every cheat
// attempt waiting for a judgement, an approval or a consequence, and the unread private messages. A
// new message or attempt chimes (unless the desk's sound switch is off: prefs.js "sound"), is told
// in a toast and to the screen reader, and counts in the badge and the page's title ("(2) …").
// A thread is read once the referee opens it; what was read is remembered by this browser.
//
//   const needs = new Needs(tableId, { openThread: (seat) => …, showAttempt: (id) => … });
//   needs.update(state)          // with every state
//   needs.read(state, seat)      // the referee opened seat's thread

import { byId, el, setText, show } from "./dom.js";
import { t } from "./i18n.js";
import { seatName } from "./names.js";
import { preference } from "./prefs.js";
import { attemptNeed } from "./attempt_words.js";
import { showToast } from "./toast.js";
import { Tones } from "./tones.js";

// The chime: two short soft tones, [frequency Hz, start s, length s].
const CHIME = { chime: [[784, 0, 0.1], [1046, 0.12, 0.16]] };

// The player-written lines of each thread after the one last read: {seat: [line, …]}.
export function unreadLines(state, seen) {
  const unread = {};
  for (const [seat, lines] of Object.entries(state.gm.messages ?? {})) {
    const fresh = lines.filter((line) => line.by === "player" && line.id > (seen[seat] ?? 0));
    if (fresh.length) unread[seat] = fresh;
  }
  return unread;
}

export class Needs {
  constructor(tableId, { openThread, showAttempt }) {
    this.storageKey = `tj:referee:${tableId}:read`;
    this.seen = this.load();
    this.told = null; // {lines: newest line id told, attempts: Set of told attempt ids}; null until the first state
    this.openThread = openThread;
    this.showAttempt = showAttempt;
    this.title = document.title;
    this.tones = new Tones(byId("desk-sound"), CHIME);
    this.chimes = 0;
  }

  load() {
    try {
      return JSON.parse(localStorage.getItem(this.storageKey) ?? "null");
    } catch {
      return null;
    }
  }

  save() {
    try {
      localStorage.setItem(this.storageKey, JSON.stringify(this.seen));
    } catch {
      // this visit only
    }
  }

  // The referee opened seat's thread: everything in it is read.
  read(state, seat) {
    const lines = state.gm.messages?.[String(seat)] ?? [];
    if (!lines.length) return;
    this.seen = { ...this.seen, [seat]: lines[lines.length - 1].id };
    this.save();
    this.update(state);
  }

  update(state) {
    const gm = state.gm;
    const newest = Math.max(0, ...Object.values(gm.messages ?? {}).flat().map((line) => line.id));
    if (this.seen === null) { // a first visit: what was written before is not news
      this.seen = Object.fromEntries(Object.entries(gm.messages ?? {}).map(([seat, lines]) => [seat, lines.at(-1)?.id ?? 0]));
      this.save();
    }
    const unread = unreadLines(state, this.seen);
    const waiting = gm.attempts.filter((a) => attemptNeed(a) !== null);
    if (this.told === null) {
      this.told = { lines: newest, attempts: new Set(gm.attempts.map((a) => a.id)) };
    } else {
      this.tell(state, unread);
    }
    const unreadCount = Object.values(unread).reduce((sum, lines) => sum + lines.length, 0);
    const badge = byId("desk-unread");
    badge.dataset.count = String(unreadCount);
    setText(badge, unreadCount ? `✉ ${unreadCount}` : "");
    badge.setAttribute("aria-label", t("referee.unread", { n: unreadCount }));
    show(badge, unreadCount > 0);
    const count = unreadCount + waiting.length;
    document.title = count ? `(${count}) ${this.title}` : this.title;
    const items = [
      ...waiting.map((a) => this.item(t(`referee.needs_${attemptNeed(a)}`, { n: a.id, name: seatName(state, a.seat) }),
        () => this.showAttempt(a.id), { need: attemptNeed(a), attempt: a.id })),
      ...Object.entries(unread).map(([seat, lines]) => this.item(t("referee.needs_unread", { name: seatName(state, Number(seat)), n: lines.length }),
        () => this.openThread(Number(seat)), { need: "message", seat })),
    ];
    byId("needs-list").replaceChildren(...items);
    show(byId("needs-none"), items.length === 0 && !gm.paused);
  }

  item(text, go, data) {
    const button = el("button", { type: "button", class: "btn small need" }, text);
    button.addEventListener("click", go);
    const item = el("li", {}, button);
    for (const [key, value] of Object.entries(data)) item.dataset[key] = String(value);
    return item;
  }

  // Tell each message and attempt that arrived since the last state: a toast, the live region, a chime.
  tell(state, unread) {
    const news = [];
    for (const lines of Object.values(unread)) {
      for (const line of lines.filter((l) => l.id > this.told.lines)) {
        news.push(t("referee.new_message", { name: seatName(state, line.seat), text: line.text }));
      }
    }
    for (const a of state.gm.attempts.filter((attempt) => !this.told.attempts.has(attempt.id))) {
      this.told.attempts.add(a.id);
      if (a.status === "pending") news.push(t("referee.new_attempt", { name: seatName(state, a.seat), kind: t(`cheat.kind.${a.kind}`) }));
    }
    this.told.lines = Math.max(this.told.lines, ...Object.values(state.gm.messages ?? {}).flat().map((line) => line.id));
    if (!news.length) return;
    const text = news.join(" ");
    showToast(text, "info");
    setText(byId("announcer"), text);
    this.chime();
  }

  // The chime, unless the sound is off; counted on #referee (data-chimes) whether or not the browser could play it.
  chime() {
    if (!preference("sound")) return;
    this.chimes += 1;
    byId("referee").dataset.chimes = String(this.chimes);
    this.tones.play([["chime", 0]]);
  }
}
