/** Île-de-France, as queried from the geography service (spec 9). */
export const REGION_CODE = '11';
/** Departments the company works in (spec 9), in the order the spec lists them. */
export const KEPT_DEPARTMENTS = ['75', '92', '93', '94', '91'] as const;

/** Shapes of geo.api.gouv.fr answers, which the server's /geo mirror reproduces. */
export interface GeoDepartement {
  nom: string;
  code: string;
  codeRegion: string;
}

export interface GeoCommune {
  nom: string;
  code: string;
  codeDepartement: string;
  codesPostaux: string[];
  population?: number;
}
