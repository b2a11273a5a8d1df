// The poker-dice family's part of the verified replay page (the registry's replay loader, replay.js): the
// game's moves (replay_moves.js) one step each, with the cup open at every step: who rolled what
// (and the dice set aside beside it), each declaration with what the cup truly held (true or a
// bluff), each belief and the dice set aside, each doubt with the cup shown, who gave whom a token
// and the tokens after it; the round's declarations so far; the game's winner on its last step.
// The shared page does the rest (fetch, the verifier, the step controls, the seeds, the verdicts).
//
//   const family = await familyNamed("poker_bluff").replay();
//   family.replayOf(data, checks, play, game)     // {game, games, over, names, throws, steps}
//   family.stepBlocks(step, replay, name)         // the step's body, DOM nodes
//   family.words                                  // the page's keys for this family's steps

import { die, diceRow } from "../../dice.js";
import { el } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { handOf, namedDice } from "./picker_rules.js";
import { replayMoves } from "./replay_moves.js";
import { isIn } from "./rules.js";
import { declarationWords, revealWords, tokensWords } from "./words.js";

/** The catalogue keys the shared page words this family's replay with. */
export const words = {
  lead: "poker.replay.lead", allVerified: "poker.replay.all_verified", someFailed: "poker.replay.some_failed",
  position: "poker.replay.position", controls: "poker.replay.controls", keys: "poker.replay.keys", list: "poker.replay.moves",
  verified: "poker.replay.verified",
};

export function replayOf(data, checks, _play, game) {
  return replayMoves(data, checks, game);
}

/** A step's short name in the list of moves: "Anna declares". */
export function stepLabel(step, name) {
  return t(`poker.replay.step.${step.type}`, { name: name(step.seat) });
}

/** The step's body: what happened, the cup, the round's declarations, the tokens (and the winner at the end). */
export function stepBlocks(step, replay, name) {
  const viewer = { table: { seats: Object.keys(replay.names).map((seat) => ({ seat: Number(seat), name: name(Number(seat)) })) } };
  if (step.type === "doubt") { // the doubt's words, the cup shown, who gave whom a token
    const [doubt, verdict, token] = revealWords(step.state.result, viewer, pageWording);
    return [el("p", { class: "poker-replay-said", "data-type": step.type }, doubt),
      el("div", { class: "poker-replay-reveal", "data-held": String(step.state.result.held) },
        cupRow(step.cup, step.state.result.declaration, name(step.state.result.declarer)),
        el("p", { class: "verdict" }, verdict), el("p", {}, token)),
      declaredList(step, name), tokensBlock(step, name), ...winnerLine(step, name)];
  }
  const blocks = [el("p", { class: "poker-replay-said", "data-type": step.type }, said(step, name))];
  if (step.cup.length) {
    blocks.push(cupBlock(step, name));
  }
  if (step.type === "declare") blocks.push(truthLine(step));
  return [...blocks, declaredList(step, name), tokensBlock(step, name), ...winnerLine(step, name)];
}

function winnerLine(step, name) {
  return step.state.phase === "over" ? [el("p", { class: "winner" }, t("over.winner", { name: name(step.state.winner) }))] : [];
}

function said(step, name) {
  const who = name(step.seat);
  switch (step.type) {
    case "starter": return t("poker.replay.starter", { draw: step.draw, name: who });
    case "roll": return step.kept.length
      ? t("poker.replay.reroll", { name: who, n: step.dice.length, kept: step.kept.join(", "), dice: step.dice.join(", ") })
      : t("poker.replay.roll", { name: who, dice: step.dice.join(", ") });
    case "declare": return t("poker.announce.declared", { name: who, declaration: declarationWords(step.declaration, pageWording) });
    case "believe": return t("poker.announce.believed", { name: who });
    default: return step.keep.length ? t("poker.announce.kept", { name: who, dice: step.keep.join(", ") }) : t("poker.replay.keep_none", { name: who });
  }
}

// The cup as it stands after the step, open; the dice a roll did not touch marked as set aside.
function cupBlock(step, name) {
  const holder = name(step.state.holder);
  const aside = [...step.kept];
  const row = el("div", { class: "dice", role: "img", "aria-label": t("poker.replay.cup", { name: holder, dice: step.cup.join(", ") }) });
  row.append(...step.cup.map((face) => {
    const at = step.type === "roll" ? aside.indexOf(face) : -1;
    if (at >= 0) aside.splice(at, 1);
    const shown = die(face);
    if (at >= 0) shown.classList.add("aside");
    return shown;
  }));
  return el("div", { class: "poker-replay-cup" }, el("p", { class: "who" }, t("poker.replay.cup_of", { name: holder })), row);
}

// The cup a doubt opened, the dice of the declaration marked.
function cupRow(cup, declaration, declarer) {
  const named = [...namedDice(declaration)];
  const row = el("div", { class: "dice", role: "img", "aria-label": t("poker.replay.cup", { name: declarer, dice: cup.join(", ") }) });
  row.append(...cup.map((face) => {
    const at = named.indexOf(face);
    if (at >= 0) named.splice(at, 1);
    return die(face, { counted: at >= 0 });
  }));
  return el("div", { class: "poker-replay-cup" }, row);
}

// A declaration against the cup it was made over: true, or a bluff, and what the cup truly held.
function truthLine(step) {
  const held = isIn(step.declaration, step.cup);
  const hand = handOf(step.cup);
  return el("p", { class: `poker-replay-truth ${held ? "true" : "bluff"}`, "data-held": String(held) },
    t(held ? "poker.replay.true" : "poker.replay.bluff", { hand: hand ? declarationWords(hand, pageWording) : "—" }));
}

function declaredList(step, name) {
  const placed = step.state.declarations;
  if (!placed.length) return el("p", { class: "hint" }, t("poker.declarations.none"));
  return el("div", { class: "poker-replay-declared" }, el("h4", {}, t("poker.declarations.title")),
    el("ol", { class: "bids" }, ...placed.map((p) => {
      const text = declarationWords(p.declaration, pageWording);
      return el("li", {}, `${name(p.seat)}: `, el("span", { class: "bid-words" }, text), diceRow(namedDice(p.declaration), text));
    })));
}

function tokensBlock(step, name) {
  const s = step.state;
  return el("p", { class: "poker-replay-tokens" }, t("poker.tokens_line", {
    tokens: s.seats.map((seat, i) => `${name(seat)}: ${tokensWords(s.tokens[i], pageWording)}`).join(", "),
  }));
}
