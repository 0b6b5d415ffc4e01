import type { KeyValueStorage } from './check-in-queue';
import type { DoorList, SlotRef } from './door-list';
import { normalizePhoneName, phoneNameFault } from './phone-name';

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

/** The code this page once made up for an unnamed phone: not a name anyone gave it. */
const MADE_UP_NAME = /^door-[0-9a-f]{8}$/;

/**
 * The name its operator gave this phone, kept on the phone and sent with each check-in; null
 * until they name it (a check-in is then named by its operator alone).
 */
export function phoneName(storage: KeyValueStorage): string | null {
  const stored = storage.getItem(DEVICE_KEY);
  if (stored === null || MADE_UP_NAME.test(stored) || phoneNameFault(stored)) return null;
  return normalizePhoneName(stored);
}

/** Keeps the phone's new name, as the server will store it; false for a name it would refuse. */
export function namePhone(storage: KeyValueStorage, name: string): boolean {
  if (phoneNameFault(name)) return false;
  storage.setItem(DEVICE_KEY, normalizePhoneName(name));
  return true;
}
