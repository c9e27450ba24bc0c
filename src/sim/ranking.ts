/**
 * The one ranking rule, shared by the server (frozen results), every client's live HUD and the
 * end screen, so all of them list players in the same order.
 *
 * Order: score (high first), then kills (high first), then deaths (low first), then id.
 * Ranks are competition ranks by score alone ("1, 1, 3"): equal scores share a place.
 * Input: standings in any order (never mutated). Output: a new sorted array, or the places.
 */
import type { Standing } from './match-types';

export function compareStandings(a: Standing, b: Standing): number {
  return b.score - a.score || b.kills - a.kills || a.deaths - b.deaths || a.id - b.id;
}

export function rankStandings(list: readonly Standing[]): Standing[] {
  return [...list].sort(compareStandings);
}

/** 1-based place of each entry of an already ranked list: equal scores share the better place. */
export function placesOf(ranked: readonly Standing[]): number[] {
  const places: number[] = [];
  ranked.forEach((s, i) => {
    const prev = ranked[i - 1];
    places.push(prev && prev.score === s.score ? places[i - 1]! : i + 1);
  });
  return places;
}

/** "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
