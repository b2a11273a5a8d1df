// A poker-dice evening's bracket and matches (referee/rules/poker_bluff/bracket.py and match.py),
// for the browser's verifier: the same deterministic pairings, byes and starters.
//   let b = newBracket([0, 1, 2]);      b.rounds[0] → [{round: 1, seats: [0, 1], winner: null}, {round: 1, seats: [2], winner: 2}]
//   b = record(b, 1, 0);                 b.rounds[1] → [{round: 2, seats: [1, 2], winner: null}]
//   nextStarter(newMatch(4, 1, true))    → 4

import { IllegalAction } from "../../rules_errors.js";

function draw(round, players, hadBye) {
  let bye = null;
  if (players.length % 2) {
    const fresh = players.filter((s) => !hadBye.includes(s));
    bye = (fresh.length ? fresh : players)[(fresh.length ? fresh : players).length - 1];
  }
  const rest = players.filter((s) => s !== bye);
  const pairs = new Map();
  for (let i = 0; i < rest.length; i += 2) pairs.set(rest[i], [rest[i], rest[i + 1]]);
  if (bye !== null) pairs.set(bye, [bye]);
  return players.filter((s) => pairs.has(s)).map((s) => ({ round, seats: pairs.get(s), winner: pairs.get(s).length === 1 ? s : null }));
}

export function newBracket(entrants) {
  if (entrants.length < 2 || new Set(entrants).size !== entrants.length) throw new IllegalAction("bracket/entrants", "a bracket needs 2 or more distinct seats");
  return { entrants: [...entrants], rounds: [draw(1, entrants, [])] };
}

export const current = (b) => b.rounds[b.rounds.length - 1];
export const pending = (b) => current(b).filter((p) => p.winner === null);
export const champion = (b) => (current(b).length === 1 ? current(b)[0].winner : null);

// The bracket after `winner` beat `loser` in their pair of the current round.
export function record(b, winner, loser) {
  if (champion(b) !== null) throw new IllegalAction("bracket/over", "the bracket is over");
  const index = current(b).findIndex((p) => p.winner === null && p.seats.length === 2 && p.seats.includes(winner) && p.seats.includes(loser) && winner !== loser);
  if (index < 0) throw new IllegalAction("bracket/not_paired", "these seats do not play each other now");
  const now = current(b).map((p, i) => (i === index ? { ...p, winner } : p));
  const rounds = [...b.rounds.slice(0, -1), now];
  if (now.some((p) => p.winner === null) || now.length === 1) return { entrants: b.entrants, rounds };
  const hadBye = rounds.flat().filter((p) => p.seats.length === 1).map((p) => p.seats[0]);
  return { entrants: b.entrants, rounds: [...rounds, draw(rounds.length + 1, now.map((p) => p.winner), hadBye)] };
}

export const newMatch = (button, other, twoGames) => ({ button, other, twoGames, winners: [] });
export const matchSeats = (m) => [m.button, m.other];

export function matchWinner(m) {
  const need = m.twoGames ? 2 : 1;
  return matchSeats(m).find((s) => m.winners.filter((w) => w === s).length >= need) ?? null;
}

export function nextStarter(m) {
  if (matchWinner(m) !== null) return null;
  if (!m.winners.length) return m.button;
  return m.winners.length === 1 ? m.other : m.winners[m.winners.length - 1];
}

export const recordGame = (m, winner) => ({ ...m, winners: [...m.winners, winner] });
