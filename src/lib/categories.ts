export const CATEGORY_IDS = [
  'consultation_management',
  'workplace_safety',
  'training_education',
  'environment',
  'occupational_health',
  'emergency_crisis',
  'innovation_digital',
  'specialized_services',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];
