// Small DOM helpers: build elements from data (text only, never HTML) and toggle sections.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

export function byId(id) {
  return document.getElementById(id);
}

export function show(node, visible) {
  node.hidden = !visible;
}

export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// Keyboard users lose focus when the control they used disappears: give it to the next one.
// `options` as for focus(): { preventScroll: true } keeps the page where it is.
export function focusIfIdle(control, options = {}) {
  const idle = document.activeElement === document.body || document.activeElement?.closest("[hidden]");
  if (idle && !control.hidden) control.focus(options);
}

// `card` at the top of the screen unless it is wholly in view already.
export function bringIntoView(card) {
  const box = card.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) card.scrollIntoView({ block: "start" });
}

// A stylesheet the page needs only sometimes (a refereed table's cards), added the first time.
//   stylesheet(href)   // a link to href, unless the page has one
export function stylesheet(href) {
  if (document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href }));
}
