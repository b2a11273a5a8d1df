// The verifier's check lines in the page's language. fairness.js and audit_play.js write every
// check in English, word for word as `referee verify` does (the tests compare the two), so the
// audit page translates them here: each line is matched against the patterns below and worded
// by the catalogue's `check.*` key with what the pattern captured. The English catalogue gives
// back the verifier's very words; a line no pattern knows is shown as the verifier wrote it.
// Pure (no DOM): node runs it as the page does.
//
//   checkWords("seq 8: x_r, every die and every salt match the commitment", ru)
//   // "запись 8: x_r, каждый кубик и каждая соль совпадают с обязательством"

// Seats are numbered from 1 wherever a person reads them (the table's seat chips say 1…4); the log
// and both verifiers number them from 0, so every seat number of a line is shifted before it is
// worded (`seatsFromOne`): the English page reads the verifier's line with its seats counted from 1.
//
// [pattern, key, names of its groups in order]; a name starting with "_" is itself a check phrase
// (translated in turn), one starting with "$" a list of seats ("seat 1: 2, seat 2: 1"), one starting
// with "%" an attempt's kind ("telekinesis"), "!" a log entry's kind ("round_dealt"), "~" a draw's
// purpose kind ("roll_off"), "@" a game's outcome ("in play"), "&" a bracket round's pairs ("seats 1–2, seat 3 has a bye"), "^" the
// export's format ("tavern-jack-audit/1").
const PATTERNS = [
  [/^seq (\d+) \((\w+)\): (.+)$/, "check.at_seq_kind", ["seq", "!kind", "_text"]],
  [/^seq (\d+) \((\w+)\) (.+)$/, "check.at_seq_kind_bare", ["seq", "!kind", "_text"]],
  [/^seq (\d+): (.+)$/, "check.at_seq", ["seq", "_text"]],
  [/^(.+); the game has reached its bound of (\d+) rounds: seat (\d+) holds the most dice and wins$/, "check.bound_dice", ["_text", "bound", "seat"]],
  [/^(.+); the game has reached its bound of (\d+) rounds: seat (\d+) holds the most tokens and wins$/, "check.bound_tokens", ["_text", "bound", "seat"]],
  [/^(.+); seat (\d+) wins$/, "check.and_wins", ["_text", "seat"]],
  [/^(\d+) entries, sequence and hash chain intact$/, "check.log_ok", ["n"]],
  [/^the export starts at seq (\d+); earlier entries are not included$/, "check.log_partial", ["seq"]],
  [/^the export starts at seq (\d+), after the table's creation: the games are not re-derived$/, "check.not_from_creation", ["seq"]],
  [/^signed by the server key at seq (\d+)$/, "check.head_ok", ["seq"]],
  [/^(tavern-jack-audit\/\d+) for table (\S+), server key (\S+)$/, "check.export_ok", ["^format", "table", "key"]],
  [/^manifest signed by the server key$/, "check.manifest_ok", []],
  [/^commitment signed, root ([0-9a-f]+)…$/, "check.commitment_ok", ["root"]],
  [/^draw commitment signed, root ([0-9a-f]+)…$/, "check.draw_commitment_ok", ["root"]],
  [/^x_r, every die and every salt match the commitment$/, "check.dice_ok", []],
  [/^committed, not revealed yet$/, "check.not_revealed", []],
  [/^in play: re-derived by the rules up to seq (\d+)$/, "check.in_play", ["seq"]],
  [/^note: this cup was rolled by the server alone: nobody was connected$/, "check.alone_cup_nobody", []],
  [/^note: this cup was rolled by the server alone: no seed arrived in time$/, "check.alone_cup_late", []],
  [/^note: this roll\-off throw was rolled by the server alone: nobody was connected$/, "check.alone_throw_nobody", []],
  [/^note: this roll\-off throw was rolled by the server alone: no seed arrived in time$/, "check.alone_throw_late", []],
  [/^note: this round's dice were dealt by the server alone: nobody was connected$/, "check.alone_deal_nobody", []],
  [/^note: this round's dice were dealt by the server alone: no seed arrived in time$/, "check.alone_deal_late", []],
  [/^note: this starter draw was rolled by the server alone: nobody was connected$/, "check.alone_starter_nobody", []],
  [/^note: this starter draw was rolled by the server alone: no seed arrived in time$/, "check.alone_starter_late", []],
  [/^note: this bracket draw was rolled by the server alone: nobody was connected$/, "check.alone_bracket_nobody", []],
  [/^note: this bracket draw was rolled by the server alone: no seed arrived in time$/, "check.alone_bracket_late", []],
  [/^note: this draw was rolled by the server alone: nobody was connected$/, "check.alone_draw_nobody", []],
  [/^note: this draw was rolled by the server alone: no seed arrived in time$/, "check.alone_draw_late", []],
  [/^note: this check roll was rolled by the server alone: nobody was connected$/, "check.alone_check_nobody", []],
  [/^note: this check roll was rolled by the server alone: no seed arrived in time$/, "check.alone_check_late", []],
  [/^note: this target die was rolled by the server alone: nobody was connected$/, "check.alone_target_nobody", []],
  [/^note: this target die was rolled by the server alone: no seed arrived in time$/, "check.alone_target_late", []],
  [/^note: this check roll was rolled by the server alone \(a log written before checks took the attempter's seed: the operator could know it before the judgement\)$/, "check.alone_check_old", []],
  [/^note: this target die was rolled by the server alone \(a log written before checks took the attempter's seed: the operator could know it before the judgement\)$/, "check.alone_target_old", []],
  [/^the sealed seed of seat (\d+), who attempted it, went into the draw$/, "check.sealed_seed_in", ["seat"]],
  [/^note: attempt (\d+) is still sealed: its seed is checked once it is revealed$/, "check.sealed_pending", ["attempt"]],
  [/^note: no seed from seat (\d+) \(late\): .+$/, "check.seed_late", ["seat"]],
  [/^note: no seed from seat (\d+) \(not_connected\): their browser was not connected when the draw was made$/,
    "check.draw_seed_not_connected", ["seat"]],
  [/^note: no seed from seat (\d+) \(not_connected\): .+$/, "check.seed_not_connected", ["seat"]],
  [/^the deal matches the dice the rules hold \((.+)\); a palifico round: ones are not wild$/, "check.deal_palifico", ["$counts"]],
  [/^the deal matches the dice the rules hold \((.+)\)$/, "check.deal_ok", ["$counts"]],
  [/^seats ([\d, ]+) start with (\d+) dice each; seat (\d+) opens, as the opener rule gives$/, "check.start", ["seats", "n", "opener"]],
  [/^seats ([\d, ]+) start with (\d+) dice each; the roll-off decides who opens$/, "check.start_roll_off", ["seats", "n"]],
  [/^seat (\d+) calls Liar on (\d+ × \d+) by seat (\d+): (\d+) counted, so (.+)$/, "check.liar", ["caller", "bid", "bidder", "count", "_cost"]],
  [/^seat (\d+) says spot on to (\d+ × \d+) by seat (\d+): (\d+) counted, so (.+)$/, "check.spot_on", ["caller", "bid", "bidder", "count", "_cost"]],
  [/^seat (\d+) loses (\d+) (?:die|dice) and is out$/, "check.cost_out", ["seat", "n"]],
  [/^seat (\d+) loses (\d+) (?:die|dice)$/, "check.cost", ["seat", "n"]],
  [/^nobody loses and seat (\d+) gets (\d+) die back$/, "check.cost_back", ["seat", "n"]],
  [/^nobody loses and seat (\d+) gets no die back \(it holds all its dice\)$/, "check.cost_no_back", ["seat"]],
  [/^game_settled names seat (\d+) the winner, as the rules do$/, "check.settled_ok", ["seat"]],
  [/^the penalty leaves seat (\d+) the last player holding dice: seat \d+ wins$/, "check.penalty_win", ["seat"]],
  [/^throw (\d+) \(draw (\d+)\): (.+); (.+)$/, "check.throw", ["n", "draw", "$dice", "_outcome"]],
  [/^(.+) are tied and throw again$/, "check.tied", ["$groups"]],
  [/^the seat order is ([\d, ]+): seat (\d+) opens$/, "check.seat_order", ["seats", "opener"]],
  [/^(.+): (\[[^\]]*\]) match the commitment$/, "check.draw_ok", ["_label", "values"]],
  [/^(\w+) of game (\d+) \(roll (\d+)\)$/, "check.purpose_game", ["~kind", "game", "roll"]],
  [/^(\w+) of game (\d+)$/, "check.purpose_game_once", ["~kind", "game"]],
  [/^(\w+) of attempt (\d+) \(roll (\d+)\)$/, "check.purpose_attempt_roll", ["~kind", "attempt", "roll"]],
  [/^(\w+) of attempt (\d+)$/, "check.purpose_attempt", ["~kind", "attempt"]],
  [/^the seeds of seats ([\d, ]+) went into the draw$/, "check.seeds_in", ["seats"]],
  [/^in play: the round's dice are not yet revealed; re-derived by the rules up to seq (\d+)$/, "check.in_play_sealed", ["seq"]],
  [/^note: the bracket pairs the entrants in seat order \(a log from before brackets were drawn\): the server could choose who plays whom by the seats it gave$/,
    "check.bracket_seat_order", []],
  [/^draw (\d+) \((.+)\) gives (\d+): seat (\d+) starts, as the draw names$/, "check.starter_ok", ["draw", "_purpose", "value", "seat"]],
  [/^draw (\d+) of game (\d+) orders the bracket ([\d, ]+); round (\d+): (.+)$/, "check.bracket_drawn", ["draw", "game", "order", "round", "&pairs"]],
  [/^seat (\d+) doubts ([\d,+]+) by seat (\d+): the cup holds ([\d, ]+), a bluff, so seat (\d+) gives a token to seat (\d+) \((.+)\)$/,
    "check.doubt_bluff", ["doubter", "declaration", "declarer", "cup", "loser", "winner", "$tokens"]],
  [/^seat (\d+) doubts ([\d,+]+) by seat (\d+): the cup holds ([\d, ]+), it holds, so seat (\d+) gives a token to seat (\d+) \((.+)\)$/,
    "check.doubt_held", ["doubter", "declaration", "declarer", "cup", "loser", "winner", "$tokens"]],
  [/^seat (\d+) is the champion, as the bracket gives$/, "check.champion_ok", ["seat"]],
  [/^seats (\d+), (\d+) \(seat (\d+) opens\) play game (\d+) of their match in round (\d+) of evening (\d+)'s bracket, as it gives$/,
    "check.match_game", ["a", "b", "opener", "n", "round", "evening"]],
  [/^seats (\d+), (\d+) \(seat (\d+) opens\) play their match in round (\d+) of evening (\d+)'s bracket, as it gives$/,
    "check.match", ["a", "b", "opener", "round", "evening"]],
  [/^seats (\d+), (\d+) \(the starter is drawn\) play game (\d+) of their match in round (\d+) of evening (\d+)'s bracket, as it gives$/,
    "check.match_game_drawn", ["a", "b", "n", "round", "evening"]],
  [/^seats (\d+), (\d+) \(the starter is drawn\) play their match in round (\d+) of evening (\d+)'s bracket, as it gives$/,
    "check.match_drawn", ["a", "b", "round", "evening"]],
  [/^seats ([\d, ]+) enter the bracket; its order is drawn$/, "check.bracket_entered_drawn", ["seats"]],
  [/^seats ([\d, ]+) enter the bracket; round (\d+): (.+)$/, "check.bracket_entered", ["seats", "round", "&pairs"]],
  [/^game (\d+): seats (\d+), (\d+) \(seat (\d+) opens\): seat (\d+) wins, (\d+) rounds? checked$/, "check.summary_won", ["game", "a", "b", "opener", "winner", "n"]],
  [/^game (\d+): seats (\d+), (\d+) \(the starter is drawn\): seat (\d+) wins, (\d+) rounds? checked$/, "check.summary_won_drawn", ["game", "a", "b", "winner", "n"]],
  [/^game (\d+): seats (\d+), (\d+) \(seat (\d+) opens\): (FAILED|in play|stopped by an arena forfeit), (\d+) rounds? checked$/,
    "check.summary_other", ["game", "a", "b", "opener", "@state", "n"]],
  [/^game (\d+): seats (\d+), (\d+) \(the starter is drawn\): (FAILED|in play|stopped by an arena forfeit), (\d+) rounds? checked$/,
    "check.summary_other_drawn", ["game", "a", "b", "@state", "n"]],
  [/^the die change \(die (\d+) of seat (\d+) to (\d+)\) follows attempt (\d+) \((\w+) by seat (\d+)\), whose check succeeded: (.+)$/,
    "check.change_ok", ["die", "seat", "value", "attempt", "%kind", "by", "sum"]],
  [/^the die change \(die (\d+) of seat (\d+) to (\d+)\) names attempt (\d+), whose details are published when the game ends: not checked yet$/,
    "check.change_sealed", ["die", "seat", "value", "attempt"]],
  [/^the penalty die of seat (\d+) follows attempt (\d+), whose check failed \((.+)\) and whose consequence is a penalty$/,
    "check.penalty_ok", ["seat", "attempt", "sum"]],
  [/^the penalty die of seat (\d+) names attempt (\d+), whose details are published when the game ends: not checked yet$/,
    "check.penalty_sealed", ["seat", "attempt"]],
  [/^the draw$/, "check.the_draw", []],
  [/^the signature was not checked: no WebCrypto Ed25519 here$/, "check.no_ed25519", []],
  [/^the head signature was not checked: no WebCrypto Ed25519 here$/, "check.no_ed25519_head", []],
  [/^the manifest signature was not checked: no WebCrypto Ed25519 here$/, "check.no_ed25519_manifest", []],
  [/^the hash does not match the entry's content: the entry was altered$/, "check.altered", []],
  [/^the revealed secret does not match its secret_digest$/, "check.secret_digest", []],
  [/^note: (\d+) sealed entries have unsalted digests \(a log written before digests were salted\): anyone can test guesses against them$/,
    "check.unsalted_note", ["n"]],
  [/^a private message's text is in the export$/, "check.private_text", []],
  [/^a private message is published as a digest: it must leave the server in no form$/, "check.private_digest", []],
  [/^an unsalted secret digest after salted ones: anyone can test guesses against it$/, "check.unsalted_after", []],
  [/^the salt is published before the secret: anyone can test guesses against its digest$/, "check.salt_early", []],
  [/^the revealed secret comes without its salt$/, "check.salt_missing", []],
  [/^its salt is the salt of seq (\d+): a salt used again lets anyone test guesses once the first is revealed$/,
    "check.salt_reused", ["other"]],
  [/^the head signature is not valid for the server key$/, "check.head_bad", []],
  [/^the log ends at seq (\d+) but the signed head is at seq (\d+): the export is truncated$/, "check.truncated", ["last", "head"]],
  [/^the manifest signature is not valid: the manifest was altered$/, "check.manifest_bad", []],
  [/^the dice derived from x_(\d+) and the seeds do not match the committed root$/, "check.dice_bad", ["round"]],
  [/^x_(\d+) does not hash back to the manifest's anchor x_0$/, "check.anchor_bad", ["round"]],
  [/^the seeds digest does not match the seeds$/, "check.seeds_bad", []],
  [/^not JSON: (.+)$/, "check.not_json", ["error"]],
];

// The step a general check is filed under ("export", "log", "head", "table"), in words.
const STEPS = new Set(["export", "log", "head", "table"]);

export function stepWords(step, wording) {
  if (STEPS.has(step)) return wording.t(`check.step.${step}`);
  const numbered = /^(evening|seq) (\d+)$/.exec(step);
  return numbered ? wording.t(`check.step.${numbered[1]}`, { n: Number(numbered[2]) }) : step;
}

export function checkWords(message, wording) {
  return worded(seatsFromOne(String(message)), wording);
}

function worded(message, wording) {
  for (const [pattern, key, names] of PATTERNS) {
    const found = pattern.exec(message);
    if (!found) continue;
    const params = {};
    names.forEach((name, i) => {
      const value = found[i + 1];
      if (name.startsWith("_")) params[name.slice(1)] = worded(value, wording);
      else if (name.startsWith("$")) params[name.slice(1)] = seatWords(value, wording);
      else if (name.startsWith("%")) params[name.slice(1)] = kindWords(value, wording);
      else if (name.startsWith("!")) params[name.slice(1)] = named("check.entry", value.replace(/ /g, "_"), wording);
      else if (name.startsWith("~")) params[name.slice(1)] = named("check.purpose", value, wording);
      else if (name.startsWith("@")) params[name.slice(1)] = named("check.outcome", value.replace(/ /g, "_"), wording);
      else if (name.startsWith("&")) params[name.slice(1)] = pairsWords(value, wording);
      else if (name.startsWith("^")) params[name.slice(1)] = formatWords(value, wording);
      else params[name] = /^\d+$/.test(value) ? Number(value) : value;
    });
    return wording.t(key, params);
  }
  return message;
}

// Every seat number of a verifier's line counted from 1: "seat 0" -> "seat 1", "seats 0, 1" and
// "seats 0–1" -> "seats 1, 2" and "seats 1–2", the seat lists of orders and entrants; dice, counts,
// seqs, draws and rounds stay as they are. Pure.
export function seatsFromOne(message) {
  const up = (list) => list.replace(/\d+/g, (n) => String(Number(n) + 1));
  return message
    .replace(/\bseats ((?:\d+(?:, |–| and ))*\d+)/g, (_, list) => `seats ${up(list)}`)
    .replace(/\bseat (\d+)( or (\d+))?/g, (_, a, or, b) => "seat " + (Number(a) + 1) + (or ? " or " + (Number(b) + 1) : ""))
    .replace(/\b(seats|entrants|order is|gives) \[([\d, ]*)\]/g, (_, word, list) => `${word} [${up(list)}]`)
    .replace(/\b(the seat order is|orders the bracket|the seated players are) ([\d, ]+)/g, (_, words, list) => `${words} ${up(list)}`);
}

// A draw result's label in the page's words, its seats counted from 1: "seat 0" (a roll-off die),
// "seat 0 or 1" (a starter), "place 1 of 3" (a bracket), "die".
export function labelWords(label, wording) {
  const text = seatsFromOne(String(label ?? ""));
  const found = /^seat (\d+)(?: or (\d+))?$/.exec(text) ?? /^place (\d+) of (\d+)$/.exec(text);
  if (text === "die") return wording.t("check.label.die");
  if (!found) return text;
  if (text.startsWith("place")) return wording.t("check.label.place", { k: Number(found[1]), n: Number(found[2]) });
  return found[2] ? wording.t("check.label.seat_or", { a: Number(found[1]), b: Number(found[2]) }) : wording.t("check.label.seat", { seat: Number(found[1]) });
}

// A word of the catalogue's `area` ("check.entry.round_dealt"), else the identifier as the log writes it.
function named(area, value, wording) {
  const key = `${area}.${value}`;
  const text = wording.t(key);
  return text === key ? value : text;
}

// A bracket round's pairs: "seats 1–2, seat 3 has a bye".
function pairsWords(text, wording) {
  return text.split(/, (?=seats? )/).map((part) => {
    const pair = /^seats (\d+)–(\d+)$/.exec(part);
    const bye = /^seat (\d+) has a bye$/.exec(part);
    if (pair) return wording.t("check.pair", { a: Number(pair[1]), b: Number(pair[2]) });
    return bye ? wording.t("check.bye", { seat: Number(bye[1]) }) : part;
  }).join(", ");
}

// The export's format: "tavern-jack-audit/1" in words (the English page keeps the label itself).
function formatWords(format, wording) {
  const version = /\/(\d+)$/.exec(format);
  return version ? wording.t("check.format", { version: Number(version[1]) }) : format;
}

// "seat 1: 2, seat 2: 1" and "seats 1, 2 and seats 3, 4" in the page's words.
function seatWords(text, wording) {
  const words = { seat: "check.word_seat", seats: "check.word_seats", and: "check.word_and" };
  return text.replace(/\b(seats|seat|and)\b/g, (word) => wording.t(words[word]));
}

// An attempt's kind in the page's words; a kind the catalogue does not know stays as the log writes it.
function kindWords(kind, wording) {
  const key = `check.kind.${kind}`;
  const text = wording.t(key);
  return text === key ? kind : text;
}
