import type { KeyValueStorage } from './check-in-queue';
import type { DoorList, SlotRef } from './door-list';

/**
 * The last door list fetched for each slot, with its keys and revoked tickets, kept in this
 * phone's storage so the door keeps working, and verifying tickets, without a network.
 */
const LISTS_KEY = 'door.lists';
const SLOT_KEY = 'door.slot';
const DEVICE_KEY = 'door.device';

const slotKey = (slot: SlotRef) => `${slot.event}\n${slot.time}`;

function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function allLists(storage: KeyValueStorage): Record<string, DoorList> {
  const stored = readJson(storage, LISTS_KEY);
  return typeof stored === 'object' && stored !== null ? (stored as Record<string, DoorList>) : {};
}

export function cachedDoorList(storage: KeyValueStorage, slot: SlotRef): DoorList | undefined {
  return allLists(storage)[slotKey(slot)];
}

/**
 * Keeps a fetched list. Lists of other slots are kept while they are less than two days old
 * (the phone may move between two slots of an evening); older ones are dropped.
 */
export function cacheDoorList(storage: KeyValueStorage, list: DoorList, now: Date): void {
  const kept = Object.fromEntries(
    Object.entries(allLists(storage)).filter(
      ([, other]) => now.getTime() - Date.parse(other.syncedAt) < 2 * 24 * 3600 * 1000,
    ),
  );
  kept[slotKey(list)] = list;
  try {
    storage.setItem(LISTS_KEY, JSON.stringify(kept));
  } catch {
    // A full storage keeps the list in memory only; the page still works while it is open.
  }
}

export function rememberedSlot(storage: KeyValueStorage): SlotRef | null {
  const stored = readJson(storage, SLOT_KEY) as Partial<SlotRef> | null;
  return stored && typeof stored.event === 'string' && typeof stored.time === 'string'
    ? { event: stored.event, time: stored.time }
    : null;
}

export function rememberSlot(storage: KeyValueStorage, slot: SlotRef): void {
  storage.setItem(SLOT_KEY, JSON.stringify({ event: slot.event, time: slot.time }));
}

/** A name for this phone, kept across reloads, sent with each check-in (at most 64 characters). */
export function deviceName(storage: KeyValueStorage, random: () => string): string {
  const stored = storage.getItem(DEVICE_KEY);
  if (stored && stored.length <= 64) return stored;
  const name = `door-${random().slice(0, 8)}`;
  storage.setItem(DEVICE_KEY, name);
  return name;
}
