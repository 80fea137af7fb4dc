/**
 * Rapprochement (issue 31): how well an owner's property fits a buyer's project. Hard filters
 * (place, type, budget) exclude; soft criteria (rooms, surface, floor and lift, works) rank.
 * Every match says why in French, as the hunter reads it on the fiche.
 */
import { cityName } from './arrondissements';
import { formatEuro } from './format';
import { bienTypes, roomCounts, surfaceBands, labelOf, type BienType } from './property';
import { foldForSearch } from './search';

/**
 * How far below the asking price a budget may be and still match: sellers usually accept some
 * negotiation, so a budget 10 % under the price stays a lead worth showing.
 */
export const MATCH_BUDGET_TOLERANCE = 0.1;

/**
 * How far above the asking price a budget may be: a buyer able to pay a third more looks for a
 * larger or better property than this one, and showing them every cheaper lead would bury the
 * ones that fit.
 */
export const MATCH_BUDGET_HEADROOM = 0.3;

/** The budgets that still match an asking price (the server's pre-filter uses them too). */
export function matchingBudgets(price: number): { lowest: number; highest: number } {
  return {
    lowest: Math.ceil(price * (1 - MATCH_BUDGET_TOLERANCE)),
    highest: Math.floor(price * (1 + MATCH_BUDGET_HEADROOM)),
  };
}

/** The asking prices a budget still matches (the inverse of `matchingBudgets`). */
export function matchingPrices(budget: number): { lowest: number; highest: number } {
  return {
    lowest: Math.ceil(budget / (1 + MATCH_BUDGET_HEADROOM)),
    highest: Math.floor(budget / (1 - MATCH_BUDGET_TOLERANCE)),
  };
}

/** What the owner sells, as matching reads it (src/domain/owner-questionnaire.schema.ts). */
export interface MatchLead {
  department: string;
  city: string;
  typeBien: BienType;
  /** null: the owner asked for a valuation ("à estimer"). */
  price: number | null;
  /** Bands 1-5 (src/domain/property.ts). */
  roomCount: number;
  surface: number;
  /** Not asked by today's questionnaire: unknown unless the hunter knows it. */
  floor?: number | null;
  lift?: boolean | null;
  works?: boolean | null;
}

/** What the buyer looks for, as matching reads it (src/domain/buyer-signup.schema.ts). */
export interface MatchProject {
  departments: readonly string[];
  cities: readonly string[];
  typeBien: readonly BienType[];
  budget: number;
  roomCount: number;
  surface: number;
}

export type MatchReasonKind = 'place' | 'type' | 'budget' | 'rooms' | 'surface' | 'floor' | 'works';

export interface MatchReason {
  kind: MatchReasonKind;
  /** French, as shown: « budget 480 000 € pour 520 000 € demandés : −8 % ». */
  text: string;
  /** What this criterion adds to (or takes from) the score. */
  points: number;
}

export type MatchResult =
  | { matches: true; score: number; reasons: MatchReason[] }
  | { matches: false; excludedBy: 'place' | 'type' | 'budget'; reason: string };

/** The points a criterion can give; the score is their sum (higher is better). */
export const MATCH_POINTS = {
  city: 30,
  department: 15,
  budgetWithin: 20,
  budgetNegotiation: 10,
  priceUnknown: 5,
  exact: 10,
  near: 4,
  far: -6,
  floorWithLift: 2,
  highFloorWithoutLift: -8,
  works: -4,
  noWorks: 2,
} as const;

/** Floors from which stairs without a lift count against a property. */
const HIGH_FLOOR = 3;

const NBSP = '\u00a0';
const MINUS = '\u2212';

/** −0.077 → '−8 %' (the typographic minus, a no-break space before %). */
function signedPercent(rate: number): string {
  const rounded = Math.round(rate * 100);
  const sign = rounded < 0 ? MINUS : rounded > 0 ? '+' : '';
  return `${sign}${Math.abs(rounded)}${NBSP}%`;
}

function sameCity(a: string, b: string): boolean {
  return foldForSearch(a.trim()) === foldForSearch(b.trim());
}

