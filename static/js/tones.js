// Short soft tones made in the page (WebAudio: no audio files) behind the page's sound switch. Never
// before the first press or key on the page (browsers' autoplay rule: the audio context is made then),
// never while the page is hidden, never when muted (prefs.js "sound", a switch remembered by the
// browser; on until muted). Each family's sounds (games/<family>/sounds.js) and the desk's chime
// name their tones and play them through one of these.
//   const tones = new Tones(byId("sound-toggle"), { turn: [[660, 0, 0.12], [880, 0.14, 0.16]] });
//   tones.play([["turn", 0]]);      // each cue: a sound's name and its delay in seconds

import { preference, setUpSwitch } from "./prefs.js";

export class Tones {
  // `sounds`: each sound's tones as [frequency Hz, start s, length s], a soft sine each.
  constructor(toggle, sounds) {
    this.sounds = sounds;
    this.context = null;
    const unlock = () => {
      if (this.context === null && typeof AudioContext === "function") this.context = new AudioContext();
      this.context?.resume?.();
    };
    document.addEventListener("pointerdown", unlock, { capture: true });
    document.addEventListener("keydown", unlock, { capture: true });
    setUpSwitch(toggle, "sound");
  }

  play(cues) {
    const context = this.context;
    if (!cues.length || context === null || document.hidden || !preference("sound")) return;
    for (const [name, delay] of cues) {
      for (const [frequency, start, length] of this.sounds[name]) tone(context, frequency, context.currentTime + delay + start, length);
    }
  }
}

function tone(context, frequency, at, length) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}
