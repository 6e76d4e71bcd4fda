/**
 * The demo venue's players: permanent UUIDs, realistic distinct names and URL slugs, all derived from the seed so a
 * given seed always yields the same venue (the live table and the synthetic history share this roster).
 */
import { createRng } from './rng';

export interface DemoPlayer {
  readonly player_id: string;
  readonly name: string;
  readonly slug: string;
}

const FIRST_NAMES = [
  'Alice',
  'Bruno',
  'Chloe',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Marta',
  'Nikhil',
  'Olga',
  'Pedro',
  'Quinn',
  'Rosa',
  'Samir',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Amara',
  'Boris',
  'Carmen',
  'Declan',
] as const;

const LAST_NAMES = [
  'Abbott',
  'Bianchi',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  "O'Brien",
  'Petrov',
  'Quintero',
  'Rossi',
  'Sato',
  'Tanaka',
  'Ueda',
  'Varga',
  'Whitfield',
  'Xu',
  'Yilmaz',
  'Zielinski',
] as const;

/** Lowercase ASCII words joined by hyphens: "Liam O'Brien" -> "liam-obrien". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Deterministic roster (permanent UUIDs from the seeded rng, realistic distinct names, slugs). The live table seats 6-9
 * of these.
 */
export function createRoster(seed: number, count: number): DemoPlayer[] {
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`roster count must be a non-negative integer, got ${count}`);
  // A separate stream from the table's, so changing the roster size never reshuffles the cards.
  const rng = createRng((seed ^ 0x5eed_7a11) >>> 0);
  const combos: string[] = [];
  for (const first of rng.shuffle(FIRST_NAMES)) {
    for (const last of rng.shuffle(LAST_NAMES)) combos.push(`${first} ${last}`);
  }
  // Interleave so consecutive players rarely share a first name.
  const names = rng.shuffle(combos);
  const players: DemoPlayer[] = [];
  const seenIds = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const base = names[i % names.length] as string;
    const round = Math.floor(i / names.length);
    const name = round === 0 ? base : `${base} ${round + 1}`;
    let player_id = rng.uuid();
    while (seenIds.has(player_id)) player_id = rng.uuid();
    seenIds.add(player_id);
    players.push({ player_id, name, slug: slugify(name) });
  }
  return players;
}
