// A pot or a prize won in words, from the server's {amounts: {unit: "decimal"}, items: [text]}
// (referee/gm/stakes.py): "3 gold, 0.5 silver, a song".
//
//   potText({ amounts: { gold: "3" }, items: ["a song"] })   // "3 gold, a song"

export function potText(pot) {
  return [...Object.entries(pot.amounts).map(([unit, amount]) => `${amount} ${unit}`.trim()), ...pot.items].join(", ");
}
