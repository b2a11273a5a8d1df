// Seat tokens, one per table, kept in this browser only (never in a URL).

const key = (table) => `tj:token:${table}`;

export function loadToken(table) {
  return localStorage.getItem(key(table));
}

export function saveToken(table, token) {
  localStorage.setItem(key(table), token);
}

export function forgetToken(table) {
  localStorage.removeItem(key(table));
}
