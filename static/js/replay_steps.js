// What every family's game replay shares in the audit page's verifier (the twin of
// referee/fairness/replay_steps.py): the game's step names, how a failure stops the game, a move
// played through the family's rules, and the check of `game_settled`. A family's replay extends
// it and gives its rules' `apply` (static `rules`), `situation()` (where the game stands, for a
// refused move) and, optionally, `winnerDetail()` (what a wrong winner's message adds).
//
//   class PokerGameReplay extends ReplaySteps { static rules = apply; ... }
//   replay.applied(seq, { type: "next_round" }, "the next round starts")   // false when refused

import { RulesError } from "./rules_errors.js";
import { field } from "./verify_roll_off.js";

export class ReplaySteps {
  get gameStep() { return `game ${this.number}`; }

  get roundStep() { return `game ${this.number} round ${this.state ? this.state.round : 0}`; }

  stop(step, message) { this.report.fail(step, message); this.stopped = true; }

  winnerDetail() { return ""; }

  applied(seq, action, doing) {
    try {
      this.state = this.constructor.rules(this.state, action);
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      this.stop(this.roundStep, `seq ${seq}: ${doing}, which the rules refuse (${error.code}; ${this.situation()})`);
      return false;
    }
    return true;
  }

  game_settled(seq, p) {
    const s = this.state; const winner = field(p, "winner");
    if (s.phase !== "over") this.stop(this.gameStep, `seq ${seq}: game_settled names seat ${winner} the winner, but the game is not over by the rules`);
    else if (winner !== s.winner) this.stop(this.gameStep, `seq ${seq}: game_settled names seat ${winner} the winner, but by the rules seat ${s.winner} won${this.winnerDetail()}`);
    else this.report.add(this.gameStep, true, `seq ${seq}: game_settled names seat ${s.winner} the winner, as the rules do`);
  }
}
