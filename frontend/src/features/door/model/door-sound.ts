/**
 * The door's two sounds, made with Web Audio (no files to fetch, so they play offline): a rising
 * pair of notes for someone to let in, a low buzz for a ticket to refuse. The context is created
 * on the operator's tap (browsers start audio only after a gesture) and kept.
 */
let context: AudioContext | null = null;

export function prepareDoorSound(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  void context.resume().catch(() => undefined);
}

function tone(at: number, frequency: number, length: number, type: OscillatorType) {
  if (!context) return;
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = type;
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

export function playDoorSound(good: boolean): void {
  if (!context) return;
  const now = context.currentTime;
  if (good) {
    tone(now, 880, 0.12, 'sine');
    tone(now + 0.13, 1320, 0.18, 'sine');
  } else {
    tone(now, 196, 0.45, 'square');
  }
}
