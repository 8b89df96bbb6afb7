/** A counter the factories share, so that names and e-mail addresses never repeat within a run. */
let sequence = 0;
export const next = (): number => {
  sequence += 1;
  return sequence;
};
