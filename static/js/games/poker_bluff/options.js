// The poker-dice table options on the home page (RULES.md B1–B2, PokerSettings): tokens each
// (1–10), the token's value (text, at most 40 printable characters, only shown), and "two games,
// alternate starter". Checked here before anything is sent; the server checks them again.
//
//   const poker = new PokerOptions(byId("poker-options"));
//   poker.request()   // { game: "poker_bluff", rules: { tokens: 3, token_value: "1 silver", two_games: false } }
//   homeOptions()     // the same in the home page's #poker-options (registry.js `options`, home.js)

import { byId, el, setText } from "../../dom.js";
import { t } from "../../i18n.js";

export const TOKENS = [1, 10];
export const TOKEN_VALUE_MAX = 40;
const PRINTABLE = /^[^\p{C}\u2028\u2029]*$/u;

// Why these settings cannot be sent: the field at fault and the catalogue key, or null.
export function pokerProblem({ tokens, token_value: value }) {
  if (!Number.isInteger(tokens) || tokens < TOKENS[0] || tokens > TOKENS[1]) return { field: "tokens", key: "poker.options.bad_tokens" };
  if ([...value].length > TOKEN_VALUE_MAX || !PRINTABLE.test(value)) return { field: "token_value", key: "poker.options.bad_value" };
  return null;
}

// On the home page: the control, the parts of the form shown while poker-dice is chosen, and no
// roleplay cheating (a Liar's Dice feature).
export function homeOptions() {
  return { options: new PokerOptions(byId("poker-options")), parts: ["poker-options", "poker-rules"], cheating: false };
}

export class PokerOptions {
  // root: a <details> holding a <summary> with a `.options-badge` and an empty `.options-body`.
  constructor(root) {
    this.root = root;
    this.badgeLine = root.querySelector(".options-badge");
    const field = (id, label, input, hint) => el("div", { class: `option ${input.type === "checkbox" ? "toggle" : "number"}` },
      ...(input.type === "checkbox" ? [input, el("label", { for: id }, t(label))] : [el("label", { for: id }, t(label)), input]),
      el("p", { id: `${id}-hint`, class: "hint" }, t(hint)));
    this.inputs = {
      tokens: el("input", { type: "number", id: "poker-tokens", min: TOKENS[0], max: TOKENS[1], step: 1, value: 3,
        inputmode: "numeric", required: true, "aria-describedby": "poker-tokens-hint" }),
      token_value: el("input", { type: "text", id: "poker-token_value", maxlength: TOKEN_VALUE_MAX, autocomplete: "off",
        "aria-describedby": "poker-token_value-hint" }),
      two_games: el("input", { type: "checkbox", id: "poker-two_games", "aria-describedby": "poker-two_games-hint" }),
    };
    root.querySelector(".options-body").append(
      field("poker-tokens", "poker.options.tokens", this.inputs.tokens, "poker.options.tokens_hint"),
      field("poker-token_value", "poker.options.token_value", this.inputs.token_value, "poker.options.token_value_hint"),
      field("poker-two_games", "poker.options.two_games", this.inputs.two_games, "poker.options.two_games_hint"));
    root.addEventListener("input", () => this.refresh());
    root.addEventListener("change", () => this.refresh());
    this.refresh();
  }

  get settings() {
    const tokens = this.inputs.tokens.value.trim();
    return { tokens: tokens === "" ? Number.NaN : Number(tokens), token_value: this.inputs.token_value.value.trim(),
      two_games: this.inputs.two_games.checked };
  }

  request() {
    return { game: "poker_bluff", rules: this.settings };
  }

  // Why these options cannot be sent, in words (or ""); opens the options and focuses the field at fault.
  problem() {
    const found = pokerProblem(this.settings);
    if (!found) return "";
    this.root.open = true;
    this.inputs[found.field].focus();
    return t(found.key);
  }

  refresh() {
    const settings = this.settings;
    const found = pokerProblem(settings);
    for (const [name, input] of Object.entries(this.inputs)) {
      if (found?.field === name) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    if (found) return;
    const parts = [t("poker.tokens", { n: settings.tokens })];
    if (settings.token_value) parts.push(t("poker.token_value", { value: settings.token_value }));
    if (settings.two_games) parts.push(t("poker.options.two_games"));
    setText(this.badgeLine, parts.join(" · "));
  }
}
