// The bound on a poker-dice game's rounds (referee/rules/poker_bluff/engine.py ROUND_BOUND): a doubt in
// this round or later that leaves one player holding more tokens ends the game, and that player wins.
// The rules port (poker_rules.js) and the page (poker_page_table.js) read it here.
export const ROUND_BOUND = 500;
