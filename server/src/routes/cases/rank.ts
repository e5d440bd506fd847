import type { CaseMatch } from '@console/contract/http/cases';
import type { MachineKind } from '@console/contract/codes/machine-kinds';

interface Candidate {
  id: number;
  title: string;
  symptom: string;
  cause: string;
  machineKind: MachineKind;
  faultTypes: string[];
}

interface Wanted {
  machineKind?: MachineKind;
  faultTypes: string[];
  text?: string;
}

const HAN = /\p{Script=Han}/u;

/**
 * The terms of a work order's text: Latin words of 3 letters or more, and pairs of Chinese characters (Chinese has
 * no spaces between words; a pair is the shortest unit that still means something).
 */
export function terms(text: string): string[] {
  const out = new Set<string>();
  for (const chunk of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!chunk) continue;
    if (HAN.test(chunk)) {
      const chars = [...chunk];
      for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
    } else if (chunk.length >= 3) out.add(chunk);
  }
  return [...out].slice(0, 60);
}

/**
 * Score cases against a work order: the same machine kind 3, each shared fault type 2, each term of its text found
 * in the case's title 1.5 or in its symptom or cause 1. Cases with no shared kind, type or term are left out.
 */
export function rankCases(cases: Candidate[], wanted: Wanted): CaseMatch[] {
  const words = terms(wanted.text ?? '');
  return cases
    .map((c) => {
      const title = c.title.toLowerCase();
      const body = `${c.symptom} ${c.cause}`.toLowerCase();
      let score = c.machineKind === wanted.machineKind ? 3 : 0;
      score += c.faultTypes.filter((type) => wanted.faultTypes.includes(type)).length * 2;
      for (const word of words) score += title.includes(word) ? 1.5 : body.includes(word) ? 1 : 0;
      return { id: c.id, title: c.title, machineKind: c.machineKind, faultTypes: c.faultTypes, score };
    })
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || b.id - a.id);
}
