// Placeholder until this screen lands (replaced in this session).
export function SliderPanel() {
  return null;
}
