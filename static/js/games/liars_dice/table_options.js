// The table options control: a preset select, then every house-rule switch of RULES.md A2 with a
// one-line explanation; choosing a preset sets the switches, and switches that do not combine are
// explained at once (before anything is sent). The home page and the host's lobby both use it.
//
//   const options = new TableOptions(byId("options"), { prefix: "opt" });
//   options.request()   // { preset: "kul_tiras", rules: { duel_dice: true } }: the preset and what differs from it
//   homeOptions()       // the home page's Liar's Dice options (registry.js `options`, home.js)

import { byId, el, setText, show } from "../../dom.js";
import { pageWording, t } from "../../i18n.js";
import { complete, conflicts, nearestPreset, overrides, PRESET_NAMES, presetSettings, SWITCHES } from "./house_rules.js";
import { badge } from "./rules_summary.js";

// On the home page: the control in #options, the parts of the form shown while Liar's Dice is
// chosen, and whether its referee may allow roleplay cheating (RULES.md C5).
export function homeOptions() {
  return { options: new TableOptions(byId("options"), { prefix: "opt" }), parts: ["options", "liars-rules"], cheating: true };
}

export class TableOptions {
  // root: a <details> holding a <summary> with a `.options-badge` and an empty `.options-body`.
  constructor(root, { prefix, onChange = () => {} }) {
    Object.assign(this, { root, prefix, onChange, inputs: {} });
    const body = root.querySelector(".options-body");
    this.badgeLine = root.querySelector(".options-badge");
    this.preset = el("select", { id: `${prefix}-preset`, "aria-describedby": `${prefix}-preset-hint ${prefix}-changed` },
      ...PRESET_NAMES.map((name) => el("option", { value: name }, t(`options.preset.${name}`))));
    this.preset.addEventListener("change", () => this.set(presetSettings(this.preset.value), this.preset.value));
    this.changed = el("p", { id: `${prefix}-changed`, class: "hint" });
    this.conflictBox = el("div", { id: `${prefix}-conflicts`, class: "conflicts", "aria-live": "polite", hidden: true });
    body.append(
      el("p", { class: "hint" }, t("options.hint")),
      el("div", { class: "option" }, el("label", { for: this.preset.id }, t("options.preset")), this.preset,
        el("p", { id: `${prefix}-preset-hint`, class: "hint" }, t("options.preset_hint")), this.changed),
      ...SWITCHES.map((rule) => this.field(rule)),
      this.conflictBox);
    body.addEventListener("change", (event) => { if (event.target !== this.preset) this.refresh(); });
    body.addEventListener("input", (event) => { if (event.target.type === "number") this.refresh(); });
    this.set(presetSettings("tavern"), "tavern");
  }

  field(rule) {
    const id = `${this.prefix}-${rule.name}`;
    const hint = el("p", { id: `${id}-hint`, class: "hint" }, t(`options.${rule.name}.hint`));
    const described = `${id}-hint ${this.prefix}-conflicts`;
    if (rule.kind === "choice") {
      const radios = rule.values.map((value) => el("input", { type: "radio", name: id, value }));
      this.inputs[rule.name] = radios;
      return el("fieldset", { class: "option choice", id, "aria-describedby": described },
        el("legend", {}, t(`options.${rule.name}`)),
        ...radios.map((radio) => el("label", { class: "pill" }, radio, el("span", {}, t(`options.${rule.name}.${radio.value}`)))),
        hint);
    }
    if (rule.kind === "bool") {
      const box = el("input", { type: "checkbox", id, "aria-describedby": described });
      this.inputs[rule.name] = box;
      return el("div", { class: "option toggle" }, box, el("label", { for: id }, t(`options.${rule.name}`)), hint);
    }
    const number = el("input", { type: "number", id, min: rule.min, max: rule.max, step: 1, inputmode: "numeric",
      required: true, "aria-describedby": described });
    this.inputs[rule.name] = number;
    return el("div", { class: "option number" }, el("label", { for: id }, t(`options.${rule.name}`)), number, hint);
  }

  // Every switch as the controls show it; a number that is not a whole number stays as typed (NaN).
  get settings() {
    return Object.fromEntries(SWITCHES.map((rule) => [rule.name, this.read(rule)]));
  }

  read(rule) {
    const input = this.inputs[rule.name];
    if (rule.kind === "choice") return input.find((radio) => radio.checked)?.value ?? rule.default;
    if (rule.kind === "bool") return input.checked;
    return input.value.trim() === "" ? Number.NaN : Number(input.value);
  }

  // Show these settings (a view's `rules` will do), under `preset` (default: the nearest one).
  set(rules, preset = null) {
    const settings = complete(rules);
    this.preset.value = preset ?? nearestPreset(settings);
    for (const rule of SWITCHES) {
      const input = this.inputs[rule.name];
      if (rule.kind === "choice") for (const radio of input) radio.checked = radio.value === settings[rule.name];
      else if (rule.kind === "bool") input.checked = settings[rule.name];
      else input.value = String(settings[rule.name]);
    }
    this.refresh();
  }

  // Numbers outside their range (or not whole): the names of their switches.
  outOfRange() {
    const settings = this.settings;
    return SWITCHES.filter((rule) => rule.kind === "int")
      .filter((rule) => !Number.isInteger(settings[rule.name]) || settings[rule.name] < rule.min || settings[rule.name] > rule.max)
      .map((rule) => rule.name);
  }

  conflicts() {
    return conflicts(this.settings);
  }

  // What to send: the preset and the switches that differ from it.
  request() {
    return { preset: this.preset.value, rules: overrides(this.settings, this.preset.value) };
  }

  // Why these options cannot be sent, in words (or "" when they can); focuses the first field at fault.
  problem() {
    const wrong = this.outOfRange();
    const clashes = this.conflicts();
    const first = wrong[0] ?? clashes[0]?.keys[0];
    if (first === undefined) return "";
    this.root.open = true;
    const input = this.inputs[first];
    (Array.isArray(input) ? input.find((radio) => radio.checked) ?? input[0] : input).focus();
    if (wrong.length) return t("error.settings/out_of_range");
    return [t("options.conflicts"), ...clashes.map((clash) => t(`options.conflict.${clash.id}`))].join(" ");
  }

  refresh() {
    const settings = this.settings;
    const wrong = new Set(this.outOfRange());
    const clashes = wrong.size ? [] : conflicts(settings);
    const blamed = new Set([...wrong, ...clashes.flatMap((clash) => clash.keys)]);
    for (const rule of SWITCHES) {
      const input = this.inputs[rule.name];
      const at = blamed.has(rule.name);
      (Array.isArray(input) ? input[0].closest("fieldset") : input.closest(".option")).classList.toggle("blamed", at);
      // A group of radios takes no aria-invalid; the conflicts' text describes it instead.
      if (Array.isArray(input)) continue;
      if (at) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    this.conflictBox.replaceChildren(...(clashes.length ? [el("p", {}, t("options.conflicts")),
      el("ul", {}, ...clashes.map((clash) => el("li", {}, t(`options.conflict.${clash.id}`))))] : []));
    show(this.conflictBox, clashes.length > 0);
    if (!wrong.size) {
      const changed = Object.keys(overrides(settings, this.preset.value)).length;
      setText(this.changed, changed ? t("options.changed", { n: changed }) : "");
      setText(this.badgeLine, badge(settings, pageWording));
    }
    this.onChange(settings);
  }
}
