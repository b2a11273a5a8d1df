// The reveal's count rule: which dice count for the bid face.

// Whether a die shows the bid face for the count: the face itself, or a one when ones are wild.
export function counts(die, face, rules) {
  return die === face || (rules.wild_ones && die === 1);
}
