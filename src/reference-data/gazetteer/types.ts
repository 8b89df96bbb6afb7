export type CoordinateSource = 'geonames' | 'geonames_fuzzy' | 'approximate';

export type MatchStrategy =
  | 'exact'
  | 'alias'
  | 'other_province'
  | 'seat_table'
  | 'fuzzy_variant'
  | 'fuzzy_affix'
  | 'fuzzy_similarity'
  | 'approximate_postal'
  | 'approximate_province';

export interface GazetteerPlace {
  istatCode: string;
  name: string;
  province: string;
  provinceName: string;
  region: string;
  lat: number;
  lng: number;
  population: number | null;
  postalCodes: string[];
  isProvincialCapital: boolean;
  coordinateSource: CoordinateSource;
}

export interface GazetteerProvince {
  code: string;
  name: string;
  region: string;
  /** Main capital; Barletta-Andria-Trani has three co-capitals, see `capitals`. */
  capital: string;
  capitals: string[];
}

/** One comune that was not matched by exact name, kept for review. */
export interface NonExactMatch {
  istatCode: string;
  name: string;
  province: string;
  strategy: MatchStrategy;
  /** GeoNames name used, or null for approximate coordinates. */
  geonamesName: string | null;
  geonamesProvince: string | null;
  lat: number;
  lng: number;
  /** Distance from the postal-code neighbourhood centroid, when one exists. */
  distanceFromReferenceKm: number | null;
}

export interface GazetteerStats {
  comuni: number;
  provinces: number;
  geonamesRowsItaly: number;
  byStrategy: Record<MatchStrategy, number>;
  bySource: Record<CoordinateSource, number>;
  population: {
    byIstatCode: number;
    byName: number;
    bySuccessorTable: number;
    missing: number;
  };
  nonExactMatches: NonExactMatch[];
}

export interface Gazetteer {
  places: GazetteerPlace[];
  provinces: GazetteerProvince[];
  stats: GazetteerStats;
}
