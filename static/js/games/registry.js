// The page's one registry of rules families: the only shared module that imports from games/
// (tests/test_import_graph.py holds every other shared module to that). A family's page modules
// live in games/<family>/ and import shared modules freely, never another family's folder; the
// shared pages reach a family only through the loaders below, each a lazy import, so a page runs
// only the family it needs (the bundler makes each one a chunk: referee/web/bundle.py).
//
//   table()     its table renderer: createTable({ send })   (families.js, the table page)
//   desk()      its part of the referee's desk: createDesk({ send })   (referee_families.js)
//   options()   its options on the home page: homeOptions()   (home.js)
//   verifier()  its log's re-derivation for the audit: checkLog(entries, report)   (audit_play.js)
//   replay()    optional: its game's verified replay, step by step: replayOf, stepLabel, stepBlocks,
//               words (replay.js); a family without one replays round by round (replay_checks.js)
//
//   await familyNamed("poker_bluff").table()   // the module of games/poker_bluff/table.js
//   familyNamed("chess") === null              // not a family of this site
//
// A new family adds its folder and one entry here; nothing else on the page side changes.

export const DEFAULT_FAMILY = "liars_dice";

const FAMILIES = {
  liars_dice: {
    table: () => import("./liars_dice/table.js"),
    desk: () => import("./liars_dice/desk.js"),
    options: () => import("./liars_dice/table_options.js"),
    verifier: () => import("./liars_dice/log_check.js"),
  },
  poker_bluff: {
    table: () => import("./poker_bluff/table.js"),
    desk: () => import("./poker_bluff/desk.js"),
    options: () => import("./poker_bluff/options.js"),
    verifier: () => import("./poker_bluff/play.js"),
    replay: () => import("./poker_bluff/replay_page.js"),
  },
};

/** Every family's name, in the order the home page offers them. */
export const FAMILY_NAMES = Object.freeze(Object.keys(FAMILIES));

/** The loaders of the family named `name`, or null for a name that is not a family. */
export function familyNamed(name) {
  return Object.hasOwn(FAMILIES, name ?? "") ? FAMILIES[name] : null;
}

/** The family a page names (a table's data-family), the default one when it names none or another. */
export function pageFamily(name) {
  return familyNamed(name) ?? FAMILIES[DEFAULT_FAMILY];
}
