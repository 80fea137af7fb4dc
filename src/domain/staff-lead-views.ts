import type { LeadStatus } from './staff';
import type { AuditView, NoteView } from './staff-views';

/**
 * GET /api/staff/leads/:id (docs/staff-area.md, « Owner leads »): an owner lead with its
 * properties in words, its notes and its audit trail. Written once, for the server that builds
 * it (server/resources/leads/leads.repo.ts) and the lead fiche that reads it.
 */
export interface LeadFiche {
  lead: {
    id: number;
    firstname: string;
    lastname: string;
    email: string;
    phone: string;
    /** How many properties the owner said they sell (questionnaire: 1 to 4 and more). */
    propertyCount: number;
    status: LeadStatus;
    statusLabel: string;
    hunterId: string | null;
    hunterName: string | null;
    createdAt: string;
    /** When the lead first left « nouveau » (the 48-hour promise). */
    contactedAt: string | null;
    /** A status change or an assignment carries it (409 when stale). */
    version: number;
  };
  properties: LeadProperty[];
  notes: NoteView[];
  audit: AuditView[];
}

/** One property of a lead, as the questionnaire captured it, in words. */
export interface LeadProperty {
  id: number;
  /** 'Résidence principale' or 'Investissement locatif'. */
  purpose: string;
  typeBien: string;
  /** 'Ancien' or 'Neuf'. */
  condition: string;
  department: string;
  city: string;
  surface: string;
  rooms: string;
  /** Whole euros, or null when the owner asked for a free valuation. */
  price: number | null;
  priceText: 'estimation gratuite' | null;
  /** The documents the owner said they have, in French. */
  documents: string[];
  description: string;
}
