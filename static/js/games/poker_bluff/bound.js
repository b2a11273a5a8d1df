// The bound on a poker-dice game's rounds (referee/rules/poker_bluff/engine.py ROUND_BOUND): a doubt in
// this round or later that leaves one player holding more tokens ends the game, and that player wins.
// The rules port (rules.js) and the page (table.js) read it here.
export const ROUND_BOUND = 500;