function bandReason(
  kind: 'rooms' | 'surface',
  offered: number,
  wanted: number,
  labels: readonly { value: number; label: string }[],
): MatchReason {
  const offeredLabel = labelOf(labels, offered);
  const wantedLabel = labelOf(labels, wanted);
  const gap = Math.abs(offered - wanted);
  if (gap === 0)
    return { kind, text: `${offeredLabel}, comme recherché`, points: MATCH_POINTS.exact };
  return {
    kind,
    text: `${offeredLabel} au lieu de ${wantedLabel}`,
    points: gap === 1 ? MATCH_POINTS.near : MATCH_POINTS.far,
  };
}

function floorName(floor: number): string {
  return floor === 0 ? 'rez-de-chaussée' : floor === 1 ? '1er étage' : `${floor}e étage`;
}

/**
 * Scores one owner lead against one buyer project. `say` false leaves the texts empty: ranking
 * thousands of projects needs only the scores, and the texts of the few kept are made after.
 */
export function matchLeadToProject(
  lead: MatchLead,
  project: MatchProject,
  say = true,
): MatchResult {
  // Place: the city when the buyer named it, else the department.
  const cityMatch = project.cities.some((city) => sameCity(city, lead.city));
  if (!cityMatch && !project.departments.includes(lead.department)) {
    return {
      matches: false,
      excludedBy: 'place',
      reason: `${cityName(lead.city)} (${lead.department}) hors des villes et départements recherchés`,
    };
  }
  const typeLabel = say ? labelOf(bienTypes, lead.typeBien) : '';
  if (!project.typeBien.includes(lead.typeBien)) {
    return {
      matches: false,
      excludedBy: 'type',
      reason: `${typeLabel}${NBSP}: type non recherché`,
    };
  }
  const budgetText = (price: number) =>
    !say
      ? ''
      : `budget ${formatEuro(project.budget)} pour ${formatEuro(price)} demandés${NBSP}: ${signedPercent(
          (project.budget - price) / price,
        )}`;
  if (lead.price !== null) {
    const { lowest, highest } = matchingBudgets(lead.price);
    if (project.budget < lowest || project.budget > highest)
      return { matches: false, excludedBy: 'budget', reason: budgetText(lead.price) };
  }

  const reasons: MatchReason[] = [
    cityMatch
      ? {
          kind: 'place',
          text: say ? `à ${cityName(lead.city)}, ville recherchée` : '',
          points: MATCH_POINTS.city,
        }
      : {
          kind: 'place',
          text: `dans le ${lead.department}, département recherché`,
          points: MATCH_POINTS.department,
        },
    { kind: 'type', text: `${typeLabel} recherché`, points: 0 },
    lead.price === null
      ? { kind: 'budget', text: 'prix à estimer', points: MATCH_POINTS.priceUnknown }
      : {
          kind: 'budget',
          text: budgetText(lead.price),
          points:
            project.budget >= lead.price
              ? MATCH_POINTS.budgetWithin
              : MATCH_POINTS.budgetNegotiation,
        },
    bandReason('rooms', lead.roomCount, project.roomCount, say ? roomCounts : []),
    bandReason('surface', lead.surface, project.surface, say ? surfaceBands : []),
  ];
  if (lead.floor != null) {
    const name = floorName(lead.floor);
    if (lead.lift === true && lead.floor > 0) {
      reasons.push({
        kind: 'floor',
        text: `${name} avec ascenseur`,
        points: MATCH_POINTS.floorWithLift,
      });
    } else if (lead.lift === false && lead.floor >= HIGH_FLOOR) {
      reasons.push({
        kind: 'floor',
        text: `${name} sans ascenseur`,
        points: MATCH_POINTS.highFloorWithoutLift,
      });
    }
  }
  if (lead.works === true) {
    reasons.push({ kind: 'works', text: 'travaux à prévoir', points: MATCH_POINTS.works });
  } else if (lead.works === false) {
    reasons.push({ kind: 'works', text: 'sans travaux', points: MATCH_POINTS.noWorks });
  }
  return { matches: true, score: reasons.reduce((sum, r) => sum + r.points, 0), reasons };
}

/** The items that match, best first (ties keep their order). */
export function rankMatches<T>(
  items: readonly T[],
  score: (item: T) => MatchResult,
): { item: T; score: number; reasons: MatchReason[] }[] {
  const kept: { item: T; score: number; reasons: MatchReason[] }[] = [];
  for (const item of items) {
    const result = score(item);
    if (result.matches) kept.push({ item, score: result.score, reasons: result.reasons });
  }
  return kept.sort((a, b) => b.score - a.score);
}
