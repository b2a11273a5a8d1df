// The table page's own preferences, remembered by this browser (localStorage; for this visit only
// where the browser keeps none): sound on, the odds hint, the automatic next round. Each is a
// switch: a button with aria-pressed (its label stays; the pressed look says on), wired by `setUpSwitch`.
//   setUpSwitch(byId("sound-toggle"), "sound", { onChange: (on) => … })   // pressed when remembered on

const PREFIX = "tavern.pref.";
const kept = new Map(); // when localStorage is not available

// Whether `name` is on: as remembered, else `DEFAULTS` (every other preference starts off).
const DEFAULTS = { sound: true };

export function preference(name) {
  try {
    const value = localStorage.getItem(PREFIX + name);
    if (value !== null) return value === "on";
  } catch {
    // storage refused (a private window): this visit's value below
  }
  return kept.get(name) ?? DEFAULTS[name] ?? false;
}

export function setPreference(name, on) {
  kept.set(name, on);
  try {
    localStorage.setItem(PREFIX + name, on ? "on" : "off");
  } catch {
    // kept for this visit only
  }
}

// The switch `button` (its label is the page's) for the preference `name`; `onChange(on)` hears
// every press, and once at the start.
export function setUpSwitch(button, name, { onChange = () => {} } = {}) {
  const render = (on) => button.setAttribute("aria-pressed", String(on));
  button.addEventListener("click", () => {
    const on = !preference(name);
    setPreference(name, on);
    render(on);
    onChange(on);
  });
  render(preference(name));
  onChange(preference(name));
}
