// Type guards for values read from jsonb columns and query strings, which may hold anything.

export const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

export const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
